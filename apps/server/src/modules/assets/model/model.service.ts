import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import {
  MODEL_SORT_COLUMNS,
  equipmentTypeLabel,
  type EquipmentModelDetail,
  type EquipmentModelRow,
  type ModelPointInput,
  type ModelPointRow,
  type Page,
  type PointKind,
  type PointRatio,
  type PointTreeNode,
  modelAddBody,
  modelEditBody,
  modelQuery,
} from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import type { Database } from '../../../platform/db/schema';
import type { AssetTables } from '../../../platform/db/schema-assets';
import { contains } from '../../../platform/db/filters';
import { sql } from '../../../platform/db/index';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { bit, bool, offsetOf, page, sortColumn } from '../../../platform/http';
import { inVisible, uniquely, type Db, type Visible } from '../equipment/access';

type ModelEntity = Selectable<AssetTables['asset_equipment_model']>;
type ModelPointEntity = Selectable<AssetTables['asset_model_point']>;

const SORT: Record<(typeof MODEL_SORT_COLUMNS)[number], string> = {
  id: 'm.id',
  code: 'm.code',
  name: 'm.name',
  equipmentType: 'm.equipment_type',
  createdAt: 'm.created_at',
};

const codeTaken = (code: string) => conflict(`型号编码“${code}”已存在`);

function toRow(m: ModelEntity, pointCount: number): EquipmentModelRow {
  return {
    id: m.id,
    code: m.code,
    name: m.name,
    equipmentType: m.equipment_type,
    equipmentTypeName: equipmentTypeLabel(m.equipment_type),
    manufacturer: m.manufacturer,
    description: m.description,
    builtIn: bool(m.built_in),
    pointCount,
    createdAt: m.created_at,
    updatedAt: m.updated_at,
  };
}

export function toModelPoint(p: ModelPointEntity): ModelPointRow {
  return {
    id: p.id,
    modelId: p.model_id,
    pointKey: p.point_key,
    name: p.name,
    kind: p.kind as PointKind,
    unit: p.unit,
    precision: p.precision,
    ratio: p.ratio as PointRatio | null,
    isTag: bool(p.is_tag),
    orderNum: p.order_num,
  };
}

function pointColumns(modelId: number, p: ModelPointInput, index: number) {
  return {
    model_id: modelId,
    point_key: p.pointKey,
    name: p.name,
    kind: p.kind,
    unit: p.unit,
    precision: p.precision,
    ratio: p.ratio,
    is_tag: bit(p.isTag),
    order_num: p.orderNum || index + 1,
  };
}

/** The filtered catalogue; models are shared by every customer, so listing them needs no scope filter. */
function modelsQuery(ctx: AppContext, q: ModelFilter) {
  let base = ctx.db.selectFrom('asset_equipment_model as m');
  if (q.equipmentType) base = base.where('m.equipment_type', '=', q.equipmentType);
  if (q.builtIn !== undefined) base = base.where('m.built_in', '=', bit(q.builtIn));
  if (q.keyword) base = base.where((eb) => eb.or([contains(ctx.dialect, 'm.code', q.keyword!), contains(ctx.dialect, 'm.name', q.keyword!)]));
  return base;
}

type ModelFilter = Omit<z.infer<typeof modelQuery>, 'pageNum' | 'pageSize'>;

/** Rows with their point counts, sorted (whitelisted column, then id), at most `limit` from `offset`. */
async function modelRows(ctx: AppContext, q: ModelFilter, limit: number, offset: number): Promise<EquipmentModelRow[]> {
  const rows = await modelsQuery(ctx, q)
    .selectAll('m')
    .select((eb) => eb.selectFrom('asset_model_point as p').select(eb.fn.countAll<number>().as('c')).whereRef('p.model_id', '=', 'm.id').as('point_count'))
    .orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'm.id')), q.order ?? 'asc')
    .orderBy('m.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(({ point_count, ...m }) => toRow(m, Number(point_count ?? 0)));
}

export async function pageModels(ctx: AppContext, q: z.infer<typeof modelQuery>): Promise<Page<EquipmentModelRow>> {
  const { n } = await modelsQuery(ctx, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return page(await modelRows(ctx, q, q.pageSize, offsetOf(q.pageNum, q.pageSize)), Number(n), q.pageNum, q.pageSize);
}

/** The same filters and sort as the list, without pages (the export). */
export function listModels(ctx: AppContext, q: ModelFilter, max: number): Promise<EquipmentModelRow[]> {
  return modelRows(ctx, q, max, 0);
}

export async function modelPoints(db: Db, modelId: number): Promise<ModelPointEntity[]> {
  return db.selectFrom('asset_model_point').selectAll().where('model_id', '=', modelId).orderBy('order_num').orderBy('id').execute();
}

async function loadModel(db: Db, id: number): Promise<ModelEntity> {
  const m = await db.selectFrom('asset_equipment_model').selectAll().where('id', '=', id).executeTakeFirst();
  if (!m) throw notFound('设备型号');
  return m;
}

export async function getModel(db: Db, id: number): Promise<EquipmentModelDetail> {
  const m = await loadModel(db, id);
  const points = await modelPoints(db, id);
  return { ...toRow(m, points.length), points: points.map(toModelPoint) };
}

async function codeExists(db: Db, code: string, exceptId: number | null) {
  let q = db.selectFrom('asset_equipment_model').select('id').where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function addModel(db: Kysely<Database>, input: z.infer<typeof modelAddBody>): Promise<number> {
  if (await codeExists(db, input.code, null)) throw codeTaken(input.code);
  const t = Date.now();
  return uniquely(
    () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('asset_equipment_model')
          .values({ code: input.code, name: input.name, equipment_type: input.equipmentType, manufacturer: input.manufacturer, description: input.description, built_in: 0, created_at: t, updated_at: t })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (input.points.length) await trx.insertInto('asset_model_point').values(input.points.map((p, i) => pointColumns(row.id, p, i))).execute();
        return row.id;
      }),
    () => codeTaken(input.code),
  );
}

async function usageCount(db: Db, modelId: number, visible: Visible): Promise<{ all: number; visible: number }> {
  const count = async (scoped: boolean) => {
    let q = db.selectFrom('asset_equipment').select((eb) => eb.fn.countAll<number>().as('n')).where('model_id', '=', modelId);
    if (scoped) q = q.where(inVisible('customer_id', visible));
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const all = await count(false);
  return { all, visible: visible === null ? all : all ? await count(true) : 0 };
}

/** "in use by N equipment", counting only what the caller may see (never another customer's figures). */
function inUseText(usage: { all: number; visible: number }): string {
  return usage.visible ? `已被 ${usage.visible} 台设备使用` : '已被其他客户的设备使用';
}

export async function editModel(db: Kysely<Database>, visible: Visible, input: z.infer<typeof modelEditBody>): Promise<{ before: EquipmentModelRow }> {
  const current = await loadModel(db, input.id);
  if (current.built_in && (current.code !== input.code || current.equipment_type !== input.equipmentType)) {
    throw badRequest(`内置型号“${current.name}”的型号编码和设备类型不能修改`);
  }
  if (current.equipment_type !== input.equipmentType) {
    const usage = await usageCount(db, current.id, visible);
    if (usage.all) throw badRequest(`型号“${current.name}”${inUseText(usage)}，设备类型不能修改`);
  }
  if (current.code !== input.code && (await codeExists(db, input.code, current.id))) throw codeTaken(input.code);
  await uniquely(
    () =>
      db
        .updateTable('asset_equipment_model')
        .set({ code: input.code, name: input.name, equipment_type: input.equipmentType, manufacturer: input.manufacturer, description: input.description, updated_at: Date.now() })
        .where('id', '=', current.id)
        .execute(),
    () => codeTaken(input.code),
  );
  return { before: toRow(current, 0) };
}

/**
 * Replaces a model's standard point set in one transaction. Existing equipment keeps its own
 * points; points that came from a removed model point simply lose that link.
 */
export async function saveModelPoints(db: Kysely<Database>, modelId: number, points: ModelPointInput[]): Promise<{ model: ModelEntity; added: number; updated: number; removed: number }> {
  const model = await loadModel(db, modelId);
  const existing = await modelPoints(db, modelId);
  const byId = new Map(existing.map((p) => [p.id, p]));
  for (const p of points) if (p.id !== undefined && !byId.has(p.id)) throw badRequest(`测点“${p.name}”不属于该型号`);
  const kept = new Set(points.filter((p) => p.id !== undefined).map((p) => p.id!));
  const removedIds = existing.filter((p) => !kept.has(p.id)).map((p) => p.id);
  const updates = points.map((p, i) => ({ p, i })).filter(({ p }) => p.id !== undefined);
  const inserts = points.map((p, i) => ({ p, i })).filter(({ p }) => p.id === undefined);
  await db.transaction().execute(async (trx) => {
    if (removedIds.length) {
      await trx.updateTable('asset_point').set({ model_point_id: null }).where('model_point_id', 'in', removedIds).execute();
      await trx.deleteFrom('asset_model_point').where('id', 'in', removedIds).execute();
    }
    // Keys may be swapped between rows: park changed keys first so the unique (model, key) holds.
    for (const { p } of updates) if (byId.get(p.id!)!.point_key !== p.pointKey) await trx.updateTable('asset_model_point').set({ point_key: `#${p.id}` }).where('id', '=', p.id!).execute();
    for (const { p, i } of updates) await trx.updateTable('asset_model_point').set(pointColumns(modelId, p, i)).where('id', '=', p.id!).execute();
    if (inserts.length) await trx.insertInto('asset_model_point').values(inserts.map(({ p, i }) => pointColumns(modelId, p, i))).execute();
    await trx.updateTable('asset_equipment_model').set({ updated_at: Date.now() }).where('id', '=', modelId).execute();
  });
  return { model, added: inserts.length, updated: updates.length, removed: removedIds.length };
}

export async function removeModel(db: Kysely<Database>, visible: Visible, id: number): Promise<ModelEntity> {
  const m = await loadModel(db, id);
  if (m.built_in) throw badRequest(`内置型号“${m.name}”不能删除`);
  const usage = await usageCount(db, id, visible);
  if (usage.all) throw badRequest(`型号“${m.name}”${inUseText(usage)}，不能删除`);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('asset_model_point').where('model_id', '=', id).execute();
    await trx.deleteFrom('asset_equipment_model').where('id', '=', id).execute();
  });
  return m;
}

/** Models with their points as a two-level tree (one model when `id` is given). */
export async function modelPointTree(db: Db, id?: number): Promise<PointTreeNode[]> {
  let mq = db.selectFrom('asset_equipment_model').selectAll().orderBy('id');
  if (id !== undefined) mq = mq.where('id', '=', id);
  const models = await mq.execute();
  if (id !== undefined && !models.length) throw notFound('设备型号');
  if (!models.length) return [];
  const points = await db
    .selectFrom('asset_model_point')
    .selectAll()
    .where('model_id', 'in', models.map((m) => m.id))
    .orderBy('model_id')
    .orderBy('order_num')
    .orderBy('id')
    .execute();
  const byModel = new Map<number, ModelPointEntity[]>();
  for (const p of points) {
    const list = byModel.get(p.model_id);
    if (list) list.push(p);
    else byModel.set(p.model_id, [p]);
  }
  return models.map((m) => ({
    key: `model-${m.id}`,
    value: `model-${m.id}`,
    title: `${m.name}（${m.code}）`,
    isLeaf: false,
    selectable: false,
    id: m.id,
    children: (byModel.get(m.id) ?? []).map((p) => ({
      key: `point-${p.id}`,
      value: `point-${p.id}`,
      title: p.unit ? `${p.name}（${p.point_key}，${p.unit}）` : `${p.name}（${p.point_key}）`,
      isLeaf: true,
      selectable: true,
      id: p.id,
      pointKey: p.point_key,
      kind: p.kind as PointKind,
      unit: p.unit,
    })),
  }));
}
