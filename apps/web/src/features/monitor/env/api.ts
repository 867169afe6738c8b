import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { HistoryResolution, HistoryResult, MonitorEquipmentDetail, MonitorSensorQuery, SensorResult } from '@pdz/contracts';
import { get } from '@/api/request';

/** Every read of these pages lives under this key. */
export const MONITOR_ENV_KEY = ['monitor', 'env'] as const;

export const fetchClimate = (q: MonitorSensorQuery) => get<SensorResult>('/api/monitor/climate', q);
export const fetchEnvironment = (q: MonitorSensorQuery) => get<SensorResult>('/api/monitor/environment', q);
export const fetchEquipmentDetail = (id: number) => get<MonitorEquipmentDetail>(`/api/monitor/equipment/${id}`);

export interface HistoryParams {
  pointIds: number[];
  from: number;
  to: number;
  resolution: HistoryResolution;
}
/** GET: the chart's series as xlsx (same query as the history call). */
export const HISTORY_EXPORT_URL = '/api/monitor/history/export';
export const fetchHistory = (p: HistoryParams) => get<HistoryResult>('/api/telemetry/history', { ...p, pointIds: p.pointIds.join(',') });

const clean = (q: MonitorSensorQuery) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== null && v !== '')) as MonitorSensorQuery;

/** Sensor lists change only when assets change; live values come over the websocket. */
export function useClimate(q: MonitorSensorQuery) {
  const params = clean(q);
  return useQuery({ queryKey: [...MONITOR_ENV_KEY, 'climate', params], queryFn: () => fetchClimate(params), placeholderData: keepPreviousData, refetchInterval: 5 * 60_000 });
}

export function useEnvironment(q: MonitorSensorQuery) {
  const params = clean(q);
  return useQuery({ queryKey: [...MONITOR_ENV_KEY, 'environment', params], queryFn: () => fetchEnvironment(params), placeholderData: keepPreviousData });
}

export function useEquipmentDetail(id: number | undefined) {
  return useQuery({ queryKey: [...MONITOR_ENV_KEY, 'equipment', id], queryFn: () => fetchEquipmentDetail(id!), enabled: id !== undefined, retry: false });
}

/** One chart's history; the previous answer stays drawn while the next loads. */
export function useHistory(p: HistoryParams | undefined) {
  return useQuery({
    queryKey: [...MONITOR_ENV_KEY, 'history', p],
    queryFn: () => fetchHistory(p!),
    enabled: !!p && p.pointIds.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
