import { z } from 'zod';
import { text, optionalText, optionalId, id, int, oneOf } from '../fields';
import { pageQuery } from '../envelope';
import { assetCode } from './customer';
import { optionalDay } from './equipment';

/** Cabinet types (柜体类型), stored as codes; the dictionary dict_cabinet_type holds the same list. */
export const CABINET_TYPES = [
  { value: 'incoming', label: '进线柜' },
  { value: 'outgoing', label: '出线柜' },
  { value: 'metering', label: '计量柜' },
  { value: 'pt', label: 'PT柜' },
  { value: 'bus_tie', label: '联络柜' },
  { value: 'capacitor', label: '电容补偿柜' },
  { value: 'transformer', label: '变压器柜' },
  { value: 'lv_switch', label: '低压开关柜' },
  { value: 'distribution', label: '配电箱' },
  { value: 'dc_panel', label: '直流屏' },
] as const;
export const CABINET_TYPE_VALUES = ['incoming', 'outgoing', 'metering', 'pt', 'bus_tie', 'capacitor', 'transformer', 'lv_switch', 'distribution', 'dc_panel'] as const;
export type CabinetType = (typeof CABINET_TYPE_VALUES)[number];
export const DICT_CABINET_TYPE = 'dict_cabinet_type';

export function cabinetTypeLabel(v: string): string {
  return CABINET_TYPES.find((t) => t.value === v)?.label ?? v;
}

export const CABINET_SORT_COLUMNS = ['id', 'code', 'name', 'cabinetType', 'stationName', 'orderNum', 'createdAt'] as const;

/** GET /api/cabinet/pageList (also the query of GET /api/cabinet/export). */
export const cabinetQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  customerId: optionalId('客户').optional(),
  stationId: optionalId('站点').optional(),
  bayId: optionalId('间隔').optional(),
  cabinetType: z.string().trim().max(32).optional(),
});

const cabinetFields = {
  stationId: id('所属站点'),
  /** Empty: the cabinet stands directly under the station. */
  bayId: optionalId('所属间隔'),
  code: assetCode('柜体编号'),
  name: text('柜体名称', { max: 100 }),
  cabinetType: oneOf('柜体类型', CABINET_TYPE_VALUES),
  voltageLevel: optionalText('电压等级', 16),
  model: optionalText('柜体型号', 64),
  manufacturer: optionalText('生产厂家', 100),
  commissionDate: optionalDay('投运日期'),
  orderNum: int('显示顺序', { min: 0, max: 99999 }).default(0),
  remark: optionalText('备注'),
};
export const cabinetAddBody = z.object(cabinetFields);
export const cabinetEditBody = z.object({ id: id('柜体'), ...cabinetFields });

export interface CabinetRow {
  id: number;
  customerId: number;
  customerName: string;
  stationId: number;
  stationName: string;
  bayId: number | null;
  bayName: string | null;
  code: string;
  name: string;
  cabinetType: string;
  cabinetTypeName: string;
  voltageLevel: string | null;
  model: string | null;
  manufacturer: string | null;
  commissionDate: string | null;
  orderNum: number;
  remark: string | null;
  equipmentCount: number;
  createdAt: number;
  updatedAt: number;
}
