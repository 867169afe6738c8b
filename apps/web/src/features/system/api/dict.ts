import { useQuery } from '@tanstack/react-query';
import type { DictDetailRow, DictTypeRow, Page } from '@pdz/contracts';
import { del, get, post, put } from '@/api/request';
import type { ListParams } from '@/components/crud';

/** Types and items; the console's dictionary cache (useDict, key ['dict', type]) is refreshed too. */
export const DICT_KEY = ['system', 'dict'] as const;
export const DICT_CACHE_KEY = ['dict'] as const;

export interface DictTypeFormValues {
  dictName: string;
  dictType: string;
  enabled: boolean;
  remark?: string | null;
}

export interface DictDetailFormValues {
  dictType: string;
  dictLabel: string;
  dictValue: string;
  dictSort: number;
  listClass?: string | null;
  isDefault: boolean;
  enabled: boolean;
  remark?: string | null;
}

export const fetchDictTypes = (params: ListParams) => get<Page<DictTypeRow>>('/api/system/dict/type/pageList', params);
export const fetchDictType = (id: number) => get<DictTypeRow>(`/api/system/dict/type/getById/${id}`);
export const addDictType = (body: DictTypeFormValues) => post<{ id: number }>('/api/system/dict/type/add', body);
export const editDictType = (body: DictTypeFormValues & { id: number }) => post<null>('/api/system/dict/type/edit', body);
export const removeDictTypes = (ids: number[]) => get<null>('/api/system/dict/type/remove', { ids: ids.join(',') });

export const fetchDictData = (params: ListParams) => get<Page<DictDetailRow>>('/api/system/dict/data/pageList', params);
/** Spec §7: the dictionary detail calls keep their original REST paths. */
export const addDictDetail = (body: DictDetailFormValues) => post<{ id: number }>('/api/dictDetail', body);
export const editDictDetail = (body: DictDetailFormValues & { id: number }) => put<null>('/api/dictDetail', body);
export const removeDictDetail = (id: number) => del<null>(`/api/dictDetail/${id}`);

export function useDictTypeDetail(id: number | undefined) {
  return useQuery({ queryKey: [...DICT_KEY, 'type', id], queryFn: () => fetchDictType(id!), enabled: id !== undefined, staleTime: 0 });
}
