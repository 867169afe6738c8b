import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { chunks } from '../equipment/access';

/**
 * A large synthetic fleet for the asset-tree benchmark (and the tree's scale test): N customers
 * with stations, bays, cabinets, equipment and points, written in batched multi-row inserts.
 * Codes carry a prefix so several fleets can live in one database and be told apart.
 */
export interface BenchFleetOptions {
  prefix?: string;
  customers: number;
  stationsPerCustomer: number;
  baysPerStation?: number;
  cabinetsPerStation: number;
  equipmentPerCabinet: number;
  pointsPerEquipment?: number;
  /** Department the customers are filed under (default: none, visible to all-scope users). */
  deptId?: number | null;
}

export interface BenchFleet {
  customerIds: number[];
  stations: number;
  bays: number;
  cabinets: number;
  equipment: number;
  points: number;
  ms: number;
}

const ROWS_PER_INSERT = 500;
const CABINET_TYPES = ['incoming', 'outgoing', 'metering', 'capacitor', 'transformer', 'lv_switch'];

async function insertAll<T extends keyof Database>(db: Kysely<Database>, table: T, rows: Record<string, unknown>[]) {
  for (const part of chunks(rows, ROWS_PER_INSERT)) {
    // Rows are built above from this module's own shapes; the cast only spares a per-table type.
    await db.insertInto(table).values(part as never).execute();
  }
}

/** Inserts the fleet; returns what it made and how long it took. Needs the equipment models (migration 0005). */
export async function seedBenchFleet(db: Kysely<Database>, o: BenchFleetOptions): Promise<BenchFleet> {
  const started = Date.now();
  const p = o.prefix ?? 'BN';
  const t = Date.now();
  // The three-phase meter model (33 points) when present: most equipment in a real fleet is metering.
  const model =
    (await db.selectFrom('asset_equipment_model').select(['id', 'equipment_type']).where('code', '=', 'MFM-3P').executeTakeFirst()) ??
    (await db.selectFrom('asset_equipment_model').select(['id', 'equipment_type']).orderBy('id').executeTakeFirstOrThrow());
  const modelPoints = await db.selectFrom('asset_model_point').selectAll().where('model_id', '=', model.id).orderBy('order_num').execute();
  // Point keys are unique per equipment, so a model's point set is the most one equipment can get.
  const pointsPer = Math.min(o.pointsPerEquipment ?? 0, modelPoints.length);

  await insertAll(
    db,
    'asset_customer',
    Array.from({ length: o.customers }, (_, i) => ({
      code: `${p}C${i + 1}`, name: `基准客户${p}${i + 1}`, dept_id: o.deptId ?? null, contact: null, phone: null, address: null,
      logo: null, min_logo: null, remark: null, enabled: 1, created_by: null, created_at: t, updated_at: t,
    })),
  );
  const customers = await db.selectFrom('asset_customer').select(['id', 'code']).where('code', 'like', `${p}C%`).execute();
  const customerIds = customers.map((c) => c.id);

  const stationRows = customers.flatMap((c) =>
    Array.from({ length: o.stationsPerCustomer }, (_, j) => ({
      customer_id: c.id, code: `S${j + 1}`, name: `${c.code}-${j + 1}号配电站`, station_type: 'station', voltage_level: '10', capacity_kva: 1600,
      city: '苏州', address: null, longitude: 120.5 + (j % 50) / 100, latitude: 31.2 + (j % 40) / 100, commission_date: null, contact: null,
      phone: null, status: 'running', order_num: j, remark: null, created_at: t, updated_at: t,
    })),
  );
  await insertAll(db, 'asset_station', stationRows);
  const stations = await db.selectFrom('asset_station').select(['id', 'customer_id']).where('customer_id', 'in', customerIds).execute();

  const baysPer = o.baysPerStation ?? 2;
  await insertAll(
    db,
    'asset_bay',
    stations.flatMap((s) => Array.from({ length: baysPer }, (_, k) => ({ station_id: s.id, code: `B${k + 1}`, name: `${k + 1}段母线`, voltage_level: '0.4', order_num: k, remark: null, created_at: t, updated_at: t }))),
  );
  const bays = await db.selectFrom('asset_bay').select(['id', 'station_id']).where('station_id', 'in', stations.map((s) => s.id)).orderBy('id').execute();
  const baysOf = new Map<number, number[]>();
  for (const b of bays) baysOf.set(b.station_id, [...(baysOf.get(b.station_id) ?? []), b.id]);

  await insertAll(
    db,
    'asset_cabinet',
    stations.flatMap((s) =>
      Array.from({ length: o.cabinetsPerStation }, (_, k) => {
        const sb = baysOf.get(s.id) ?? [];
        return {
          station_id: s.id, bay_id: sb.length && k % 5 !== 4 ? sb[k % sb.length] : null, code: `AA${k + 1}`, name: `${k + 1}#柜`,
          cabinet_type: CABINET_TYPES[k % CABINET_TYPES.length], voltage_level: '0.4', model: null, manufacturer: null, commission_date: null,
          order_num: k, remark: null, created_at: t, updated_at: t,
        };
      }),
    ),
  );
  const stationCustomer = new Map(stations.map((s) => [s.id, s.customer_id]));
  const cabinets = await db.selectFrom('asset_cabinet').select(['id', 'station_id', 'code']).where('station_id', 'in', stations.map((s) => s.id)).execute();

  await insertAll(
    db,
    'asset_equipment',
    cabinets.flatMap((c) =>
      Array.from({ length: o.equipmentPerCabinet }, (_, k) => ({
        customer_id: stationCustomer.get(c.station_id)!, station_id: c.station_id, cabinet_id: c.id, gateway_id: null, model_id: model.id,
        code: `E${c.station_id}-${c.code}-${k + 1}`, name: `${c.code}回路${k + 1}电表`, equipment_type: model.equipment_type, comm_address: String(k + 1),
        ct_ratio: 1, pt_ratio: 1, values_are_primary: 1, rated_kva: null, rated_current: null, manufacturer: null, install_date: null,
        status: 'running', online: 0, last_seen_at: null, order_num: k, remark: null, created_at: t, updated_at: t,
      })),
    ),
  );
  let points = 0;
  if (pointsPer > 0 && modelPoints.length) {
    const equipment = await db.selectFrom('asset_equipment').select('id').where('customer_id', 'in', customerIds).execute();
    for (const part of chunks(equipment, 200)) {
      const rows = part.flatMap((e) =>
        modelPoints.slice(0, pointsPer).map((mp) => ({
          equipment_id: e.id, model_point_id: mp.id, point_key: mp.point_key, name: mp.name, kind: mp.kind, unit: mp.unit, precision: mp.precision,
          ratio: mp.ratio, is_tag: mp.is_tag, order_num: mp.order_num, enabled: 1, created_at: t, updated_at: t,
        })),
      );
      await insertAll(db, 'asset_point', rows);
      points += rows.length;
    }
  }
  return {
    customerIds,
    stations: stations.length,
    bays: bays.length,
    cabinets: cabinets.length,
    equipment: cabinets.length * o.equipmentPerCabinet,
    points,
    ms: Date.now() - started,
  };
}
