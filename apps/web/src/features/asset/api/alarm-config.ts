import { useQuery } from '@tanstack/react-query';
import type { AlarmConfigInfo, AlarmTemplateRule } from '@pdz/contracts';
import { get, post } from '@/api/request';
import type { AlarmSaveRequest } from '../components/alarmRules';

/** The alarm config of one equipment lives under [...ALARM_CONFIG_KEY, equipmentId]. */
export const ALARM_CONFIG_KEY = ['asset', 'alarmConfig'] as const;
export const alarmConfigKeyOf = (equipmentId: number) => [...ALARM_CONFIG_KEY, equipmentId] as const;

export const fetchAlarmConfig = (equipmentId: number) => get<AlarmConfigInfo>(`/api/device/alarmConfig/info/${equipmentId}`);
/** Replaces the rules of one target (the equipment, or one of its points) in one transaction. */
export const saveAlarmConfig = (body: AlarmSaveRequest) => post<AlarmConfigInfo>('/api/device/alarmConfig/save', body);
export const fetchAlarmTemplate = (equipmentId: number) => get<AlarmTemplateRule[]>(`/api/device/alarmConfig/template/${equipmentId}`);
export const applyAlarmTemplate = (equipmentId: number) => post<AlarmConfigInfo>('/api/device/alarmConfig/applyTemplate', { equipmentId });

export function useAlarmConfig(equipmentId: number | undefined) {
  return useQuery({ queryKey: alarmConfigKeyOf(equipmentId ?? 0), queryFn: () => fetchAlarmConfig(equipmentId!), enabled: equipmentId !== undefined, staleTime: 0 });
}
