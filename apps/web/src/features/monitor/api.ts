import { useQuery } from '@tanstack/react-query';
import type { AlarmRow, MonitorDeviceRow, MonitorStationLayout, MonitorStationRow, Page } from '@pdz/contracts';
import { get } from '@/api/request';
import type { ListParams } from '@/components/crud';

/** Every 监控中心 overview query lives under this key. */
export const MONITOR_KEY = ['monitor'] as const;
/**
 * Figures that the websocket does not carry (counts, today's energy, alarm totals) are re-read
 * this often; live values and comm states move through the realtime client in between.
 */
export const FIGURES_REFRESH_MS = 30_000;

export interface StationFilter {
  customerId?: number;
  keyword?: string;
}

export const fetchStations = (q: StationFilter = {}) => get<MonitorStationRow[]>('/api/monitor/stations', q);
export const fetchStationLayout = (id: number) => get<MonitorStationLayout>(`/api/monitor/station/${id}`);
export const fetchDevices = (params: ListParams) => get<Page<MonitorDeviceRow>>('/api/monitor/devices', params);
export const fetchActiveAlarms = (stationId: number, pageSize = 20) =>
  get<Page<AlarmRow>>('/api/alarm/event/pageList', { active: 'true', stationId, pageNum: 1, pageSize, orderBy: 'raisedAt', order: 'desc' });

/** Every station in scope with its figures (also the station pickers of these screens). */
export function useMonitorStations(q: StationFilter = {}, opts: { refresh?: boolean } = {}) {
  return useQuery({
    queryKey: [...MONITOR_KEY, 'stations', q],
    queryFn: () => fetchStations(q),
    staleTime: 10_000,
    refetchInterval: opts.refresh ? FIGURES_REFRESH_MS : false,
  });
}

export function useStationLayout(id: number | undefined) {
  return useQuery({
    queryKey: [...MONITOR_KEY, 'station', id],
    queryFn: () => fetchStationLayout(id!),
    enabled: id !== undefined,
    refetchInterval: FIGURES_REFRESH_MS,
  });
}

/** The station's alarms that are not closed, newest first (only asked with the alarm list permission). */
export function useActiveAlarms(stationId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...MONITOR_KEY, 'alarms', stationId],
    queryFn: () => fetchActiveAlarms(stationId!),
    enabled: enabled && stationId !== undefined,
    refetchInterval: FIGURES_REFRESH_MS,
  });
}
