import { z } from 'zod';
import { text, optionalText, optionalPhone, optionalId, id, int, oneOf } from '../fields';
import { pageQuery } from '../envelope';
import { assetCode } from './customer';
import { optionalDay, optionalNum } from './equipment';

/** Station types (站点类型), stored as codes; the dictionary dict_station_type holds the same list. */
export const STATION_TYPES = [
  { value: 'station', label: '配电站' },
  { value: 'room', label: '配电房' },
  { value: 'box', label: '箱式变电站' },
  { value: 'switching', label: '开闭所' },
] as const;
export const STATION_TYPE_VALUES = ['station', 'room', 'box', 'switching'] as const;
export type StationType = (typeof STATION_TYPE_VALUES)[number];
export const DICT_STATION_TYPE = 'dict_station_type';

/** Operating status of stations (and of other site assets that carry one). */
export const ASSET_STATUSES = [
  { value: 'running', label: '运行' },
  { value: 'stopped', label: '停运' },
  { value: 'maintenance', label: '检修' },
] as const;
export const ASSET_STATUS_VALUES = ['running', 'stopped', 'maintenance'] as const;
export type AssetStatus = (typeof ASSET_STATUS_VALUES)[number];
export const DICT_ASSET_STATUS = 'dict_asset_status';

export function stationTypeLabel(v: string): string {
  return STATION_TYPES.find((t) => t.value === v)?.label ?? v;
}
export function assetStatusLabel(v: string): string {
  return ASSET_STATUSES.find((t) => t.value === v)?.label ?? v;
}

/** Mainland China's bounding box: coordinates outside it are typing mistakes (swapped, missing digits). */
export const CHINA_LONGITUDE = { min: 73, max: 136 } as const;
export const CHINA_LATITUDE = { min: 3, max: 54 } as const;

export const STATION_SORT_COLUMNS = ['id', 'code', 'name', 'city', 'capacityKva', 'commissionDate', 'customerName', 'createdAt', 'orderNum'] as const;

/** GET /api/station/pageList (also the query of GET /api/station/export). */
export const stationQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  name: z.string().trim().max(100).optional(),
  code: z.string().trim().max(32).optional(),
  customerId: optionalId('客户').optional(),
  city: z.string().trim().max(32).optional(),
  status: z.string().trim().max(16).optional(),
  voltageLevel: z.string().trim().max(16).optional(),
  stationType: z.string().trim().max(32).optional(),
});

const stationFields = {
  customerId: id('所属客户'),
  code: assetCode('站点编号'),
  name: text('站点名称', { max: 100 }),
  stationType: oneOf('站点类型', STATION_TYPE_VALUES),
  /** A value of dict_dydj (e.g. "10" for 10kV). */
  voltageLevel: optionalText('电压等级', 16),
  capacityKva: optionalNum('装机容量', { min: 0, max: 10_000_000, positive: true }),
  city: optionalText('城市', 32),
  address: optionalText('地址'),
  longitude: optionalNum('经度', CHINA_LONGITUDE),
  latitude: optionalNum('纬度', CHINA_LATITUDE),
  commissionDate: optionalDay('投运日期'),
  contact: optionalText('联系人', 32),
  phone: optionalPhone('联系电话'),
  status: oneOf('运行状态', ASSET_STATUS_VALUES).default('running'),
  orderNum: int('显示顺序', { min: 0, max: 99999 }).default(0),
  remark: optionalText('备注'),
};

/** A map point needs both halves: one coordinate alone cannot be placed. */
const bothOrNeither = (v: { longitude: number | null; latitude: number | null }, ctx: z.RefinementCtx) => {
  if ((v.longitude === null) !== (v.latitude === null)) {
    ctx.addIssue({ code: 'custom', path: [v.longitude === null ? 'longitude' : 'latitude'], message: '经度和纬度需同时填写或同时留空' });
  }
};
export const stationAddBody = z.object(stationFields).superRefine(bothOrNeither);
export const stationEditBody = z.object({ id: id('站点'), ...stationFields }).superRefine(bothOrNeither);

export interface StationRow {
  id: number;
  customerId: number;
  customerName: string;
  code: string;
  name: string;
  stationType: string;
  stationTypeName: string;
  voltageLevel: string | null;
  capacityKva: number | null;
  city: string | null;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  commissionDate: string | null;
  contact: string | null;
  phone: string | null;
  status: string;
  statusName: string;
  orderNum: number;
  remark: string | null;
  bayCount: number;
  cabinetCount: number;
  gatewayCount: number;
  equipmentCount: number;
  cameraCount: number;
  createdAt: number;
  updatedAt: number;
}
