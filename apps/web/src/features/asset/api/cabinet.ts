import { useQuery } from '@tanstack/react-query';
import type { CabinetRow, Page } from '@pdz/contracts';
import { get, post } from '@/api/request';
import type { ListParams } from '@/components/crud';

export const CABINET_KEY = ['asset', 'cabinet'] as const;
export const CABINET_EXPORT_URL = '/api/cabinet/export';

export interface CabinetFormValues {
  stationId: number;
  bayId: number | null;
  code: string;
  name: string;
  cabinetType: string;
  voltageLevel: string | null;
  model: string | null;
  manufacturer: string | null;
  /** YYYY-MM-DD */
  commissionDate: string | null;
  orderNum: number;
  remark: string | null;
}

export const fetchCabinets = (params: ListParams) => get<Page<CabinetRow>>('/api/cabinet/pageList', params);
export const fetchCabinet = (id: number) => get<CabinetRow>(`/api/cabinet/pg/${id}`);
export const addCabinet = (body: CabinetFormValues) => post<{ id: number }>('/api/cabinet/add', body);
export const editCabinet = (body: CabinetFormValues & { id: number }) => post<null>('/api/cabinet/edit', body);
export const removeCabinets = (ids: number[]) => get<null>('/api/cabinet/remove', { ids: ids.join(',') });

export function useCabinetDetail(id: number | undefined) {
  return useQuery({ queryKey: [...CABINET_KEY, 'detail', id], queryFn: () => fetchCabinet(id!), enabled: id !== undefined, staleTime: 0 });
}

/** The cabinets of one station, for the camera, equipment and capacitor forms and filters. */
export function useStationCabinets(stationId: number | null | undefined) {
  return useQuery({
    queryKey: [...CABINET_KEY, 'ofStation', stationId],
    queryFn: () => fetchCabinets({ pageNum: 1, pageSize: 500, stationId, orderBy: 'orderNum', order: 'asc' }).then((p) => p.list),
    enabled: !!stationId,
  });
}
