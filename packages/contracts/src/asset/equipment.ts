import { z } from 'zod';
import { text, optionalText, id, optionalId, int, num, flag, oneOf } from '../fields';
import { pageQuery } from '../envelope';

export const EQUIPMENT_STATUSES = [
  { value: 'running', label: '运行' },
  { value: 'stopped', label: '停运' },
  { value: 'maintenance', label: '检修' },
] as const;
export const EQUIPMENT_STATUS_VALUES = ['running', 'stopped', 'maintenance'] as const;
export type EquipmentStatus = (typeof EQUIPMENT_STATUS_VALUES)[number];

export const EQUIPMENT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Largest CT or PT ratio accepted (a 6000/1 A CT is 6000; a 220 kV PT is 2200). */
export const MAX_TRANSFORMER_RATIO = 100_000;

/** A calendar day as YYYY-MM-DD that exists (2024-02-30 is refused). */
export function isValidDay(v: string): boolean {
  if (!DAY_PATTERN.test(v)) return false;
  const [y, m, d] = v.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900 && y <= 2100;
}

export function optionalDay(label: string) {
  return z
    .string({ error: `${label}必须是文本` })
    .trim()
    .refine((v) => v === '' || isValidDay(v), `${label}格式应为YYYY-MM-DD`)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
}

/** A number that may be left empty (stored as null). */
export function optionalNum(label: string, opts: { min?: number; max?: number; positive?: boolean } = {}) {
  let s = num(label, opts);
  if (opts.positive) s = s.refine((v) => v > 0, `${label}必须大于0`);
  return z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v), s.nullable());
}

export function ratio(label: string) {
  return num(label, { max: MAX_TRANSFORMER_RATIO }).refine((v) => v > 0, `${label}必须大于0`);
}

export const EQUIPMENT_SORT_COLUMNS = ['id', 'code', 'name', 'equipmentType', 'stationName', 'createdAt', 'orderNum'] as const;

/** POST /api/pdfznjkpt/bjequipment/pageList (also the query of GET export). */
export const equipmentQuery = pageQuery.extend({
  customerId: optionalId('客户').optional(),
  stationId: optionalId('站点').optional(),
  cabinetId: optionalId('柜体').optional(),
  gatewayId: optionalId('网关').optional(),
  modelId: optionalId('型号').optional(),
  equipmentType: z.string().trim().max(32).optional(),
  status: z.string().trim().max(16).optional(),
  keyword: z.string().trim().max(64).optional(),
});

const equipmentFields = {
  stationId: id('所属站点'),
  cabinetId: optionalId('柜体'),
  gatewayId: optionalId('网关'),
  modelId: id('设备型号'),
  code: text('设备编号', { max: 64 }).regex(EQUIPMENT_CODE_PATTERN, '设备编号只能包含字母、数字、_ 和 -'),
  name: text('设备名称', { max: 100 }),
  commAddress: optionalText('通讯地址', 32),
  ctRatio: ratio('CT变比').default(1),
  ptRatio: ratio('PT变比').default(1),
  /**
   * True when the device reports primary values (it applies CT/PT itself, domain §1 pitfall):
   * the platform then never multiplies again.
   */
  valuesArePrimary: flag('数值是否为一次值').default(true),
  ratedKva: optionalNum('额定容量', { min: 0, max: 1_000_000, positive: true }),
  ratedCurrent: optionalNum('额定电流', { min: 0, max: 100_000, positive: true }),
  manufacturer: optionalText('生产厂家', 100),
  installDate: optionalDay('安装日期'),
  status: oneOf('运行状态', EQUIPMENT_STATUS_VALUES).default('running'),
  orderNum: int('显示顺序', { min: 0, max: 99999 }).default(0),
  remark: optionalText('备注'),
};
/** POST add: creates the equipment and its measuring points from the model's point set. */
export const equipmentAddBody = z.object(equipmentFields);
/**
 * POST edit. Changing the model rebuilds the points and is refused while points have raw rules
 * or alarm configs; changing the gateway moves this equipment's rules to the new gateway.
 */
export const equipmentEditBody = z.object({ id: id('设备'), ...equipmentFields });
/** GET remove?id= */
export const equipmentRemoveQuery = z.object({ id: id('设备') });
/** GET getEquipmentBaseInfos?ids=1,2 */
export const equipmentBaseInfosQuery = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : Array.isArray(v) ? v : []),
    z.array(id('设备')).min(1, '请选择设备').max(500, '一次最多查询500台设备'),
  ),
});

export interface EquipmentRow {
  id: number;
  customerId: number;
  customerName: string;
  stationId: number;
  stationName: string;
  cabinetId: number | null;
  cabinetName: string | null;
  gatewayId: number | null;
  gatewayCode: string | null;
  gatewayName: string | null;
  modelId: number;
  modelCode: string;
  modelName: string;
  code: string;
  name: string;
  equipmentType: string;
  equipmentTypeName: string;
  commAddress: string | null;
  ctRatio: number;
  ptRatio: number;
  valuesArePrimary: boolean;
  ratedKva: number | null;
  ratedCurrent: number | null;
  manufacturer: string | null;
  installDate: string | null;
  status: EquipmentStatus;
  online: boolean;
  lastSeenAt: number | null;
  orderNum: number;
  remark: string | null;
  pointCount: number;
  createdAt: number;
  updatedAt: number;
}

/** Brief facts about many equipment at once (tags, pickers, alarm lists). */
export interface EquipmentBaseInfo {
  id: number;
  code: string;
  name: string;
  equipmentType: string;
  equipmentTypeName: string;
  stationId: number;
  stationName: string;
  cabinetId: number | null;
  cabinetName: string | null;
  modelName: string;
  online: boolean;
}

/** Columns of the import template, in order; `*` marks the required ones. */
export const EQUIPMENT_IMPORT_COLUMNS = [
  { key: 'code', header: '设备编号*', required: true },
  { key: 'name', header: '设备名称*', required: true },
  { key: 'stationCode', header: '所属站点编号*', required: true },
  { key: 'cabinetCode', header: '柜体编号', required: false },
  { key: 'gatewayCode', header: '网关编号', required: false },
  { key: 'modelCode', header: '设备型号编码*', required: true },
  { key: 'commAddress', header: '通讯地址', required: false },
  { key: 'ctRatio', header: 'CT变比', required: false },
  { key: 'ptRatio', header: 'PT变比', required: false },
  { key: 'ratedKva', header: '额定容量(kVA)', required: false },
  { key: 'manufacturer', header: '生产厂家', required: false },
  { key: 'installDate', header: '安装日期', required: false },
  { key: 'remark', header: '备注', required: false },
] as const;
export type EquipmentImportField = (typeof EQUIPMENT_IMPORT_COLUMNS)[number]['key'];
export const EQUIPMENT_IMPORT_MAX_ROWS = 5000;

/** One problem of an import file: the spreadsheet row number, the column title and why. */
export interface ImportRowError {
  row: number;
  field: string;
  reason: string;
}

/** 400 answer of equipmentExcelImport: `data.errors` lists every bad row; nothing was imported. */
export interface EquipmentImportFailure {
  errors: ImportRowError[];
}

export interface EquipmentImportResult {
  imported: number;
  points: number;
}
