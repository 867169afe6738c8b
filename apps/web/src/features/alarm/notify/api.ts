import { useQuery } from '@tanstack/react-query';
import type { AlarmChannel, DeliveryRow, NotifyConfig, NotifyConfigInput, Page } from '@pdz/contracts';
import { get, post } from '@/api/request';
import type { ListParams } from '@/components/crud';

/** Settings and delivery records of 通知设置; a save or a test send invalidates it. */
export const NOTIFY_KEY = ['alarm', 'notify'] as const;
export const DELIVERY_KEY = [...NOTIFY_KEY, 'deliveries'] as const;

export const fetchNotifyConfig = () => get<NotifyConfig>('/api/alarm/notify/config');
export const saveNotifyConfig = (body: NotifyConfigInput) => post<NotifyConfig>('/api/alarm/notify/config', body);
/** Sends one test message now with the saved settings; a refusal arrives as an error with its reason. */
export const testNotify = (body: { channel: AlarmChannel; to?: string }) => post<DeliveryRow>('/api/alarm/notify/test', body);
export const fetchDeliveries = (params: ListParams) => get<Page<DeliveryRow>>('/api/alarm/notify/deliveries', params);

export function useNotifyConfig() {
  return useQuery({ queryKey: [...NOTIFY_KEY, 'config'], queryFn: fetchNotifyConfig, staleTime: 0 });
}
