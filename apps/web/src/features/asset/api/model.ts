import { useQuery } from '@tanstack/react-query';
import type { EquipmentModelDetail, EquipmentModelRow, ModelPointInput, Page, PointTreeNode } from '@pdz/contracts';
import { get, post } from '@/api/request';
import type { ListParams } from '@/components/crud';

/** Every model query lives under this key; every model mutation invalidates it. */
export const MODEL_KEY = ['asset', 'model'] as const;
/** The list's filters and sort as query parameters (the list itself is a POST). */
export const MODEL_EXPORT_URL = '/api/pdfznjkpt/bjxh/export';

export interface ModelFormValues {
  code: string;
  name: string;
  equipmentType: string;
  manufacturer?: string | null;
  description?: string | null;
}

export type ModelPointValues = Omit<ModelPointInput, 'id'> & { id?: number };

export const fetchModels = (params: ListParams) => post<Page<EquipmentModelRow>>('/api/pdfznjkpt/bjxh/select', params);
export const fetchModel = (id: number) => get<EquipmentModelDetail>(`/api/pdfznjkpt/bjxh/getById/${id}`);
export const addModel = (body: ModelFormValues & { points: ModelPointValues[] }) => post<{ id: number }>('/api/pdfznjkpt/bjxh/add', body);
export const editModel = (body: ModelFormValues & { id: number }) => post<null>('/api/pdfznjkpt/bjxh/edit', body);
export const saveModelPoints = (modelId: number, points: ModelPointValues[]) => post<EquipmentModelDetail>('/api/pdfznjkpt/bjxh/savePoints', { modelId, points });
export const removeModel = (id: number) => get<null>('/api/pdfznjkpt/bjxh/remove', { id });
export const fetchModelPointTree = (id?: number) => get<PointTreeNode[]>('/api/bjPoint/bjxhPointTreeData', id ? { id } : {});

export function useModelDetail(id: number | undefined) {
  return useQuery({ queryKey: [...MODEL_KEY, 'detail', id], queryFn: () => fetchModel(id!), enabled: id !== undefined, staleTime: 0 });
}

/**
 * Every model for pickers (the equipment form and query bar). A fleet has tens of models, not
 * thousands, so one page of 500 is all of them.
 */
export function useModelOptions(enabled = true) {
  return useQuery({
    queryKey: [...MODEL_KEY, 'options'],
    queryFn: async () => (await fetchModels({ pageNum: 1, pageSize: 500, orderBy: 'code', order: 'asc' })).list,
    enabled,
    staleTime: 60_000,
  });
}
