import type { Kysely, Selectable } from 'kysely';
import type { AlarmRow, AlarmRuleType, AlarmState } from '@pdz/contracts';
import type { AlarmEventTable, Database } from '../platform/db/schema';

/** The two independent facts of the lifecycle give the state (contracts/alarm.ts). */
export function alarmState(confirmedAt: number | null, recoveredAt: number | null): AlarmState {
  if (confirmedAt === null) return recoveredAt === null ? 'active' : 'recovered_unconfirmed';
  return recoveredAt === null ? 'confirmed' : 'closed';
}

/** Alarm rows with the names joined (left joins: history outlives renamed or removed assets). */
export function alarmSelect(db: Kysely<Database>) {
  return db
    .selectFrom('alarm_event as a')
    .leftJoin('asset_customer as c', 'c.id', 'a.customer_id')
    .leftJoin('asset_station as s', 's.id', 'a.station_id')
    .leftJoin('asset_equipment as e', 'e.id', 'a.equipment_id')
    .leftJoin('asset_point as p', 'p.id', 'a.point_id');
}

export const ALARM_COLUMNS = [
  'a.id',
  'a.customer_id',
  'a.station_id',
  'a.equipment_id',
  'a.point_id',
  'a.rule_id',
  'a.rule_type',
  'a.level',
  'a.title',
  'a.value',
  'a.threshold',
  'a.raised_at',
  'a.confirmed_at',
  'a.confirmed_by',
  'a.confirm_note',
  'a.recovered_at',
  'a.recovered_value',
  'c.name as customer_name',
  's.name as station_name',
  'e.name as equipment_name',
  'e.code as equipment_code',
  'p.name as point_name',
  'p.unit',
] as const;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** An alarm_event row joined with the names the lists show. */
export type AlarmSqlRow = Omit<Selectable<AlarmEventTable>, 'confirmed_by_id' | 'closed' | 'message_id' | 'created_at'> & {
  customer_name: string | null;
  station_name: string | null;
  equipment_name: string | null;
  equipment_code: string | null;
  point_name: string | null;
  unit: string | null;
};

export function toAlarmRow(r: AlarmSqlRow): AlarmRow {
  // PostgreSQL answers bigint columns as text.
  const confirmedAt = num(r.confirmed_at);
  const recoveredAt = num(r.recovered_at);
  return {
    id: r.id,
    customerId: r.customer_id,
    customerName: r.customer_name ?? '',
    stationId: r.station_id,
    stationName: r.station_name ?? '',
    equipmentId: r.equipment_id,
    equipmentName: r.equipment_name ?? '',
    equipmentCode: r.equipment_code ?? '',
    pointId: r.point_id,
    pointName: r.point_name,
    unit: r.point_id === null ? null : r.unit,
    ruleId: r.rule_id,
    ruleType: r.rule_type as AlarmRuleType,
    level: r.level,
    title: r.title,
    value: num(r.value),
    threshold: num(r.threshold),
    raisedAt: Number(r.raised_at),
    state: alarmState(confirmedAt, recoveredAt),
    confirmedAt,
    confirmedBy: r.confirmed_by,
    confirmNote: r.confirm_note,
    recoveredAt,
    recoveredValue: num(r.recovered_value),
  };
}

/** Rows by id (for bus events after a write), in chunks small enough for bound parameters. */
export async function loadAlarmRows(db: Kysely<Database>, ids: number[]): Promise<Map<number, AlarmRow>> {
  const out = new Map<number, AlarmRow>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await alarmSelect(db).select(ALARM_COLUMNS).where('a.id', 'in', ids.slice(i, i + 500)).execute();
    for (const r of rows) out.set(r.id, toAlarmRow(r as AlarmSqlRow));
  }
  return out;
}
