import type { Expression, SqlBool } from 'kysely';
import type { z } from 'zod';
import { equipmentTypeLabel, type EquipmentRow, type EquipmentStatus, equipmentQuery } from '@pdz/contracts';
import type { DialectName } from '../../../platform/db/index';
import { sql } from '../../../platform/db/index';
import { contains } from '../../../platform/db/filters';
import { bool } from '../../../platform/http';
import { chunks, inVisible, type Db, type Visible } from './access';

/**
 * SQL of the equipment list and detail: the equipment with the names of what it hangs off, and
 * the creation of measuring points from a model's standard set.
 */
export function equipmentSelect(db: Db) {
  return db
    .selectFrom('asset_equipment as e')
    .innerJoin('asset_station as s', 's.id', 'e.station_id')
    .innerJoin('asset_customer as c', 'c.id', 'e.customer_id')
    .innerJoin('asset_equipment_model as m', 'm.id', 'e.model_id')
    .leftJoin('asset_cabinet as cb', 'cb.id', 'e.cabinet_id')
    .leftJoin('asset_gateway as g', 'g.id', 'e.gateway_id')
    .selectAll('e')
    .select([
      's.name as station_name',
      'c.name as customer_name',
      'm.code as model_code',
      'm.name as model_name',
      'cb.name as cabinet_name',
      'g.code as gateway_code',
      'g.name as gateway_name',
    ])
    .select((eb) => eb.selectFrom('asset_point as p').select(eb.fn.countAll<number>().as('n')).whereRef('p.equipment_id', '=', 'e.id').as('point_count'));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof equipmentSelect>['executeTakeFirstOrThrow']>>;

export function toEquipmentRow(r: SelectedRow): EquipmentRow {
  return {
    id: r.id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    stationId: r.station_id,
    stationName: r.station_name,
    cabinetId: r.cabinet_id,
    cabinetName: r.cabinet_name,
    gatewayId: r.gateway_id,
    gatewayCode: r.gateway_code,
    gatewayName: r.gateway_name,
    modelId: r.model_id,
    modelCode: r.model_code,
    modelName: r.model_name,
    code: r.code,
    name: r.name,
    equipmentType: r.equipment_type,
    equipmentTypeName: equipmentTypeLabel(r.equipment_type),
    commAddress: r.comm_address,
    ctRatio: Number(r.ct_ratio),
    ptRatio: Number(r.pt_ratio),
    valuesArePrimary: bool(r.values_are_primary),
    ratedKva: r.rated_kva === null ? null : Number(r.rated_kva),
    ratedCurrent: r.rated_current === null ? null : Number(r.rated_current),
    manufacturer: r.manufacturer,
    installDate: r.install_date,
    status: r.status as EquipmentStatus,
    online: bool(r.online),
    lastSeenAt: r.last_seen_at,
    orderNum: r.order_num,
    remark: r.remark,
    pointCount: Number(r.point_count ?? 0),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** The list filters as dialect-neutral conditions on `asset_equipment as e`. */
export function equipmentFilters(dialect: DialectName, visible: Visible, q: Partial<z.infer<typeof equipmentQuery>>): Expression<SqlBool>[] {
  const f: Expression<SqlBool>[] = [inVisible('e.customer_id', visible)];
  const eq = (col: string, v: unknown) => sql<SqlBool>`${sql.ref(col)} = ${v}`;
  if (q.customerId) f.push(eq('e.customer_id', q.customerId));
  if (q.stationId) f.push(eq('e.station_id', q.stationId));
  if (q.cabinetId) f.push(eq('e.cabinet_id', q.cabinetId));
  if (q.gatewayId) f.push(eq('e.gateway_id', q.gatewayId));
  if (q.modelId) f.push(eq('e.model_id', q.modelId));
  if (q.equipmentType) f.push(eq('e.equipment_type', q.equipmentType));
  if (q.status) f.push(eq('e.status', q.status));
  if (q.keyword) f.push(sql<SqlBool>`(${contains(dialect, 'e.code', q.keyword)} or ${contains(dialect, 'e.name', q.keyword)})`);
  return f;
}

/** Largest rows per INSERT: 15 columns × 400 stays far below both dialects' parameter limits. */
export const INSERT_BATCH = 400;

/**
 * Creates the measuring points of freshly added equipment from their models' standard sets, in
 * the caller's transaction. Returns how many points were created.
 */
export async function createPointsFromModels(trx: Db, items: { equipmentId: number; modelId: number }[], t = Date.now()): Promise<number> {
  if (!items.length) return 0;
  const modelIds = [...new Set(items.map((i) => i.modelId))];
  const templates = await trx.selectFrom('asset_model_point').selectAll().where('model_id', 'in', modelIds).orderBy('order_num').orderBy('id').execute();
  const byModel = new Map<number, typeof templates>();
  for (const p of templates) {
    const list = byModel.get(p.model_id);
    if (list) list.push(p);
    else byModel.set(p.model_id, [p]);
  }
  const rows = items.flatMap(({ equipmentId, modelId }) =>
    (byModel.get(modelId) ?? []).map((p) => ({
      equipment_id: equipmentId,
      model_point_id: p.id,
      point_key: p.point_key,
      name: p.name,
      kind: p.kind,
      unit: p.unit,
      precision: p.precision,
      ratio: p.ratio,
      is_tag: p.is_tag,
      order_num: p.order_num,
      enabled: 1,
      created_at: t,
      updated_at: t,
    })),
  );
  for (const batch of chunks(rows, INSERT_BATCH)) await trx.insertInto('asset_point').values(batch).execute();
  return rows.length;
}

/** What hangs off an equipment's points: raw rules and point alarm configs, counted. */
export async function pointBindings(db: Db, equipmentId: number): Promise<{ rules: number; alarms: number }> {
  const rules = await db
    .selectFrom('iot_raw_rule as r')
    .innerJoin('asset_point as p', 'p.id', 'r.point_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.equipment_id', '=', equipmentId)
    .executeTakeFirstOrThrow();
  const alarms = await db.selectFrom('alarm_config').select((eb) => eb.fn.countAll<number>().as('n')).where('equipment_id', '=', equipmentId).where('point_id', 'is not', null).executeTakeFirstOrThrow();
  return { rules: Number(rules.n), alarms: Number(alarms.n) };
}
