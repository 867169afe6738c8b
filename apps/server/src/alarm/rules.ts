import type { Kysely } from 'kysely';
import type { AlarmRuleType } from '@pdz/contracts';
import type { Database } from '../platform/db/schema';

/** One enabled rule as the engine evaluates it, with what its alarm titles need. */
export interface Rule {
  id: number;
  type: AlarmRuleType;
  customerId: number;
  stationId: number;
  equipmentId: number;
  equipmentName: string;
  pointId: number | null;
  pointName: string | null;
  unit: string | null;
  precision: number;
  threshold: number | null;
  statusValue: number | null;
  deadband: number;
  delayMs: number;
  level: number;
  message: string | null;
  /** The equipment was offline (and had talked before) when the rule was loaded. */
  equipmentOffline: boolean;
}

/** Enabled rules of every equipment, or of one. Points that are switched off raise nothing. */
export async function loadRules(db: Kysely<Database>, equipmentId?: number): Promise<Rule[]> {
  let q = db
    .selectFrom('alarm_config as r')
    .innerJoin('asset_equipment as e', 'e.id', 'r.equipment_id')
    .leftJoin('asset_point as p', 'p.id', 'r.point_id')
    .select([
      'r.id',
      'r.rule_type',
      'r.threshold',
      'r.status_value',
      'r.deadband',
      'r.delay_s',
      'r.level',
      'r.message',
      'r.point_id',
      'e.id as equipment_id',
      'e.customer_id',
      'e.station_id',
      'e.name as equipment_name',
      'e.online',
      'e.last_seen_at',
      'p.name as point_name',
      'p.unit',
      'p.precision',
      'p.enabled as point_enabled',
    ])
    .where('r.enabled', '=', 1);
  if (equipmentId !== undefined) q = q.where('r.equipment_id', '=', equipmentId);
  const rows = await q.orderBy('r.id').execute();
  const out: Rule[] = [];
  for (const r of rows) {
    const type = r.rule_type as AlarmRuleType;
    if (type === 'comm' ? r.point_id !== null : r.point_id === null || r.point_name === null || !r.point_enabled) continue;
    out.push({
      id: r.id,
      type,
      customerId: r.customer_id,
      stationId: r.station_id,
      equipmentId: r.equipment_id,
      equipmentName: r.equipment_name,
      pointId: r.point_id,
      pointName: r.point_name,
      unit: r.unit,
      precision: r.precision ?? 2,
      threshold: r.threshold === null ? null : Number(r.threshold),
      statusValue: r.status_value,
      deadband: Number(r.deadband),
      delayMs: r.delay_s * 1000,
      level: r.level,
      message: r.message,
      equipmentOffline: !r.online && r.last_seen_at !== null,
    });
  }
  return out;
}

/** Two rules of the same target that mean the same limit (rules get new ids on every save). */
export function sameLimit(a: Rule, b: Rule): boolean {
  return a.type === b.type && a.equipmentId === b.equipmentId && a.pointId === b.pointId && a.threshold === b.threshold && a.statusValue === b.statusValue;
}

export function formatValue(v: number, precision: number, unit: string | null): string {
  const digits = Math.min(Math.max(precision, 0), 6);
  const text = Number.isInteger(v) && digits === 0 ? String(v) : Number(v.toFixed(digits)).toString();
  return unit ? `${text} ${unit}` : text;
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s % 3600 === 0) return `${s / 3600}小时`;
  if (s % 60 === 0) return `${s / 60}分钟`;
  return `${s}秒`;
}

/**
 * What the operator reads, e.g. "1号变压器 A相绕组温度越上限：132.5 ℃（上限 130 ℃）". A status
 * rule with its own text reads "配电室 门磁：门被打开".
 */
export function alarmTitle(r: Rule, value: number | null): string {
  const target = r.pointName ? `${r.equipmentName} ${r.pointName}` : r.equipmentName;
  let title: string;
  switch (r.type) {
    case 'upper':
      title = `${target}越上限：${formatValue(value ?? 0, r.precision, r.unit)}（上限 ${formatValue(r.threshold ?? 0, r.precision, r.unit)}）`;
      break;
    case 'lower':
      title = `${target}越下限：${formatValue(value ?? 0, r.precision, r.unit)}（下限 ${formatValue(r.threshold ?? 0, r.precision, r.unit)}）`;
      break;
    case 'status':
      title = r.message ? `${target}：${r.message}` : `${target}状态变位：当前值 ${formatValue(value ?? 0, 0, null)}`;
      break;
    case 'comm':
      title = `${r.equipmentName}通讯中断：超过${duration(r.delayMs)}未收到数据`;
      break;
  }
  return title.length > 255 ? `${title.slice(0, 254)}…` : title;
}
