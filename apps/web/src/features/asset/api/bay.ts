import { useQuery } from '@tanstack/react-query';
import type { BayRow, Page } from '@pdz/contracts';
import { get, post } from '@/api/request';
import type { ListParams } from '@/components/crud';

export const BAY_KEY = ['asset', 'bay'] as const;
export const BAY_EXPORT_URL = '/api/bay/export';

export interface BayFormValues {
  stationId: number;
  code: string;
  name: string;
  voltageLevel: string | null;
  orderNum: number;
  remark: string | null;
}

export const fetchBays = (params: ListParams) => get<Page<BayRow>>('/api/bay/pageList', params);
export const fetchBay = (id: number) => get<BayRow>(`/api/bay/selectById/${id}`);
export const addBay = (body: BayFormValues) => post<{ id: number }>('/api/bay/add', body);
export const editBay = (body: BayFormValues & { id: number }) => post<null>('/api/bay/edit', body);
export const removeBays = (ids: number[]) => get<null>('/api/bay/remove', { ids: ids.join(',') });

export function useBayDetail(id: number | undefined) {
  return useQuery({ queryKey: [...BAY_KEY, 'detail', id], queryFn: () => fetchBay(id!), enabled: id !== undefined, staleTime: 0 });
}

/** The bays of one station, for the cabinet form's 所属间隔. */
export function useStationBays(stationId: number | null | undefined) {
  return useQuery({
    queryKey: [...BAY_KEY, 'ofStation', stationId],
    queryFn: () => fetchBays({ pageNum: 1, pageSize: 500, stationId, orderBy: 'orderNum', order: 'asc' }).then((p) => p.list),
    enabled: !!stationId,
  });
}
