import type { AuditRow } from './system/audit';

/** GET /api/dashboard/summary: what the platform knows today. */
export interface DashboardSummary {
  users: { total: number; enabled: number };
  roles: number;
  depts: number;
  signInsToday: number;
  signInFailuresToday: number;
  activeSessions: number;
  unconfirmedMessages: number;
  signInsByDay: { day: string; ok: number; failed: number }[];
  recentAudit: AuditRow[];
}
