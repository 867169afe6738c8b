import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { CABINET_SORT_COLUMNS, cabinetTypeLabel, type CabinetRow, type Page, cabinetAddBody, cabinetQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import type { Database } from '../../../platform/db/schema';
import { sql } from '../../../platform/db/index';
import { contains } from '../../../platform/db/filters';
import { badRequest, conflict } from '../../../platform/errors';
import { offsetOf, page, sortColumn } from '../../../platform/http';
import { countByParent, describeBlockers, inVisible, loadAll, loadCabinet, loadStation, uniquely, type CabinetEntity, type Db, type Visible } from '../tree/site-access';

export type CabinetInput = z.infer<typeof cabinetAddBody>;
type CabinetQuery = z.infer<typeof cabinetQuery>;

const SORT: Record<(typeof CABINET_SORT_COLUMNS)[number], string> = {
  id: 'cb.id',
  code: 'cb.code',
  name: 'cb.name',
  cabinetType: 'cb.cabinet_type',
  stationName: 's.name',
  orderNum: 'cb.order_num',
  createdAt: 'cb.created_at',
};
export const cabinetCodeTaken = (code: string) => conflict(`柜体编号“${code}”已存在`);

function baseQuery(ctx: AppContext, visible: Visible, q: Partial<CabinetQuery>) {
  let b = ctx.db
    .selectFrom('asset_cabinet as cb')
    .innerJoin('asset_station as s', 's.id', 'cb.station_id')
    .innerJoin('asset_customer as c', 'c.id', 's.customer_id')
    .leftJoin('asset_bay as b', 'b.id', 'cb.bay_id')
    .where(inVisible('s.customer_id', visible));
  if (q.keyword) b = b.where((eb) => eb.or([contains(ctx.dialect, 'cb.name', q.keyword!), contains(ctx.dialect, 'cb.code', q.keyword!)]));
  if (q.customerId) b = b.where('s.customer_id', '=', q.customerId);
  if (q.stationId) b = b.where('cb.station_id', '=', q.stationId);
  if (q.bayId) b = b.where('cb.bay_id', '=', q.bayId);
  if (q.cabinetType) b = b.where('cb.cabinet_type', '=', q.cabinetType);
  return b;
}

function select(b: ReturnType<typeof baseQuery>) {
  return b
    .selectAll('cb')
    .select(['s.name as station_name', 's.customer_id', 'c.name as customer_name', 'b.name as bay_name'])
    .select((eb) => eb.selectFrom('asset_equipment as x').select(eb.fn.countAll<number>().as('n')).whereRef('x.cabinet_id', '=', 'cb.id').as('equipment_count'));
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
function toRow(r: Selected): CabinetRow {
  return {
    id: r.id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    stationId: r.station_id,
    stationName: r.station_name,
    bayId: r.bay_id,
    bayName: r.bay_name,
    code: r.code,
    name: r.name,
    cabinetType: r.cabinet_type,
    cabinetTypeName: cabinetTypeLabel(r.cabinet_type),
    voltageLevel: r.voltage_level,
    model: r.model,
    manufacturer: r.manufacturer,
    commissionDate: r.commission_date,
    orderNum: r.order_num,
    remark: r.remark,
    equipmentCount: Number(r.equipment_count ?? 0),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function pageCabinets(ctx: AppContext, visible: Visible, q: CabinetQuery): Promise<Page<CabinetRow>> {
  const b = baseQuery(ctx, visible, q);
  const { n } = await b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await select(b).orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'cb.order_num')), q.order ?? 'asc').orderBy('cb.id').limit(q.pageSize).offset(offsetOf(q.pageNum, q.pageSize)).execute();
  return page(rows.map(toRow), Number(n), q.pageNum, q.pageSize);
}

export async function listCabinets(ctx: AppContext, visible: Visible, q: CabinetQuery, max: number): Promise<CabinetRow[]> {
  const rows = await select(baseQuery(ctx, visible, q)).orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'cb.order_num')), q.order ?? 'asc').orderBy('cb.id').limit(max).execute();
  return rows.map(toRow);
}

/** GET /api/cabinet/pg/{id}: one cabinet with its bay, station and equipment count. */
export async function getCabinet(ctx: AppContext, visible: Visible, id: number): Promise<CabinetRow> {
  await loadCabinet(ctx.db, visible, id);
  return toRow(await select(baseQuery(ctx, visible, {})).where('cb.id', '=', id).executeTakeFirstOrThrow());
}

export async function cabinetCodeExists(db: Db, stationId: number, code: string, exceptId: number | null) {
  let q = db.selectFrom('asset_cabinet').select('id').where('station_id', '=', stationId).where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

async function checkBay(db: Db, stationId: number, bayId: number | null) {
  if (bayId === null) return;
  const bay = await db.selectFrom('asset_bay').select(['id', 'station_id']).where('id', '=', bayId).executeTakeFirst();
  if (!bay || bay.station_id !== stationId) throw badRequest('所选间隔不属于所选站点');
}

function columns(input: CabinetInput) {
  return {
    bay_id: input.bayId,
    code: input.code,
    name: input.name,
    cabinet_type: input.cabinetType,
    voltage_level: input.voltageLevel,
    model: input.model,
    manufacturer: input.manufacturer,
    commission_date: input.commissionDate,
    order_num: input.orderNum,
    remark: input.remark,
  };
}

export async function addCabinet(db: Kysely<Database>, visible: Visible, input: CabinetInput): Promise<number> {
  await loadStation(db, visible, input.stationId);
  await checkBay(db, input.stationId, input.bayId);
  if (await cabinetCodeExists(db, input.stationId, input.code, null)) throw cabinetCodeTaken(input.code);
  const t = Date.now();
  const row = await uniquely(
    () => db.insertInto('asset_cabinet').values({ station_id: input.stationId, ...columns(input), created_at: t, updated_at: t }).returning('id').executeTakeFirstOrThrow(),
    () => cabinetCodeTaken(input.code),
  );
  return row.id;
}

/** Edits in place (another bay of the same station is fine); another station is a move. */
export async function editCabinet(db: Kysely<Database>, visible: Visible, id: number, input: CabinetInput): Promise<CabinetEntity> {
  const before = await loadCabinet(db, visible, id);
  if (input.stationId !== before.station_id) throw badRequest('不能在编辑中更换所属站点，请在资产树中使用“移动”');
  await checkBay(db, before.station_id, input.bayId);
  if (await cabinetCodeExists(db, before.station_id, input.code, id)) throw cabinetCodeTaken(input.code);
  await uniquely(
    () => db.updateTable('asset_cabinet').set({ ...columns(input), updated_at: Date.now() }).where('id', '=', id).execute(),
    () => cabinetCodeTaken(input.code),
  );
  return before;
}

export async function removeCabinets(db: Kysely<Database>, visible: Visible, ids: number[]): Promise<CabinetEntity[]> {
  return db.transaction().execute(async (trx) => {
    const cabinets = await loadAll(ids, (id) => loadCabinet(trx, visible, id));
    const cIds = cabinets.map((c) => c.id);
    const [equipment, capacitors, cameras] = await Promise.all([
      countByParent(trx, 'asset_equipment', 'cabinet_id', cIds),
      countByParent(trx, 'asset_capacitor', 'cabinet_id', cIds),
      countByParent(trx, 'asset_camera', 'cabinet_id', cIds),
    ]);
    for (const c of cabinets) {
      const what = describeBlockers([
        [equipment.get(c.id) ?? 0, '台', '设备'],
        [capacitors.get(c.id) ?? 0, '组', '电容器'],
        [cameras.get(c.id) ?? 0, '个', '摄像头'],
      ]);
      if (what) throw badRequest(`柜体“${c.name}”下还有 ${what}，请先删除或移走`);
    }
    await trx.deleteFrom('asset_cabinet').where('id', 'in', cIds).execute();
    return cabinets;
  });
}

