import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  EQUIPMENT_SORT_COLUMNS,
  equipmentTypeLabel,
  type EquipmentBaseInfo,
  type EquipmentRow,
  type Page,
  equipmentAddBody,
  equipmentEditBody,
  equipmentQuery,
} from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import type { Database } from '../../../platform/db/schema';
import { sql } from '../../../platform/db/index';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { bit, bool, offsetOf, page, sortColumn } from '../../../platform/http';
import { inVisible, loadEquipment, loadStation, uniquely, type Db, type EquipmentEntity, type Visible } from './access';
import { createPointsFromModels, equipmentFilters, equipmentSelect, pointBindings, toEquipmentRow } from './equipment.repo';

export type EquipmentInput = z.infer<typeof equipmentAddBody>;

const SORT: Record<(typeof EQUIPMENT_SORT_COLUMNS)[number], string> = {
  id: 'e.id',
  code: 'e.code',
  name: 'e.name',
  equipmentType: 'e.equipment_type',
  stationName: 's.name',
  createdAt: 'e.created_at',
  orderNum: 'e.order_num',
};

export const codeTaken = (code: string) => conflict(`设备编号“${code}”已存在`);

export async function pageEquipment(ctx: AppContext, visible: Visible, q: z.infer<typeof equipmentQuery>): Promise<Page<EquipmentRow>> {
  const where = equipmentFilters(ctx.dialect, visible, q);
  let count = ctx.db.selectFrom('asset_equipment as e').select((eb) => eb.fn.countAll<number>().as('n'));
  // The page's ids first (sorted and cut without the names and the per-row point count), then the
  // full rows of those ids only: a deep page or a sort by name no longer counts the points of
  // every row it skips (page 500 of 10,000 took 230 ms on SQLite and 380 ms on PostgreSQL).
  let ids = ctx.db.selectFrom('asset_equipment as e').innerJoin('asset_station as s', 's.id', 'e.station_id').select('e.id');
  for (const w of where) {
    count = count.where(w);
    ids = ids.where(w);
  }
  const { n } = await count.executeTakeFirstOrThrow();
  const pageIds = (
    await ids
      .orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'e.id')), q.order ?? 'asc')
      .orderBy('e.id')
      .limit(q.pageSize)
      .offset(offsetOf(q.pageNum, q.pageSize))
      .execute()
  ).map((r) => r.id);
  const rows = pageIds.length ? await equipmentSelect(ctx.db).where('e.id', 'in', pageIds).execute() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const list = pageIds.flatMap((id) => (byId.has(id) ? [toEquipmentRow(byId.get(id)!)] : []));
  return page(list, Number(n), q.pageNum, q.pageSize);
}

/** The filtered list without paging (export), capped so one request cannot exhaust memory. */
export async function listEquipment(ctx: AppContext, visible: Visible, q: z.infer<typeof equipmentQuery>, max: number): Promise<EquipmentRow[]> {
  let rows = equipmentSelect(ctx.db);
  for (const w of equipmentFilters(ctx.dialect, visible, q)) rows = rows.where(w);
  const list = await rows.orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'e.id')), q.order ?? 'asc').orderBy('e.id').limit(max).execute();
  return list.map(toEquipmentRow);
}

export async function getEquipment(db: Db, visible: Visible, id: number): Promise<EquipmentRow> {
  const row = await equipmentSelect(db).where('e.id', '=', id).where(inVisible('e.customer_id', visible)).executeTakeFirst();
  if (!row) throw notFound('设备');
  return toEquipmentRow(row);
}

export async function baseInfos(db: Db, visible: Visible, ids: number[]): Promise<EquipmentBaseInfo[]> {
  const rows = await db
    .selectFrom('asset_equipment as e')
    .innerJoin('asset_station as s', 's.id', 'e.station_id')
    .innerJoin('asset_equipment_model as m', 'm.id', 'e.model_id')
    .leftJoin('asset_cabinet as cb', 'cb.id', 'e.cabinet_id')
    .select(['e.id', 'e.code', 'e.name', 'e.equipment_type', 'e.station_id', 's.name as station_name', 'e.cabinet_id', 'cb.name as cabinet_name', 'm.name as model_name', 'e.online'])
    .where('e.id', 'in', [...new Set(ids)])
    .where(inVisible('e.customer_id', visible))
    .orderBy('e.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    equipmentType: r.equipment_type,
    equipmentTypeName: equipmentTypeLabel(r.equipment_type),
    stationId: r.station_id,
    stationName: r.station_name,
    cabinetId: r.cabinet_id,
    cabinetName: r.cabinet_name,
    modelName: r.model_name,
    online: bool(r.online),
  }));
}

/** Station, cabinet, gateway and model of an input, checked against scope and each other. */
async function resolveRefs(db: Db, visible: Visible, input: EquipmentInput) {
  const station = await loadStation(db, visible, input.stationId);
  if (input.cabinetId !== null) {
    const cabinet = await db.selectFrom('asset_cabinet').select(['id', 'station_id']).where('id', '=', input.cabinetId).executeTakeFirst();
    if (!cabinet) throw notFound('柜体');
    if (cabinet.station_id !== station.id) throw badRequest('所选柜体不属于所选站点');
  }
  if (input.gatewayId !== null) {
    const gateway = await db.selectFrom('asset_gateway').select(['id', 'station_id', 'customer_id']).where('id', '=', input.gatewayId).executeTakeFirst();
    if (!gateway || gateway.customer_id !== station.customer_id) throw notFound('网关');
    if (gateway.station_id !== station.id) throw badRequest('所选网关不属于所选站点');
  }
  const model = await db.selectFrom('asset_equipment_model').select(['id', 'equipment_type', 'name']).where('id', '=', input.modelId).executeTakeFirst();
  if (!model) throw notFound('设备型号');
  return { station, model };
}

async function codeExists(db: Db, customerId: number, code: string, exceptId: number | null) {
  let q = db.selectFrom('asset_equipment').select('id').where('customer_id', '=', customerId).where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export function equipmentColumns(input: EquipmentInput, customerId: number, equipmentType: string) {
  return {
    customer_id: customerId,
    station_id: input.stationId,
    cabinet_id: input.cabinetId,
    gateway_id: input.gatewayId,
    model_id: input.modelId,
    code: input.code,
    name: input.name,
    equipment_type: equipmentType,
    comm_address: input.commAddress,
    ct_ratio: input.ctRatio,
    pt_ratio: input.ptRatio,
    values_are_primary: bit(input.valuesArePrimary),
    rated_kva: input.ratedKva,
    rated_current: input.ratedCurrent,
    manufacturer: input.manufacturer,
    install_date: input.installDate,
    status: input.status,
    order_num: input.orderNum,
    remark: input.remark,
  };
}

/** Adds an equipment and, in the same transaction, its points from the model's standard set. */
export async function addEquipment(db: Kysely<Database>, visible: Visible, input: EquipmentInput): Promise<{ id: number; points: number }> {
  const { station, model } = await resolveRefs(db, visible, input);
  if (await codeExists(db, station.customer_id, input.code, null)) throw codeTaken(input.code);
  const t = Date.now();
  return uniquely(
    () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('asset_equipment')
          .values({ ...equipmentColumns(input, station.customer_id, model.equipment_type), online: 0, last_seen_at: null, created_at: t, updated_at: t })
          .returning('id')
          .executeTakeFirstOrThrow();
        const points = await createPointsFromModels(trx, [{ equipmentId: row.id, modelId: model.id }], t);
        return { id: row.id, points };
      }),
    () => codeTaken(input.code),
  );
}

/**
 * Edits an equipment. A model change rebuilds its points (refused while points carry raw rules
 * or alarm configs); a gateway change carries the equipment's rules on the old gateway over to
 * the new one; a station change is refused while a rule still points at another station's gateway.
 */
export async function editEquipment(db: Kysely<Database>, visible: Visible, input: z.infer<typeof equipmentEditBody>): Promise<{ before: EquipmentEntity; pointsRebuilt: boolean; rulesMoved: number }> {
  const current = await loadEquipment(db, visible, input.id);
  const { station, model } = await resolveRefs(db, visible, input);
  const modelChanged = current.model_id !== input.modelId;
  if (modelChanged) {
    const b = await pointBindings(db, current.id);
    if (b.rules || b.alarms) {
      const what = [b.rules ? `${b.rules} 条原始数据规则` : '', b.alarms ? `${b.alarms} 条告警配置` : ''].filter(Boolean).join('和');
      throw badRequest(`设备“${current.name}”的测点已有${what}，不能更换型号，请先删除这些规则`);
    }
  }
  if ((station.customer_id !== current.customer_id || input.code !== current.code) && (await codeExists(db, station.customer_id, input.code, current.id))) {
    throw codeTaken(input.code);
  }
  if (station.id !== current.station_id) {
    const cap = await db.selectFrom('asset_capacitor').select(['code', 'name']).where('equipment_id', '=', current.id).executeTakeFirst();
    if (cap) throw badRequest(`设备“${current.name}”是电容器“${cap.name}（${cap.code}）”的补偿控制器，不能更换站点`);
  }
  const rules = await db
    .selectFrom('iot_raw_rule as r')
    .innerJoin('asset_point as p', 'p.id', 'r.point_id')
    .innerJoin('asset_gateway as g', 'g.id', 'r.gateway_id')
    .select(['r.id', 'r.raw_tag', 'r.gateway_id', 'g.station_id', 'p.name as point_name'])
    .where('p.equipment_id', '=', current.id)
    .execute();
  const gatewayChanged = input.gatewayId !== null && input.gatewayId !== current.gateway_id;
  const moving = gatewayChanged ? rules.filter((r) => r.gateway_id === current.gateway_id) : [];
  if (moving.length) {
    const clash = await db
      .selectFrom('iot_raw_rule')
      .select('raw_tag')
      .where('gateway_id', '=', input.gatewayId!)
      .where('raw_tag', 'in', moving.map((r) => r.raw_tag))
      .executeTakeFirst();
    if (clash) throw conflict(`原始标签“${clash.raw_tag}”在新网关上已被使用`);
  }
  const movingIds = new Set(moving.map((r) => r.id));
  const stranded = rules.find((r) => !movingIds.has(r.id) && r.station_id !== station.id);
  if (stranded) throw badRequest(`测点“${stranded.point_name}”的原始数据规则绑定在其他站点的网关上，不能更换站点，请先修改该规则`);

  const t = Date.now();
  await uniquely(
    () =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('asset_equipment').set({ ...equipmentColumns(input, station.customer_id, model.equipment_type), updated_at: t }).where('id', '=', current.id).execute();
        if (moving.length) await trx.updateTable('iot_raw_rule').set({ gateway_id: input.gatewayId!, updated_at: t }).where('id', 'in', [...movingIds]).execute();
        if (modelChanged) {
          await trx.deleteFrom('asset_point').where('equipment_id', '=', current.id).execute();
          await createPointsFromModels(trx, [{ equipmentId: current.id, modelId: model.id }], t);
        }
      }),
    () => codeTaken(input.code),
  );
  return { before: current, pointsRebuilt: modelChanged, rulesMoved: moving.length };
}

/**
 * Removes an equipment with its points, raw rules and alarm configs in one transaction. Refused,
 * naming the blocker, while a capacitor bank record refers to it as its controller.
 */
export async function removeEquipment(db: Kysely<Database>, visible: Visible, id: number): Promise<{ equipment: EquipmentEntity; points: number; rules: number; alarms: number }> {
  const equipment = await loadEquipment(db, visible, id);
  const capacitor = await db.selectFrom('asset_capacitor').select(['code', 'name']).where('equipment_id', '=', id).executeTakeFirst();
  if (capacitor) throw badRequest(`设备“${equipment.name}”是电容器“${capacitor.name}（${capacitor.code}）”的补偿控制器，请先修改或删除该电容器`);
  return db.transaction().execute(async (trx) => {
    const pointIds = (await trx.selectFrom('asset_point').select('id').where('equipment_id', '=', id).execute()).map((p) => p.id);
    let rules = 0;
    if (pointIds.length) rules = Number((await trx.deleteFrom('iot_raw_rule').where('point_id', 'in', pointIds).executeTakeFirst()).numDeletedRows);
    const alarms = Number((await trx.deleteFrom('alarm_config').where('equipment_id', '=', id).executeTakeFirst()).numDeletedRows);
    await trx.deleteFrom('asset_point').where('equipment_id', '=', id).execute();
    await trx.deleteFrom('asset_equipment').where('id', '=', id).execute();
    return { equipment, points: pointIds.length, rules, alarms };
  });
}
