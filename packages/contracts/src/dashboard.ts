import type { AuditRow } from './system/audit';

/**
 * GET /api/dashboard/summary: what the platform knows today. `users` counts within the caller's
 * data scope; "today" and `signInsByDay` (7 days, oldest first, `day` = YYYY-MM-DD) use the
 * configured zone (China time); `recentAudit` is empty unless the caller may read the audit log.
 */
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
