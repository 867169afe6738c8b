import dayjs, { type Dayjs } from 'dayjs';
import type { EquipmentRow, EquipmentStatus } from '@pdz/contracts';
import type { EquipmentFormValues } from '../api/equipment';
import { parseRatio } from './equipmentRatio';

/** The form's own values: the install date is a dayjs while the dialog is open. */
export interface EquipmentFormFields extends Omit<EquipmentFormValues, 'installDate' | 'ctRatio' | 'ptRatio'> {
  installDate?: Dayjs | null;
  ctRatio?: number | string | null;
  ptRatio?: number | string | null;
}

/** Types whose points are scaled by transformer ratios (meters and the capacitor controller). */
const RATIO_TYPES = new Set(['meter', 'circuit_meter', 'capacitor']);
/** Types with a rated current worth recording (overload alarms compare against it). */
const CURRENT_TYPES = new Set(['meter', 'circuit_meter', 'breaker', 'transformer']);

export const showsRatios = (type: string | undefined) => !type || RATIO_TYPES.has(type);
export const showsRatedCurrent = (type: string | undefined) => !type || CURRENT_TYPES.has(type);
/** 额定容量 (kVA) belongs to transformers: the load rate β = S / S_rated (domain §5). */
export const showsRatedKva = (type: string | undefined) => type === 'transformer';

export function equipmentFormInitial(row?: EquipmentRow, preset: Partial<EquipmentFormFields> = {}): Partial<EquipmentFormFields> {
  if (!row) return { ctRatio: 1, ptRatio: 1, valuesArePrimary: true, status: 'running' as EquipmentStatus, orderNum: 0, ...preset };
  return {
    stationId: row.stationId,
    cabinetId: row.cabinetId,
    gatewayId: row.gatewayId,
    modelId: row.modelId,
    code: row.code,
    name: row.name,
    commAddress: row.commAddress,
    ctRatio: row.ctRatio,
    ptRatio: row.ptRatio,
    valuesArePrimary: row.valuesArePrimary,
    ratedKva: row.ratedKva,
    ratedCurrent: row.ratedCurrent,
    manufacturer: row.manufacturer,
    installDate: row.installDate ? dayjs(row.installDate) : null,
    status: row.status,
    orderNum: row.orderNum,
    remark: row.remark,
  };
}

const blank = <T,>(v: T | undefined | null | '') => (v === undefined || v === '' ? null : v);

/**
 * Form values → POST add/edit body. Fields the chosen type does not show are sent as their
 * neutral values (ratio 1, no rated kVA), so a value typed before switching the model to a
 * sensor is not saved unseen. A ratio typed as "500/5" arrives here already as 100, but a raw
 * fraction is parsed again for safety.
 */
export function equipmentRequest(v: EquipmentFormFields, equipmentType: string | undefined): EquipmentFormValues {
  const ratios = showsRatios(equipmentType);
  return {
    stationId: v.stationId,
    cabinetId: blank(v.cabinetId),
    gatewayId: blank(v.gatewayId),
    modelId: v.modelId,
    code: v.code.trim(),
    name: v.name.trim(),
    commAddress: blank(v.commAddress?.trim()),
    ctRatio: ratios ? (parseRatio(v.ctRatio ?? 1) ?? 1) : 1,
    ptRatio: ratios ? (parseRatio(v.ptRatio ?? 1) ?? 1) : 1,
    valuesArePrimary: ratios ? (v.valuesArePrimary ?? true) : true,
    ratedKva: showsRatedKva(equipmentType) ? blank(v.ratedKva) : null,
    ratedCurrent: showsRatedCurrent(equipmentType) ? blank(v.ratedCurrent) : null,
    manufacturer: blank(v.manufacturer?.trim()),
    installDate: v.installDate ? v.installDate.format('YYYY-MM-DD') : null,
    status: v.status ?? 'running',
    orderNum: v.orderNum ?? 0,
    remark: blank(v.remark?.trim()),
  };
}
