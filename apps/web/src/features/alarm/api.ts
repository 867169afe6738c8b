import { useQuery } from '@tanstack/react-query';
import type { AlarmConfirmResult, AlarmPrefs, AlarmQuery, AlarmRow, AlarmStatsRow, AlarmSummary, Page } from '@pdz/contracts';
import { get, post } from '@/api/request';

/**
 * Alarm calls (contracts alarm.ts). Every alarm query lives under ALARM_KEY so a confirmation
 * (or a live event that cannot be merged) refreshes lists, summary and statistics at once.
 */
export const ALARM_KEY = ['alarm'] as const;
export const ALARM_EVENTS_KEY = [...ALARM_KEY, 'event'] as const;
export const ALARM_SUMMARY_KEY = [...ALARM_KEY, 'summary'] as const;
export const ALARM_STATS_KEY = [...ALARM_KEY, 'stats'] as const;
/** Preferences are the user's own, not alarm data: kept apart so confirming does not refetch them. */
export const ALARM_PREFS_KEY = ['alarmPrefs'] as const;

export const ALARM_EXPORT_URL = '/api/alarm/event/export';

export type AlarmListParams = Partial<Omit<AlarmQuery, 'pageNum' | 'pageSize'>> & { pageNum: number; pageSize: number };

export const fetchAlarms = (params: AlarmListParams) => get<Page<AlarmRow>>('/api/alarm/event/pageList', params);
export const fetchAlarm = (id: number) => get<AlarmRow>(`/api/alarm/event/getById/${id}`);
export const confirmAlarms = (ids: number[], note: string) => post<AlarmConfirmResult>('/api/alarm/event/confirm', { ids, note });
export const fetchSummary = () => get<AlarmSummary>('/api/alarm/summary');

export interface StatsParams {
  from: number;
  to: number;
  groupBy: 'station' | 'level' | 'type' | 'day' | 'equipment';
  customerId?: number;
  stationId?: number;
}
export const fetchStats = (params: StatsParams) => get<AlarmStatsRow[]>('/api/alarm/stats', params);

export const fetchPrefs = () => get<AlarmPrefs>('/api/alarm/prefs');
export const savePrefs = (prefs: AlarmPrefs) => post<AlarmPrefs>('/api/alarm/prefs', prefs);

/** Counts per level for the strip above the alarm lists (and the notifier's "today"). */
export function useAlarmSummary(enabled = true) {
  return useQuery({ queryKey: ALARM_SUMMARY_KEY, queryFn: fetchSummary, enabled, staleTime: 10_000 });
}

export function useAlarmStats(params: StatsParams | null) {
  return useQuery({
    queryKey: [...ALARM_STATS_KEY, params],
    queryFn: () => fetchStats(params!),
    enabled: params !== null,
  });
}

/** The signed-in user's sound preference; until it loads the sound is on (an alarm must be heard). */
export function useAlarmPrefs(enabled = true) {
  return useQuery({ queryKey: ALARM_PREFS_KEY, queryFn: fetchPrefs, enabled, staleTime: Infinity, retry: false });
}
