import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { BAY_SORT_COLUMNS, type BayRow, type Page, bayAddBody, bayQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import type { Database } from '../../../platform/db/schema';
import { sql } from '../../../platform/db/index';
import { contains } from '../../../platform/db/filters';
import { badRequest, conflict } from '../../../platform/errors';
import { offsetOf, page, sortColumn } from '../../../platform/http';
import { countByParent, describeBlockers, inVisible, loadAll, loadBay, loadStation, uniquely, type BayEntity, type Db, type Visible } from '../tree/site-access';

export type BayInput = z.infer<typeof bayAddBody>;
type BayQuery = z.infer<typeof bayQuery>;

const SORT: Record<(typeof BAY_SORT_COLUMNS)[number], string> = { id: 'b.id', code: 'b.code', name: 'b.name', orderNum: 'b.order_num', createdAt: 'b.created_at' };
export const bayCodeTaken = (code: string) => conflict(`间隔编号“${code}”已存在`);

function baseQuery(ctx: AppContext, visible: Visible, q: Partial<BayQuery>) {
  let b = ctx.db
    .selectFrom('asset_bay as b')
    .innerJoin('asset_station as s', 's.id', 'b.station_id')
    .innerJoin('asset_customer as c', 'c.id', 's.customer_id')
    .where(inVisible('s.customer_id', visible));
  if (q.keyword) b = b.where((eb) => eb.or([contains(ctx.dialect, 'b.name', q.keyword!), contains(ctx.dialect, 'b.code', q.keyword!)]));
  if (q.customerId) b = b.where('s.customer_id', '=', q.customerId);
  if (q.stationId) b = b.where('b.station_id', '=', q.stationId);
  return b;
}

function select(b: ReturnType<typeof baseQuery>) {
  return b
    .selectAll('b')
    .select(['s.name as station_name', 's.customer_id', 'c.name as customer_name'])
    .select((eb) => eb.selectFrom('asset_cabinet as x').select(eb.fn.countAll<number>().as('n')).whereRef('x.bay_id', '=', 'b.id').as('cabinet_count'));
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
function toRow(b: Selected): BayRow {
  return {
    id: b.id,
    customerId: b.customer_id,
    customerName: b.customer_name,
    stationId: b.station_id,
    stationName: b.station_name,
    code: b.code,
    name: b.name,
    voltageLevel: b.voltage_level,
    orderNum: b.order_num,
    remark: b.remark,
    cabinetCount: Number(b.cabinet_count ?? 0),
    createdAt: b.created_at,
    updatedAt: b.updated_at,
  };
}

export async function pageBays(ctx: AppContext, visible: Visible, q: BayQuery): Promise<Page<BayRow>> {
  const b = baseQuery(ctx, visible, q);
  const { n } = await b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await select(b).orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'b.order_num')), q.order ?? 'asc').orderBy('b.id').limit(q.pageSize).offset(offsetOf(q.pageNum, q.pageSize)).execute();
  return page(rows.map(toRow), Number(n), q.pageNum, q.pageSize);
}

export async function listBays(ctx: AppContext, visible: Visible, q: BayQuery, max: number): Promise<BayRow[]> {
  const rows = await select(baseQuery(ctx, visible, q)).orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'b.order_num')), q.order ?? 'asc').orderBy('b.id').limit(max).execute();
  return rows.map(toRow);
}

export async function getBay(ctx: AppContext, visible: Visible, id: number): Promise<BayRow> {
  await loadBay(ctx.db, visible, id);
  return toRow(await select(baseQuery(ctx, visible, {})).where('b.id', '=', id).executeTakeFirstOrThrow());
}

export async function bayCodeExists(db: Db, stationId: number, code: string, exceptId: number | null) {
  let q = db.selectFrom('asset_bay').select('id').where('station_id', '=', stationId).where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function addBay(db: Kysely<Database>, visible: Visible, input: BayInput): Promise<number> {
  await loadStation(db, visible, input.stationId);
  if (await bayCodeExists(db, input.stationId, input.code, null)) throw bayCodeTaken(input.code);
  const t = Date.now();
  const row = await uniquely(
    () =>
      db
        .insertInto('asset_bay')
        .values({ station_id: input.stationId, code: input.code, name: input.name, voltage_level: input.voltageLevel, order_num: input.orderNum, remark: input.remark, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow(),
    () => bayCodeTaken(input.code),
  );
  return row.id;
}

/** Edits in place; another station is a move (its cabinets follow), done through /api/assetManage/move. */
export async function editBay(db: Kysely<Database>, visible: Visible, id: number, input: BayInput): Promise<BayEntity> {
  const before = await loadBay(db, visible, id);
  if (input.stationId !== before.station_id) throw badRequest('不能在编辑中更换所属站点，请在资产树中使用“移动”');
  if (await bayCodeExists(db, before.station_id, input.code, id)) throw bayCodeTaken(input.code);
  await uniquely(
    () =>
      db
        .updateTable('asset_bay')
        .set({ code: input.code, name: input.name, voltage_level: input.voltageLevel, order_num: input.orderNum, remark: input.remark, updated_at: Date.now() })
        .where('id', '=', id)
        .execute(),
    () => bayCodeTaken(input.code),
  );
  return before;
}

export async function removeBays(db: Kysely<Database>, visible: Visible, ids: number[]): Promise<BayEntity[]> {
  return db.transaction().execute(async (trx) => {
    const bays = await loadAll(ids, (id) => loadBay(trx, visible, id));
    const cabinets = await countByParent(trx, 'asset_cabinet', 'bay_id', bays.map((b) => b.id));
    for (const b of bays) {
      const what = describeBlockers([[cabinets.get(b.id) ?? 0, '台', '柜体']]);
      if (what) throw badRequest(`间隔“${b.name}”下还有 ${what}，请先删除或移走`);
    }
    await trx.deleteFrom('asset_bay').where('id', 'in', bays.map((b) => b.id)).execute();
    return bays;
  });
}
