import { ALL_KEY_POINT_KEYS, MAX_KEY_POINTS, commStateOf, equipmentTypeLabel, pickKeyPoints, type EquipmentStatus, type MonitorEquipment, type MonitorPoint } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { chunks, type Db } from '../../assets/equipment/access';
import { telDb } from '../../../telemetry/store/store';

/**
 * Shared reads of the overviews: latest values (the telemetry core keeps them in memory; the
 * table is the fallback), key points of many equipment in one query, active alarm counts
 * (alarm_event, migration 0012).
 */

export type Latest = (pointId: number) => { ts: number; value: number } | undefined;

/** Latest values of the given points: from memory when the telemetry core runs, else one query per 2,000 ids. */
export async function latestOf(ctx: AppContext, pointIds: number[]): Promise<Latest> {
  const mem = ctx.telemetry?.latest;
  if (mem) return (id) => mem.get(id);
  const map = new Map<number, { ts: number; value: number }>();
  for (const ids of chunks([...new Set(pointIds)], 2000)) {
    const rows = await telDb(ctx).selectFrom('tel_latest').select(['point_id', 'ts', 'value']).where('point_id', 'in', ids).execute();
    for (const r of rows) map.set(r.point_id, { ts: Number(r.ts), value: Number(r.value) });
  }
  return (id) => map.get(id);
}

/** The equipment columns (and its model's name) a monitor equipment row is made of. */
interface EquipmentRowDb {
  id: number;
  code: string;
  name: string;
  equipment_type: string;
  status: string;
  online: number;
  last_seen_at: number | null;
  gateway_id: number | null;
  model_name: string;
}

/** One equipment as the station layout and the device overview show it, with its key points. */
export function monitorEquipmentOf(e: EquipmentRowDb, points: MonitorPoint[]): MonitorEquipment {
  const online = e.online === 1;
  return {
    id: e.id,
    code: e.code,
    name: e.name,
    equipmentType: e.equipment_type,
    equipmentTypeName: equipmentTypeLabel(e.equipment_type),
    modelName: e.model_name,
    status: e.status as EquipmentStatus,
    online,
    lastSeenAt: e.last_seen_at,
    commState: commStateOf(online, e.last_seen_at),
    gatewayId: e.gateway_id,
    points,
  };
}

interface PointRowDb {
  id: number;
  equipment_id: number;
  point_key: string;
  name: string;
  kind: string;
  unit: string | null;
  precision: number;
  is_tag: number;
}

/**
 * Key points of many equipment: one query over the candidates (the table's keys, live tags and
 * the first few points of each), then pickKeyPoints per equipment. `types` maps equipment id →
 * equipment type; the result maps equipment id → its key points in display order.
 */
export async function keyPointsOf(db: Db, types: Map<number, string>, latest: (ids: number[]) => Promise<Latest>): Promise<Map<number, MonitorPoint[]>> {
  const out = new Map<number, MonitorPoint[]>();
  if (!types.size) return out;
  const rows: PointRowDb[] = [];
  for (const ids of chunks([...types.keys()], 2000)) {
    rows.push(
      ...(await db
        .selectFrom('asset_point as p')
        .select(['p.id', 'p.equipment_id', 'p.point_key', 'p.name', 'p.kind', 'p.unit', 'p.precision', 'p.is_tag'])
        .where('p.equipment_id', 'in', ids)
        .where('p.enabled', '=', 1)
        .where((eb) => eb.or([eb('p.point_key', 'in', [...ALL_KEY_POINT_KEYS]), eb('p.is_tag', '=', 1), eb('p.order_num', '<', MAX_KEY_POINTS)]))
        .orderBy('p.equipment_id')
        .orderBy('p.order_num')
        .orderBy('p.id')
        .execute()),
    );
  }
  const byEquipment = new Map<number, PointRowDb[]>();
  for (const r of rows) {
    const list = byEquipment.get(r.equipment_id);
    if (list) list.push(r);
    else byEquipment.set(r.equipment_id, [r]);
  }
  const picked = new Map<number, PointRowDb[]>();
  for (const [eid, list] of byEquipment) {
    picked.set(eid, pickKeyPoints(types.get(eid) ?? '', list.map((r) => ({ ...r, pointKey: r.point_key, isTag: r.is_tag === 1 }))));
  }
  const values = await latest([...picked.values()].flat().map((p) => p.id));
  for (const [eid, list] of picked) {
    out.set(
      eid,
      list.map((p) => {
        const v = values(p.id);
        return { pointId: p.id, pointKey: p.point_key, name: p.name, kind: p.kind, unit: p.unit, precision: p.precision, ts: v?.ts ?? null, value: v?.value ?? null };
      }),
    );
  }
  return out;
}

/** Alarms not closed (active, confirmed, recovered unconfirmed), per station and level, of the given stations (one grouped query). */
export async function activeAlarmCounts(db: Db, stationIds: number[]): Promise<Map<number, Record<string, number>>> {
  const out = new Map<number, Record<string, number>>();
  for (const ids of chunks(stationIds, 2000)) {
    const rows = await db
      .selectFrom('alarm_event')
      .select((eb) => ['station_id', 'level', eb.fn.countAll<number>().as('n')])
      .where('closed', '=', 0)
      .where('station_id', 'in', ids)
      .groupBy(['station_id', 'level'])
      .execute();
    for (const r of rows) {
      const m = out.get(r.station_id) ?? {};
      m[String(r.level)] = Number(r.n);
      out.set(r.station_id, m);
    }
  }
  return out;
}
