import { z } from 'zod';
import { id, optionalId } from './fields';
import type { MonitorPoint } from './monitor';

/**
 * 监控中心 sensor pages and the per-equipment detail (issue 4): 温湿度监测, 环境监测, 设备详情, and
 * 通信管理 › 网关状态. Reads need `telemetry:data:query` (the gateway page `telemetry:gateway:stats`);
 * ids outside the user's data scope answer 404.
 */

/** Room climate limits (domain.md: room > 35 ℃; RH > 80 % warning, > 85 % alarm). */
export const CLIMATE_LIMITS = { tempWarn: 35, rhWarn: 80, rhAlarm: 85 } as const;
export type ClimateLevel = 'normal' | 'warning' | 'alarm' | 'unknown';
export const CLIMATE_LEVEL_LABELS: Record<ClimateLevel, string> = { normal: '正常', warning: '预警', alarm: '告警', unknown: '无数据' };

/** Temperature alone: above 35 ℃ is a warning (the primer gives no separate alarm step). */
export function temperatureLevel(t: number | null | undefined): ClimateLevel {
  if (t === null || t === undefined || !Number.isFinite(t)) return 'unknown';
  return t > CLIMATE_LIMITS.tempWarn ? 'warning' : 'normal';
}

export function humidityLevel(rh: number | null | undefined): ClimateLevel {
  if (rh === null || rh === undefined || !Number.isFinite(rh)) return 'unknown';
  if (rh > CLIMATE_LIMITS.rhAlarm) return 'alarm';
  return rh > CLIMATE_LIMITS.rhWarn ? 'warning' : 'normal';
}

const LEVEL_ORDER: Record<ClimateLevel, number> = { unknown: 0, normal: 1, warning: 2, alarm: 3 };
/** The worse of two levels (a sensor is as bad as its worst reading). */
export function worseLevel(a: ClimateLevel, b: ClimateLevel): ClimateLevel {
  return LEVEL_ORDER[a] >= LEVEL_ORDER[b] ? a : b;
}

/** Equipment types of the 温湿度监测 page and the point keys read from them. */
export const CLIMATE_EQUIPMENT_TYPES = ['th_sensor'] as const;
export const CLIMATE_POINT_KEYS = { temperature: 'T', humidity: 'RH' } as const;

/**
 * Environment sensor types of the 环境监测 page: the built-in models have door, water and smoke
 * (migration 0005); SF6 and noise are listed so custom models of those types show up too.
 * `states` are the texts of a status point's 0 / 1 and whether 1 is the abnormal state.
 */
export const ENVIRONMENT_TYPES: readonly { type: string; label: string; states?: { off: string; on: string; alarmOn: boolean } }[] = [
  { type: 'water', label: '水浸', states: { off: '正常', on: '浸水', alarmOn: true } },
  { type: 'smoke', label: '烟感', states: { off: '正常', on: '烟雾报警', alarmOn: true } },
  { type: 'door', label: '门磁', states: { off: '关闭', on: '打开', alarmOn: true } },
  { type: 'sf6', label: 'SF6', states: { off: '正常', on: '泄漏报警', alarmOn: true } },
  { type: 'noise', label: '噪声' },
];
export const ENVIRONMENT_TYPE_VALUES: readonly string[] = ENVIRONMENT_TYPES.map((t) => t.type);

/** What a status reading of an environment sensor reads as (null: no value). */
export function envStateText(equipmentType: string, value: number | null | undefined): { text: string; alarm: boolean } | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const s = ENVIRONMENT_TYPES.find((t) => t.type === equipmentType)?.states ?? { off: '正常', on: '动作', alarmOn: true };
  const on = value !== 0;
  return { text: on ? s.on : s.off, alarm: on === s.alarmOn };
}

/** GET /api/monitor/climate, GET /api/monitor/environment */
export const monitorSensorQuery = z.object({
  customerId: optionalId('客户').optional(),
  stationId: optionalId('站点').optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type MonitorSensorQuery = z.infer<typeof monitorSensorQuery>;

/** A sensor's point with its latest stored value (the page keeps it live over the websocket). */
export interface SensorPoint extends MonitorPoint {
  /** Climate only: quarter-hour averages of the last 24 h (bucket start, avg), for the sparkline. */
  spark?: { ts: number[]; avg: number[] };
}

export interface SensorRow {
  id: number;
  code: string;
  name: string;
  equipmentType: string;
  equipmentTypeName: string;
  cabinetId: number | null;
  cabinetName: string | null;
  online: boolean;
  lastSeenAt: number | null;
  points: SensorPoint[];
}

export interface SensorStationGroup {
  stationId: number;
  stationName: string;
  customerId: number;
  customerName: string;
  sensors: SensorRow[];
}

export interface SensorResult {
  stations: SensorStationGroup[];
  /** Sensors in scope per equipment type (only types that exist), so the page can say what it shows. */
  types: { type: string; label: string; count: number }[];
}

/** GET /api/monitor/equipment/{id}: the 设备详情 header and every point with its latest value. */
export const monitorEquipmentParams = z.object({ id: id('设备') });

export interface MonitorEquipmentDetail {
  equipment: {
    id: number;
    code: string;
    name: string;
    equipmentType: string;
    equipmentTypeName: string;
    modelName: string;
    status: string;
    online: boolean;
    lastSeenAt: number | null;
    customerId: number;
    customerName: string;
    stationId: number;
    stationName: string;
    cabinetId: number | null;
    cabinetName: string | null;
    ratedKva: number | null;
    manufacturer: string | null;
  };
  gateway: { id: number; code: string; name: string; online: boolean; lastSeenAt: number | null; reportIntervalS: number } | null;
  points: SensorPoint[];
}

/** GET /api/monitor/gateways: every gateway in scope with its comm state and ingest totals. */
export const monitorGatewayQuery = z.object({
  customerId: optionalId('客户').optional(),
  stationId: optionalId('站点').optional(),
  keyword: z.string().trim().max(64).optional(),
});

export interface MonitorGatewayRow {
  id: number;
  code: string;
  name: string;
  customerId: number;
  customerName: string;
  stationId: number;
  stationName: string;
  protocol: string;
  reportIntervalS: number;
  online: boolean;
  lastSeenAt: number | null;
  offlineSince: number | null;
  equipmentCount: number;
  messages: number;
  samples: number;
  unknownSamples: number;
  rejected: number;
  lastMessageAt: number | null;
  /** Distinct unknown tags counted for the gateway. */
  unknownTags: number;
}

/** GET /api/monitor/gateways/{id}/stats: same answer as the telemetry call, under the 网关状态 permission. */
export const monitorGatewayStatsParams = z.object({ id: id('网关') });
