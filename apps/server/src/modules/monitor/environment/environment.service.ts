import {
  CLIMATE_EQUIPMENT_TYPES,
  CLIMATE_POINT_KEYS,
  ENVIRONMENT_TYPES,
  ENVIRONMENT_TYPE_VALUES,
  equipmentTypeLabel,
  type MonitorEquipmentDetail,
  type MonitorGatewayRow,
  type MonitorSensorQuery,
  type SensorPoint,
  type SensorResult,
  type SensorRow,
  type SensorStationGroup,
} from '@pdz/contracts';
import type { DialectName } from '../../../platform/db/index';
import { contains } from '../../../platform/db/filters';
import { customerVisible } from '../../../platform/auth/asset-scope';
import { notFound } from '../../../platform/errors';
import type { TelDb } from '../../../telemetry/store/store';
import { equipmentWithSite } from '../equipment-rows';
import { gatewaysInScope, type GatewayFilter } from '../gateway-rows';

const QUARTER = 15 * 60_000;
const DAY = 86_400_000;
/** Ids per `in (...)` list: well below SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 5_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Sensors of the given types in the user's scope, grouped by station, with their points' latest
 * values: four set queries (equipment, points, latest, and the sparkline quarters) whatever the
 * number of sensors.
 */
export async function sensorsOf(
  db: TelDb,
  dialect: DialectName,
  visible: number[] | null,
  q: MonitorSensorQuery,
  opts: { types: readonly string[]; pointKeys?: readonly string[]; spark?: boolean; now?: number },
): Promise<SensorResult> {
  if (visible !== null && !visible.length) return { stations: [], types: [] };
  let eq = equipmentWithSite(db)
    .where('e.equipment_type', 'in', [...opts.types]);
  if (visible !== null) eq = eq.where('e.customer_id', 'in', visible);
  if (q.customerId) eq = eq.where('e.customer_id', '=', q.customerId);
  if (q.stationId) eq = eq.where('e.station_id', '=', q.stationId);
  if (q.keyword) {
    const kw = q.keyword;
    eq = eq.where((w) => w.or([contains(dialect, 'e.name', kw), contains(dialect, 'e.code', kw), contains(dialect, 's.name', kw)]));
  }
  const equipment = await eq.orderBy('s.order_num').orderBy('s.id').orderBy('e.order_num').orderBy('e.id').execute();
  if (!equipment.length) return { stations: [], types: [] };

  const points: { id: number; equipment_id: number; point_key: string; name: string; kind: string; unit: string | null; precision: number }[] = [];
  for (const ids of chunks(equipment.map((e) => e.id))) {
    let pq = db
      .selectFrom('asset_point')
      .select(['id', 'equipment_id', 'point_key', 'name', 'kind', 'unit', 'precision'])
      .where('equipment_id', 'in', ids)
      .where('enabled', '=', 1)
      .where('kind', '!=', 'yk');
    if (opts.pointKeys) pq = pq.where('point_key', 'in', [...opts.pointKeys]);
    points.push(...(await pq.orderBy('order_num').orderBy('id').execute()));
  }
  const pointIds = points.map((p) => p.id);
  const latest = new Map<number, { ts: number; value: number }>();
  const spark = new Map<number, { ts: number[]; avg: number[] }>();
  for (const ids of chunks(pointIds)) {
    for (const r of await db.selectFrom('tel_latest').select(['point_id', 'ts', 'value']).where('point_id', 'in', ids).execute()) latest.set(r.point_id, r);
    if (opts.spark) {
      const since = Math.floor(((opts.now ?? Date.now()) - DAY) / QUARTER) * QUARTER;
      const rows = await db
        .selectFrom('tel_15m')
        .select(['point_id', 'bucket', 'sum', 'count', 'first'])
        .where('point_id', 'in', ids)
        .where('bucket', '>=', since)
        .orderBy('point_id')
        .orderBy('bucket')
        .execute();
      for (const r of rows) {
        let s = spark.get(r.point_id);
        if (!s) spark.set(r.point_id, (s = { ts: [], avg: [] }));
        s.ts.push(Number(r.bucket));
        s.avg.push(r.count ? Number(r.sum) / Number(r.count) : Number(r.first));
      }
    }
  }

  const byEquipment = new Map<number, SensorPoint[]>();
  for (const p of points) {
    const l = latest.get(p.id);
    const row: SensorPoint = { pointId: p.id, pointKey: p.point_key, name: p.name, kind: p.kind, unit: p.unit, precision: p.precision, ts: l?.ts ?? null, value: l?.value ?? null };
    if (opts.spark) row.spark = spark.get(p.id) ?? { ts: [], avg: [] };
    const list = byEquipment.get(p.equipment_id);
    if (list) list.push(row);
    else byEquipment.set(p.equipment_id, [row]);
  }

  const stations = new Map<number, SensorStationGroup>();
  const typeCounts = new Map<string, number>();
  for (const e of equipment) {
    let g = stations.get(e.station_id);
    if (!g) stations.set(e.station_id, (g = { stationId: e.station_id, stationName: e.station_name, customerId: e.customer_id, customerName: e.customer_name, sensors: [] }));
    const sensor: SensorRow = {
      id: e.id,
      code: e.code,
      name: e.name,
      equipmentType: e.equipment_type,
      equipmentTypeName: equipmentTypeLabel(e.equipment_type),
      cabinetId: e.cabinet_id,
      cabinetName: e.cabinet_name,
      online: !!e.online,
      lastSeenAt: e.last_seen_at,
      points: byEquipment.get(e.id) ?? [],
    };
    g.sensors.push(sensor);
    typeCounts.set(e.equipment_type, (typeCounts.get(e.equipment_type) ?? 0) + 1);
  }
  const typeLabel = (t: string) => ENVIRONMENT_TYPES.find((x) => x.type === t)?.label ?? equipmentTypeLabel(t);
  return {
    stations: [...stations.values()],
    types: opts.types.filter((t) => typeCounts.has(t)).map((t) => ({ type: t, label: typeLabel(t), count: typeCounts.get(t)! })),
  };
}

export const climateSensors = (db: TelDb, dialect: DialectName, visible: number[] | null, q: MonitorSensorQuery, now?: number) =>
  sensorsOf(db, dialect, visible, q, { types: CLIMATE_EQUIPMENT_TYPES, pointKeys: Object.values(CLIMATE_POINT_KEYS), spark: true, now });

export const environmentSensors = (db: TelDb, dialect: DialectName, visible: number[] | null, q: MonitorSensorQuery) =>
  sensorsOf(db, dialect, visible, q, { types: ENVIRONMENT_TYPE_VALUES });

/** The 设备详情 header and all of the equipment's points (except controls) with latest values. */
export async function equipmentDetail(db: TelDb, visible: number[] | null, id: number): Promise<MonitorEquipmentDetail> {
  const e = await equipmentWithSite(db)
    .select([
      'e.rated_kva',
      'e.manufacturer',
      'g.id as gw_id',
      'g.code as gw_code',
      'g.name as gw_name',
      'g.online as gw_online',
      'g.last_seen_at as gw_last_seen_at',
      'g.report_interval_s as gw_interval',
    ])
    .where('e.id', '=', id)
    .executeTakeFirst();
  if (!e || !customerVisible(visible, e.customer_id)) throw notFound('设备');
  const points = await db
    .selectFrom('asset_point')
    .select(['id', 'point_key', 'name', 'kind', 'unit', 'precision'])
    .where('equipment_id', '=', e.id)
    .where('enabled', '=', 1)
    .where('kind', '!=', 'yk')
    .orderBy('order_num')
    .orderBy('id')
    .execute();
  const latest = points.length
    ? await db
        .selectFrom('tel_latest')
        .select(['point_id', 'ts', 'value'])
        .where(
          'point_id',
          'in',
          points.map((p) => p.id),
        )
        .execute()
    : [];
  const byPoint = new Map(latest.map((l) => [l.point_id, l]));
  return {
    equipment: {
      id: e.id,
      code: e.code,
      name: e.name,
      equipmentType: e.equipment_type,
      equipmentTypeName: equipmentTypeLabel(e.equipment_type),
      modelName: e.model_name,
      status: e.status,
      online: !!e.online,
      lastSeenAt: e.last_seen_at,
      customerId: e.customer_id,
      customerName: e.customer_name,
      stationId: e.station_id,
      stationName: e.station_name,
      cabinetId: e.cabinet_id,
      cabinetName: e.cabinet_name,
      ratedKva: e.rated_kva,
      manufacturer: e.manufacturer,
    },
    gateway:
      e.gw_id === null
        ? null
        : { id: e.gw_id, code: e.gw_code!, name: e.gw_name!, online: !!e.gw_online, lastSeenAt: e.gw_last_seen_at, reportIntervalS: e.gw_interval! },
    points: points.map((p) => {
      const l = byPoint.get(p.id);
      return { pointId: p.id, pointKey: p.point_key, name: p.name, kind: p.kind, unit: p.unit, precision: p.precision, ts: l?.ts ?? null, value: l?.value ?? null };
    }),
  };
}

/** Gateways in scope with comm state and ingest totals: one query with two grouped joins. */
export async function gatewayList(
  db: TelDb,
  dialect: DialectName,
  visible: number[] | null,
  q: GatewayFilter,
): Promise<MonitorGatewayRow[]> {
  if (visible !== null && !visible.length) return [];
  const rows = await gatewaysInScope(db, dialect, visible, q)
    .leftJoin(
      (sub) => sub.selectFrom('asset_equipment').select(['gateway_id', (x) => x.fn.countAll<number>().as('n')]).where('gateway_id', 'is not', null).groupBy('gateway_id').as('ec'),
      (j) => j.onRef('ec.gateway_id', '=', 'g.id'),
    )
    .leftJoin(
      (sub) => sub.selectFrom('tel_unknown_tag').select(['gateway_id', (x) => x.fn.countAll<number>().as('n')]).groupBy('gateway_id').as('ut'),
      (j) => j.onRef('ut.gateway_id', '=', 'g.id'),
    )
    .select([
      'g.id',
      'g.code',
      'g.name',
      'g.customer_id',
      'c.name as customer_name',
      'g.station_id',
      's.name as station_name',
      'g.protocol',
      'g.report_interval_s',
      'g.online',
      'g.last_seen_at',
      'g.offline_since',
      'ec.n as equipment_count',
      't.messages',
      't.samples',
      't.unknown_samples',
      't.rejected',
      't.last_message_at',
      'ut.n as unknown_tags',
    ])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    customerId: r.customer_id,
    customerName: r.customer_name,
    stationId: r.station_id,
    stationName: r.station_name,
    protocol: r.protocol,
    reportIntervalS: r.report_interval_s,
    online: !!r.online,
    lastSeenAt: r.last_seen_at,
    offlineSince: r.offline_since,
    equipmentCount: Number(r.equipment_count ?? 0),
    messages: Number(r.messages ?? 0),
    samples: Number(r.samples ?? 0),
    unknownSamples: Number(r.unknown_samples ?? 0),
    rejected: Number(r.rejected ?? 0),
    lastMessageAt: r.last_message_at === null || r.last_message_at === undefined ? null : Number(r.last_message_at),
    unknownTags: Number(r.unknown_tags ?? 0),
  }));
}
