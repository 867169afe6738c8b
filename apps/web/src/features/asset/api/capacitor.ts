import { useQuery } from '@tanstack/react-query';
import type { CapacitorRow, Page } from '@pdz/contracts';
import { get, post } from '@/api/request';
import type { ListParams } from '@/components/crud';

export const CAPACITOR_KEY = ['asset', 'capacitor'] as const;
export const CAPACITOR_EXPORT_URL = '/api/pdfznjkpt/tfcapacitor/export';

export interface CapacitorFormValues {
  stationId: number;
  cabinetId?: number | null;
  equipmentId?: number | null;
  code: string;
  name: string;
  capacityKvar: number;
  steps: number;
  ratedVoltageKv: number;
  connection: CapacitorRow['connection'];
  manufacturer?: string | null;
  installDate?: string | null;
  remark?: string | null;
}

export const fetchCapacitors = (params: ListParams) => get<Page<CapacitorRow>>('/api/pdfznjkpt/tfcapacitor/list', params);
export const fetchCapacitor = (id: number) => get<CapacitorRow>(`/api/pdfznjkpt/tfcapacitor/getById/${id}`);
export const addCapacitor = (body: CapacitorFormValues) => post<{ id: number }>('/api/pdfznjkpt/tfcapacitor/add', body);
export const editCapacitor = (body: CapacitorFormValues & { id: number }) => post<null>('/api/pdfznjkpt/tfcapacitor/edit', body);
export const removeCapacitor = (id: number) => get<null>('/api/pdfznjkpt/tfcapacitor/remove', { id });

export function useCapacitorDetail(id: number | undefined) {
  return useQuery({ queryKey: [...CAPACITOR_KEY, 'detail', id], queryFn: () => fetchCapacitor(id!), enabled: id !== undefined, staleTime: 0 });
}
