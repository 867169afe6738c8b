import { useQuery } from '@tanstack/react-query';
import type { PointRow, RealTimeTag } from '@pdz/contracts';
import { get, post } from '@/api/request';

/** The points of one equipment live under [...POINT_KEY, equipmentId]. */
export const POINT_KEY = ['asset', 'point'] as const;
export const pointKeyOf = (equipmentId: number) => [...POINT_KEY, equipmentId] as const;

export interface PointEditBody {
  id: number;
  name: string;
  unit: string | null;
  precision: number;
  isTag: boolean;
  enabled: boolean;
  ratio: PointRow['ratio'];
  orderNum?: number;
}

export const fetchPoints = (equipmentId: number) => get<PointRow[]>(`/api/bjPoint/selectMeasuringPointListByBjId/${equipmentId}`);
export const editPoint = (body: PointEditBody) => post<null>('/api/bjPoint/edit', body);
export const removePoints = (ids: number[], withRules: boolean) => post<null>('/api/bjPoint/remove', { ids, withRules });
export const setRealTimeTags = (equipmentId: number, pointIds: number[]) => post<RealTimeTag[]>('/api/assetMaintenance/realTimeDataTagByBj', { equipmentId, pointIds });
export const fetchRealTimeTags = (equipmentId: number) => get<RealTimeTag[]>('/api/assetMaintenance/getRealTimeDataTagByBj', { id: equipmentId });

export function usePoints(equipmentId: number | undefined) {
  return useQuery({ queryKey: pointKeyOf(equipmentId ?? 0), queryFn: () => fetchPoints(equipmentId!), enabled: equipmentId !== undefined });
}
