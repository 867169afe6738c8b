import { sql } from 'kysely';
import type { z } from 'zod';
import { stationTypeLabel, type MonitorStationRow, type monitorStationQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { contains } from '../../../platform/db/filters';
import { chunks, inVisible, type Visible } from '../../assets/equipment/access';
import { zoneBuckets } from '../../../telemetry/rollup/buckets';
import { telDb } from '../../../telemetry/store/store';
import { activeAlarmCounts, latestOf } from './live';

/**
 * The station figures of 站点总览 and the header of 实时监控: every station in scope with comm
 * counts, gateway counts, active alarms, load now and today's energy. Each figure is one grouped
 * query over all the stations asked for (never one query per station).
 */

export const METER_TYPES = ['meter', 'circuit_meter'] as const;
const levelOf = (v: string | null) => {
  const n = Number.parseFloat(v ?? '');
  return Number.isFinite(n) ? n : 0;
};

interface MeterPoint {
  pointId: number;
  key: string;
  equipmentId: number;
  stationId: number;
  incoming: boolean;
  voltage: number;
}

/**
 * The station's supply meters: meters in incoming cabinets of the highest voltage level there
 * (the 10 kV incomer measures what the 0.4 kV incomers measure again, so only one level counts);
 * a station without incoming meters counts all its meters.
 */
export function mainMeters(points: MeterPoint[]): Set<number> {
  const byStation = new Map<number, MeterPoint[]>();
  for (const p of points) {
    const list = byStation.get(p.stationId);
    if (list) list.push(p);
    else byStation.set(p.stationId, [p]);
  }
  const out = new Set<number>();
  for (const list of byStation.values()) {
    const incoming = list.filter((p) => p.incoming);
    if (!incoming.length) {
      for (const p of list) out.add(p.equipmentId);
      continue;
    }
    const top = Math.max(...incoming.map((p) => p.voltage));
    for (const p of incoming) if (p.voltage === top) out.add(p.equipmentId);
  }
  return out;
}

export async function stationFigures(ctx: AppContext, visible: Visible, q: z.infer<typeof monitorStationQuery> & { stationId?: number }): Promise<MonitorStationRow[]> {
  const { db } = ctx;
  let sq = db
    .selectFrom('asset_station as s')
    .innerJoin('asset_customer as c', 'c.id', 's.customer_id')
    .select(['s.id', 's.code', 's.name', 's.customer_id', 'c.name as customer_name', 's.station_type', 's.city', 's.address', 's.longitude', 's.latitude', 's.capacity_kva'])
    .where(inVisible('s.customer_id', visible));
  if (q.customerId) sq = sq.where('s.customer_id', '=', q.customerId);
  if (q.stationId) sq = sq.where('s.id', '=', q.stationId);
  if (q.keyword) sq = sq.where(sql<boolean>`(${contains(ctx.dialect, 's.name', q.keyword)} or ${contains(ctx.dialect, 's.code', q.keyword)} or ${contains(ctx.dialect, 'c.name', q.keyword)})`);
  const stations = await sq.orderBy('s.customer_id').orderBy('s.order_num').orderBy('s.id').execute();
  if (!stations.length) return [];
  const ids = stations.map((s) => s.id);
  // Every station of the scope asked for: the id list is skipped when that is the whole scope.
  const whole = !q.customerId && !q.stationId && !q.keyword;

  const eq = new Map<number, { total: number; online: number; never: number; last: number | null }>();
  const gw = new Map<number, { total: number; online: number }>();
  const meterRows: MeterPoint[] = [];
  for (const part of whole ? [ids] : chunks(ids, 2000)) {
    const cond = whole ? inVisible('e.customer_id', visible) : sql<boolean>`e.station_id in (${sql.join(part)})`;
    const counts = await db
      .selectFrom('asset_equipment as e')
      .select((eb) => [
        'e.station_id',
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(sql`case when e.online = 1 then 1 else 0 end`).as('online'),
        eb.fn.sum<number>(sql`case when e.online = 0 and e.last_seen_at is null then 1 else 0 end`).as('never'),
        eb.fn.max('e.last_seen_at').as('last'),
      ])
      .where(cond)
      .groupBy('e.station_id')
      .execute();
    for (const r of counts) eq.set(r.station_id, { total: Number(r.total), online: Number(r.online ?? 0), never: Number(r.never ?? 0), last: r.last === null ? null : Number(r.last) });
    const gws = await db
      .selectFrom('asset_gateway as e')
      .select((eb) => ['e.station_id', eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(sql`case when e.online = 1 then 1 else 0 end`).as('online')])
      .where(cond)
      .groupBy('e.station_id')
      .execute();
    for (const r of gws) gw.set(r.station_id, { total: Number(r.total), online: Number(r.online ?? 0) });
    const meters = await db
      .selectFrom('asset_point as p')
      .innerJoin('asset_equipment as e', 'e.id', 'p.equipment_id')
      .leftJoin('asset_cabinet as cb', 'cb.id', 'e.cabinet_id')
      .select(['p.id', 'p.point_key', 'e.id as equipment_id', 'e.station_id', 'cb.cabinet_type', 'cb.voltage_level'])
      .where(cond)
      .where('e.equipment_type', 'in', [...METER_TYPES])
      .where('p.point_key', 'in', ['P', 'Ep+'])
      .where('p.enabled', '=', 1)
      .execute();
    for (const m of meters) {
      meterRows.push({ pointId: m.id, key: m.point_key, equipmentId: m.equipment_id, stationId: m.station_id, incoming: m.cabinet_type === 'incoming', voltage: levelOf(m.voltage_level) });
    }
  }

  const main = mainMeters(meterRows);
  const loadPoints = new Map<number, number[]>();
  const energyPoints: number[] = [];
  const energyStation = new Map<number, number>();
  for (const m of meterRows) {
    if (!main.has(m.equipmentId)) continue;
    if (m.key === 'P') loadPoints.set(m.stationId, [...(loadPoints.get(m.stationId) ?? []), m.pointId]);
    else {
      energyPoints.push(m.pointId);
      energyStation.set(m.pointId, m.stationId);
    }
  }
  const latest = await latestOf(ctx, [...loadPoints.values()].flat());
  const today = zoneBuckets(ctx.config.zoneOffsetMinutes).day(Date.now());
  const energy = new Map<number, number>();
  for (const part of chunks(energyPoints, 2000)) {
    const rows = await telDb(ctx).selectFrom('tel_day').select(['point_id', 'cons']).where('bucket', '=', today).where('point_id', 'in', part).execute();
    for (const r of rows) {
      if (r.cons === null) continue;
      const s = energyStation.get(r.point_id)!;
      energy.set(s, (energy.get(s) ?? 0) + Number(r.cons));
    }
  }
  const alarms = await activeAlarmCounts(db, ids);

  return stations.map((s) => {
    const e = eq.get(s.id) ?? { total: 0, online: 0, never: 0, last: null };
    const lp = loadPoints.get(s.id) ?? [];
    const values = lp.map((p) => latest(p)?.value).filter((v): v is number => v !== undefined);
    const byLevel = alarms.get(s.id) ?? {};
    return {
      id: s.id,
      code: s.code,
      name: s.name,
      customerId: s.customer_id,
      customerName: s.customer_name,
      stationType: s.station_type,
      stationTypeName: stationTypeLabel(s.station_type),
      city: s.city,
      address: s.address,
      longitude: s.longitude === null ? null : Number(s.longitude),
      latitude: s.latitude === null ? null : Number(s.latitude),
      capacityKva: s.capacity_kva === null ? null : Number(s.capacity_kva),
      equipment: { total: e.total, online: e.online, offline: e.total - e.online - e.never, never: e.never },
      gateways: gw.get(s.id) ?? { total: 0, online: 0 },
      alarms: { total: Object.values(byLevel).reduce((a, b) => a + b, 0), byLevel },
      loadKw: values.length ? values.reduce((a, b) => a + b, 0) : null,
      loadPointIds: lp,
      todayKwh: energy.has(s.id) ? energy.get(s.id)! : null,
      lastSeenAt: e.last,
    };
  });
}
