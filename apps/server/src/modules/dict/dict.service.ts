import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import {
  DICT_DATA_SORT_COLUMNS,
  DICT_TYPE_SORT_COLUMNS,
  type DictDetailRow,
  type DictItem,
  type DictTypeOption,
  type DictTypeRow,
  type Page,
  dictDataQuery,
  dictDetailAddBody,
  dictTypeAddBody,
  dictTypeQuery,
} from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import type { Database, DictDataTable, DictTypeTable } from '../../platform/db/schema';
import { contains, isUniqueViolation } from '../../platform/db/filters';
import { sql } from '../../platform/db/index';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { bit, bool, offsetOf, page, sortColumn } from '../../platform/http';

type Db = Kysely<Database>;
export type DictTypeInput = z.infer<typeof dictTypeAddBody>;
export type DictDetailInput = z.infer<typeof dictDetailAddBody>;

const TYPE_SORT: Record<(typeof DICT_TYPE_SORT_COLUMNS)[number], string> = { id: 't.id', dictType: 't.dict_type', createdAt: 't.created_at' };
const DATA_SORT: Record<(typeof DICT_DATA_SORT_COLUMNS)[number], string> = { dictSort: 'd.dict_sort', id: 'd.id', createdAt: 'd.created_at' };

const typeExists = (dictType: string) => conflict(`字典类型“${dictType}”已存在`);
const valueExists = (dictValue: string) => conflict(`字典键值“${dictValue}”已存在`);

function toTypeRow(t: Selectable<DictTypeTable>, itemCount: number): DictTypeRow {
  return { id: t.id, dictName: t.dict_name, dictType: t.dict_type, enabled: bool(t.enabled), remark: t.remark, builtIn: bool(t.built_in), itemCount, createdAt: t.created_at };
}

function toDetailRow(d: Selectable<DictDataTable>): DictDetailRow {
  return {
    id: d.id,
    dictType: d.dict_type,
    dictLabel: d.dict_label,
    dictValue: d.dict_value,
    dictSort: d.dict_sort,
    listClass: d.list_class,
    isDefault: bool(d.is_default),
    enabled: bool(d.enabled),
    remark: d.remark,
    createdAt: d.created_at,
  };
}

/** Enabled items of an enabled type, in display order (the console's dictionary hook). */
export async function selectItems(db: Db, dictType: string): Promise<DictItem[]> {
  const rows = await db
    .selectFrom('sys_dict_data as d')
    .innerJoin('sys_dict_type as t', 't.dict_type', 'd.dict_type')
    .select(['d.dict_value', 'd.dict_label', 'd.list_class', 'd.is_default'])
    .where('d.dict_type', '=', dictType)
    .where('d.enabled', '=', 1)
    .where('t.enabled', '=', 1)
    .orderBy('d.dict_sort')
    .orderBy('d.id')
    .execute();
  return rows.map((r) => ({ value: r.dict_value, label: r.dict_label, listClass: r.list_class, isDefault: bool(r.is_default) }));
}

export async function pageTypes(ctx: AppContext, q: z.infer<typeof dictTypeQuery>): Promise<Page<DictTypeRow>> {
  let base = ctx.db.selectFrom('sys_dict_type as t');
  if (q.dictName) base = base.where(contains(ctx.dialect, 't.dict_name', q.dictName));
  if (q.dictType) base = base.where(contains(ctx.dialect, 't.dict_type', q.dictType));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('t')
    .select((eb) => eb.selectFrom('sys_dict_data as d').select(eb.fn.countAll<number>().as('c')).whereRef('d.dict_type', '=', 't.dict_type').as('item_count'))
    .orderBy(sql.ref(sortColumn(q.orderBy, TYPE_SORT, 't.id')), q.order ?? 'asc')
    .orderBy('t.id')
    .limit(q.pageSize)
    .offset(offsetOf(q.pageNum, q.pageSize))
    .execute();
  return page(
    rows.map(({ item_count, ...t }) => toTypeRow(t, Number(item_count ?? 0))),
    Number(n),
    q.pageNum,
    q.pageSize,
  );
}

export async function getType(db: Db, id: number): Promise<DictTypeRow> {
  const t = await db.selectFrom('sys_dict_type').selectAll().where('id', '=', id).executeTakeFirst();
  if (!t) throw notFound('字典');
  const { n } = await db.selectFrom('sys_dict_data').select((eb) => eb.fn.countAll<number>().as('n')).where('dict_type', '=', t.dict_type).executeTakeFirstOrThrow();
  return toTypeRow(t, Number(n));
}

export async function typeOptions(db: Db): Promise<DictTypeOption[]> {
  const rows = await db.selectFrom('sys_dict_type').select(['dict_type', 'dict_name', 'enabled']).orderBy('id').execute();
  return rows.map((r) => ({ dictType: r.dict_type, dictName: r.dict_name, enabled: bool(r.enabled) }));
}

async function typeTaken(db: Db, dictType: string, exceptId: number | null) {
  let q = db.selectFrom('sys_dict_type').select('id').where('dict_type', '=', dictType);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Runs a write and turns a unique-constraint race into the same 409 the pre-check gives. */
async function uniquely<T>(work: () => Promise<T>, onDuplicate: () => Error): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw onDuplicate();
    throw err;
  }
}

export async function addType(db: Db, input: DictTypeInput): Promise<number> {
  if (await typeTaken(db, input.dictType, null)) throw typeExists(input.dictType);
  const t = Date.now();
  const row = await uniquely(
    () =>
      db
        .insertInto('sys_dict_type')
        .values({ dict_name: input.dictName, dict_type: input.dictType, enabled: bit(input.enabled), built_in: 0, remark: input.remark, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow(),
    () => typeExists(input.dictType),
  );
  return row.id;
}

/** Updates a type; a new `dictType` is carried to its items in the same transaction. */
export async function editType(db: Db, id: number, input: DictTypeInput): Promise<{ before: string }> {
  const current = await db.selectFrom('sys_dict_type').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound('字典');
  const renamed = current.dict_type !== input.dictType;
  if (renamed && current.built_in) throw badRequest(`内置字典“${current.dict_name}”的字典类型不能修改`);
  if (renamed && (await typeTaken(db, input.dictType, id))) throw typeExists(input.dictType);
  await uniquely(
    () =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sys_dict_type')
          .set({ dict_name: input.dictName, dict_type: input.dictType, enabled: bit(input.enabled), remark: input.remark, updated_at: Date.now() })
          .where('id', '=', id)
          .execute();
        if (renamed) await trx.updateTable('sys_dict_data').set({ dict_type: input.dictType }).where('dict_type', '=', current.dict_type).execute();
      }),
    () => typeExists(input.dictType),
  );
  return { before: current.dict_type };
}

/** Removes types and their items together; refused as a whole if any type is built in. */
export async function removeTypes(db: Db, ids: number[]): Promise<string[]> {
  const rows = await db.selectFrom('sys_dict_type').select(['id', 'dict_type', 'dict_name', 'built_in']).where('id', 'in', ids).execute();
  if (rows.length !== new Set(ids).size) throw notFound('字典');
  const builtIn = rows.find((r) => r.built_in);
  if (builtIn) throw badRequest(`内置字典“${builtIn.dict_name}”不能删除`);
  const types = rows.map((r) => r.dict_type);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sys_dict_data').where('dict_type', 'in', types).execute();
    await trx.deleteFrom('sys_dict_type').where('id', 'in', ids).execute();
  });
  return types;
}

export async function pageDetails(ctx: AppContext, q: z.infer<typeof dictDataQuery>): Promise<Page<DictDetailRow>> {
  let base = ctx.db.selectFrom('sys_dict_data as d').where('d.dict_type', '=', q.dictType);
  if (q.dictLabel) base = base.where(contains(ctx.dialect, 'd.dict_label', q.dictLabel));
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('d')
    .orderBy(sql.ref(sortColumn(q.orderBy, DATA_SORT, 'd.dict_sort')), q.order ?? 'asc')
    .orderBy('d.id')
    .limit(q.pageSize)
    .offset(offsetOf(q.pageNum, q.pageSize))
    .execute();
  return page(rows.map(toDetailRow), Number(n), q.pageNum, q.pageSize);
}

export async function getDetail(db: Db, id: number): Promise<DictDetailRow> {
  const d = await db.selectFrom('sys_dict_data').selectAll().where('id', '=', id).executeTakeFirst();
  if (!d) throw notFound('字典数据');
  return toDetailRow(d);
}

async function checkDetail(db: Db, input: DictDetailInput, selfId: number | null) {
  const type = await db.selectFrom('sys_dict_type').select('id').where('dict_type', '=', input.dictType).executeTakeFirst();
  if (!type) throw badRequest(`字典类型“${input.dictType}”不存在`);
  let q = db.selectFrom('sys_dict_data').select('id').where('dict_type', '=', input.dictType).where('dict_value', '=', input.dictValue);
  if (selfId !== null) q = q.where('id', '!=', selfId);
  if (await q.executeTakeFirst()) throw valueExists(input.dictValue);
}

function detailColumns(input: DictDetailInput) {
  return {
    dict_type: input.dictType,
    dict_label: input.dictLabel,
    dict_value: input.dictValue,
    dict_sort: input.dictSort,
    list_class: input.listClass,
    is_default: bit(input.isDefault),
    enabled: bit(input.enabled),
    remark: input.remark,
  };
}

/** One default item per type: marking an item default clears the others in the same transaction. */
async function clearOtherDefaults(db: Db, dictType: string, selfId: number) {
  await db.updateTable('sys_dict_data').set({ is_default: 0 }).where('dict_type', '=', dictType).where('id', '!=', selfId).execute();
}

export async function addDetail(db: Db, input: DictDetailInput): Promise<number> {
  await checkDetail(db, input, null);
  const t = Date.now();
  return uniquely(
    () =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('sys_dict_data')
          .values({ ...detailColumns(input), created_at: t, updated_at: t })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (input.isDefault) await clearOtherDefaults(trx, input.dictType, row.id);
        return row.id;
      }),
    () => valueExists(input.dictValue),
  );
}

export async function editDetail(db: Db, id: number, input: DictDetailInput): Promise<DictDetailRow> {
  const before = await getDetail(db, id);
  await checkDetail(db, input, id);
  await uniquely(
    () =>
      db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sys_dict_data')
          .set({ ...detailColumns(input), updated_at: Date.now() })
          .where('id', '=', id)
          .execute();
        if (input.isDefault) await clearOtherDefaults(trx, input.dictType, id);
      }),
    () => valueExists(input.dictValue),
  );
  return before;
}

export async function removeDetail(db: Db, id: number): Promise<DictDetailRow> {
  const before = await getDetail(db, id);
  await db.deleteFrom('sys_dict_data').where('id', '=', id).execute();
  return before;
}
