import { useQuery } from '@tanstack/react-query';
import type { DashboardSummary } from '@pdz/contracts';
import { get } from '@/api/request';

export const dashboardKey = ['dashboard', 'summary'] as const;

export const fetchSummary = () => get<DashboardSummary>('/api/dashboard/summary');

/** Refreshed every minute while the dashboard is open: sessions and sign-ins move during the day. */
export const SUMMARY_REFRESH_MS = 60_000;

export function useDashboardSummary() {
  return useQuery({ queryKey: dashboardKey, queryFn: fetchSummary, refetchInterval: SUMMARY_REFRESH_MS });
}
