import { useQuery } from '@tanstack/react-query';
import axios from 'axios';
import type { EquipmentImportResult, EquipmentRow, EquipmentStatus, ImportRowError, Page } from '@pdz/contracts';
import { get, http, post, request } from '@/api/request';
import type { ListParams } from '@/components/crud';
import { importErrorsOf } from '../components/equipmentImport';

/** Every equipment query lives under this key; every equipment mutation invalidates it. */
export const EQUIPMENT_KEY = ['asset', 'equipment'] as const;
/** What else shows equipment: the asset tree and the counts of cabinets and gateways. */
export const EQUIPMENT_DEPENDENT_KEYS = [['asset', 'tree'], ['asset', 'cabinet'], ['asset', 'gateway'], ['asset', 'model']] as const;
export const EQUIPMENT_EXPORT_URL = '/api/pdfznjkpt/bjequipment/export';
export const EQUIPMENT_TEMPLATE_URL = '/api/pdfznjkpt/bjequipment/importTemplate';
export const EQUIPMENT_IMPORT_URL = '/api/pdfznjkpt/bjequipment/equipmentExcelImport';

export interface EquipmentFormValues {
  stationId: number;
  cabinetId?: number | null;
  gatewayId?: number | null;
  modelId: number;
  code: string;
  name: string;
  commAddress?: string | null;
  ctRatio: number;
  ptRatio: number;
  valuesArePrimary: boolean;
  ratedKva?: number | null;
  ratedCurrent?: number | null;
  manufacturer?: string | null;
  installDate?: string | null;
  status: EquipmentStatus;
  orderNum: number;
  remark?: string | null;
}

export const fetchEquipmentPage = (params: ListParams) => post<Page<EquipmentRow>>('/api/pdfznjkpt/bjequipment/pageList', params);
export const fetchEquipment = (id: number) => get<EquipmentRow>(`/api/pdfznjkpt/bjequipment/getById/${id}`);
export const addEquipment = (body: EquipmentFormValues) => post<{ id: number; points: number }>('/api/pdfznjkpt/bjequipment/add', body);
export const editEquipment = (body: EquipmentFormValues & { id: number }) => post<null>('/api/pdfznjkpt/bjequipment/edit', body);
export const removeEquipment = (id: number) => get<null>('/api/pdfznjkpt/bjequipment/remove', { id });

/** The import was refused: every bad row of the file, nothing imported. */
export class ImportRejectedError extends Error {
  constructor(
    message: string,
    readonly errors: ImportRowError[],
  ) {
    super(message);
  }
}

/**
 * POST the workbook. The client turns a 400 into a RequestError that keeps only the message, so
 * the answer body is captured on its way through (transformResponse runs before the
 * interceptors) to get at `data.errors`, the per-row report.
 */
export async function importEquipment(file: File): Promise<EquipmentImportResult> {
  const form = new FormData();
  form.append('file', file);
  let body: unknown;
  const defaults = http.defaults.transformResponse ?? axios.defaults.transformResponse ?? [];
  try {
    return await request<EquipmentImportResult>({
      method: 'POST',
      url: EQUIPMENT_IMPORT_URL,
      data: form,
      type: 'file',
      transformResponse: [
        ...(Array.isArray(defaults) ? defaults : [defaults]),
        (data: unknown) => {
          body = data;
          return data;
        },
      ],
    });
  } catch (err) {
    const errors = importErrorsOf(body);
    if (errors) throw new ImportRejectedError(err instanceof Error ? err.message : '导入失败', errors);
    throw err;
  }
}

export function useEquipmentDetail(id: number | undefined) {
  return useQuery({ queryKey: [...EQUIPMENT_KEY, 'detail', id], queryFn: () => fetchEquipment(id!), enabled: id !== undefined, staleTime: 0 });
}

/** Equipment of one station and type, for pickers (e.g. a capacitor bank's controller). */
export function useEquipmentOptions(stationId: number | undefined, equipmentType?: string) {
  return useQuery({
    queryKey: [...EQUIPMENT_KEY, 'options', stationId, equipmentType],
    queryFn: async () => (await fetchEquipmentPage({ pageNum: 1, pageSize: 500, stationId, equipmentType, orderBy: 'code', order: 'asc' })).list,
    enabled: stationId !== undefined,
  });
}
