import { z } from 'zod';
import { id, optionalId } from './fields';
import { pageQuery } from './envelope';
import type { EquipmentStatus } from './asset/equipment';
import type { LatestValueRow } from './telemetry';

/**
 * 监控中心 overviews (issue 4): the station list with its figures, one station's layout with live
 * values per cabinet and equipment, and the equipment list with key values and comm state.
 * Reads need `telemetry:data:query`; ids outside the user's data scope answer 404.
 */

/**
 * The few points an overview shows per equipment type, in display order (point keys of the
 * built-in models, migration 0005). One table for every screen that shows "key values": the
 * station overview, the device list and the equipment detail page.
 */
export const KEY_POINTS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  meter: ['Ua', 'Ia', 'P', 'PF', 'Ep+'],
  circuit_meter: ['Ua', 'Ia', 'P', 'PF', 'Ep+'],
  transformer: ['Ta', 'Tb', 'Tc', 'LoadRate', 'Fan'],
  th_sensor: ['T', 'RH'],
  door: ['Door'],
  water: ['Water'],
  smoke: ['Smoke'],
  breaker: ['Switch', 'I', 'IL', 'T'],
  capacitor: ['PF', 'Q'],
};
/** Most key points shown for equipment of a type the table does not know (a custom model). */
export const MAX_KEY_POINTS = 5;

export interface KeyPointCandidate {
  pointKey: string;
  isTag?: boolean;
}

/**
 * The key points of one equipment among its points: the type's keys in table order; when none of
 * them exists (a custom model), the points marked as live tags, else the first points, at most
 * {@link MAX_KEY_POINTS}. `points` should come in display order.
 */
export function pickKeyPoints<T extends KeyPointCandidate>(equipmentType: string, points: readonly T[]): T[] {
  const keys = KEY_POINTS_BY_TYPE[equipmentType];
  if (keys) {
    const byKey = new Map(points.map((p) => [p.pointKey, p]));
    const found = keys.flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
    if (found.length) return found;
  }
  const tags = points.filter((p) => p.isTag);
  return (tags.length ? tags : points).slice(0, MAX_KEY_POINTS);
}

/**
 * Short labels of key points for dense cells (cabinet cards, table rows), where 总有功功率 or
 * 正向有功电能 would be cut off; other points show their own name.
 */
export const KEY_POINT_LABELS: Readonly<Record<string, string>> = {
  Ua: 'Ua',
  Ia: 'Ia',
  P: '有功',
  Q: '无功',
  PF: '功率因数',
  'Ep+': '正向电能',
  Ta: 'A相温度',
  Tb: 'B相温度',
  Tc: 'C相温度',
  LoadRate: '负载率',
  Fan: '风机',
  T: '温度',
  RH: '湿度',
  Door: '门',
  Water: '水浸',
  Smoke: '烟感',
  Switch: '分合闸',
  I: '电流',
  IL: '漏电流',
};

export function keyPointLabel(point: { pointKey: string; name: string }): string {
  return KEY_POINT_LABELS[point.pointKey] ?? point.name;
}

/** Every point key any type may show (the server narrows its point query with it). */
export const ALL_KEY_POINT_KEYS: readonly string[] = [...new Set(Object.values(KEY_POINTS_BY_TYPE).flat())];

/**
 * Texts of status points (遥信) by point key: the words for 0 and 1, and which of them is abnormal
 * (drawn in the alarm colour); null: neither is (a breaker's 分闸 or a fan's 停止 is a state, not a
 * fault). Other status points read 分 / 合.
 */
export const STATUS_POINT_TEXTS: Readonly<Record<string, { off: string; on: string; abnormal: 'on' | 'off' | null }>> = {
  Door: { off: '关闭', on: '打开', abnormal: 'on' },
  Water: { off: '正常', on: '浸水', abnormal: 'on' },
  Smoke: { off: '正常', on: '烟雾报警', abnormal: 'on' },
  Switch: { off: '分闸', on: '合闸', abnormal: null },
  Fan: { off: '停止', on: '运行', abnormal: null },
  OverTemp: { off: '正常', on: '超温', abnormal: 'on' },
  OverTempTrip: { off: '正常', on: '超温跳闸', abnormal: 'on' },
  Auto: { off: '手动', on: '自动', abnormal: null },
};

/** What a status point's value reads as, whether that is abnormal, and whether it is the 1 state; undefined for no value. */
export function statusPointText(pointKey: string, value: number | null | undefined): { text: string; alarm: boolean; on: boolean } | undefined {
  if (value === null || value === undefined || !Number.isFinite(value)) return undefined;
  const t = STATUS_POINT_TEXTS[pointKey] ?? { off: '分', on: '合', abnormal: null };
  const on = value !== 0;
  return { text: on ? t.on : t.off, alarm: t.abnormal === (on ? 'on' : 'off'), on };
}

/** Communication state of equipment or a gateway: talking, silent too long, or never reported. */
export const COMM_STATES = ['online', 'offline', 'never'] as const;
export type CommState = (typeof COMM_STATES)[number];
export const COMM_STATE_LABELS: Record<CommState, string> = { online: '在线', offline: '离线', never: '未上报' };

export function commStateOf(online: boolean, lastSeenAt: number | null): CommState {
  if (online) return 'online';
  return lastSeenAt === null ? 'never' : 'offline';
}

/** One key point with its latest stored value (null until it reports), so a page renders before the websocket snapshot. */
export type MonitorPoint = Omit<LatestValueRow, 'equipmentId'>;

/** GET /api/monitor/stations */
export const monitorStationQuery = z.object({
  customerId: optionalId('客户').optional(),
  keyword: z.string().trim().max(64).optional(),
});

export interface MonitorStationRow {
  id: number;
  code: string;
  name: string;
  customerId: number;
  customerName: string;
  stationType: string;
  stationTypeName: string;
  city: string | null;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  capacityKva: number | null;
  equipment: { total: number; online: number; offline: number; never: number };
  gateways: { total: number; online: number };
  /** Alarms not closed (active, confirmed, recovered unconfirmed), per level "1"–"4". */
  alarms: { total: number; byLevel: Record<string, number> };
  /**
   * Total active power now (kW): the meters of the incoming cabinets of the highest voltage level
   * (the station's supply), else of every meter. Null when none has reported.
   */
  loadKw: number | null;
  /** The P points summed in loadKw (the page keeps the sum live from them). */
  loadPointIds: number[];
  /** Energy consumed today (zone day, kWh): the same meters' Ep+ consumption; null without data. */
  todayKwh: number | null;
  /** When the newest value of any equipment of the station arrived (null: none). */
  lastSeenAt: number | null;
}

/** GET /api/monitor/station/{id} */
export const monitorStationParams = z.object({ id: id('站点') });

export interface MonitorEquipment {
  id: number;
  code: string;
  name: string;
  equipmentType: string;
  equipmentTypeName: string;
  modelName: string;
  status: EquipmentStatus;
  online: boolean;
  lastSeenAt: number | null;
  commState: CommState;
  gatewayId: number | null;
  /** Key points in display order (see pickKeyPoints). */
  points: MonitorPoint[];
}

export interface MonitorCabinet {
  id: number;
  code: string;
  name: string;
  cabinetType: string;
  cabinetTypeName: string;
  voltageLevel: string | null;
  bayId: number | null;
  bayName: string | null;
  equipment: MonitorEquipment[];
}

export interface MonitorGateway {
  id: number;
  code: string;
  name: string;
  online: boolean;
  lastSeenAt: number | null;
  commState: CommState;
}

export interface MonitorStationLayout {
  station: MonitorStationRow;
  /** Cabinets in display order (bay order, then cabinet order). */
  cabinets: MonitorCabinet[];
  /** Equipment outside any cabinet: room sensors (temperature, doors, water, smoke). */
  room: MonitorEquipment[];
  gateways: MonitorGateway[];
}

/** GET /api/monitor/devices */
export const MONITOR_DEVICE_SORT_COLUMNS = ['code', 'name', 'equipmentType', 'stationName', 'cabinetName', 'lastSeenAt'] as const;
export const monitorDeviceQuery = pageQuery.extend({
  customerId: optionalId('客户').optional(),
  stationId: optionalId('站点').optional(),
  equipmentType: z.string().trim().max(32).optional(),
  commState: z.enum(COMM_STATES, { error: '通讯状态取值无效' }).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type MonitorDeviceQuery = z.infer<typeof monitorDeviceQuery>;

export interface MonitorDeviceRow extends MonitorEquipment {
  customerId: number;
  customerName: string;
  stationId: number;
  stationName: string;
  cabinetId: number | null;
  cabinetName: string | null;
  gatewayCode: string | null;
}
