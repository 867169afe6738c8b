import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { CAMERA_SORT_COLUMNS, type CameraRow, type Page, cameraAddBody, cameraQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import type { Database } from '../../../platform/db/schema';
import { sql } from '../../../platform/db/index';
import { contains } from '../../../platform/db/filters';
import { badRequest, conflict } from '../../../platform/errors';
import { offsetOf, page, sortColumn } from '../../../platform/http';
import { inVisible, loadAll, loadCamera, loadStation, uniquely, type CameraEntity, type Db, type Visible } from '../tree/site-access';

export type CameraInput = z.infer<typeof cameraAddBody>;
type CameraQuery = z.infer<typeof cameraQuery>;

const SORT: Record<(typeof CAMERA_SORT_COLUMNS)[number], string> = { id: 'm.id', code: 'm.code', name: 'm.name', stationName: 's.name', orderNum: 'm.order_num', createdAt: 'm.created_at' };
export const cameraCodeTaken = (code: string) => conflict(`摄像头编号“${code}”已存在`);

function baseQuery(ctx: AppContext, visible: Visible, q: Partial<CameraQuery>) {
  let b = ctx.db
    .selectFrom('asset_camera as m')
    .innerJoin('asset_station as s', 's.id', 'm.station_id')
    .innerJoin('asset_customer as c', 'c.id', 's.customer_id')
    .leftJoin('asset_cabinet as cb', 'cb.id', 'm.cabinet_id')
    .where(inVisible('s.customer_id', visible));
  if (q.keyword) b = b.where((eb) => eb.or([contains(ctx.dialect, 'm.name', q.keyword!), contains(ctx.dialect, 'm.code', q.keyword!)]));
  if (q.customerId) b = b.where('s.customer_id', '=', q.customerId);
  if (q.stationId) b = b.where('m.station_id', '=', q.stationId);
  if (q.cabinetId) b = b.where('m.cabinet_id', '=', q.cabinetId);
  return b;
}

const select = (b: ReturnType<typeof baseQuery>) => b.selectAll('m').select(['s.name as station_name', 's.customer_id', 'c.name as customer_name', 'cb.name as cabinet_name']);

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
function toRow(r: Selected): CameraRow {
  return {
    id: r.id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    stationId: r.station_id,
    stationName: r.station_name,
    cabinetId: r.cabinet_id,
    cabinetName: r.cabinet_name,
    code: r.code,
    name: r.name,
    streamUrl: r.stream_url,
    isHls: !!r.stream_url && /^https?:\/\/[^?#]+\.m3u8([?#].*)?$/i.test(r.stream_url),
    brand: r.brand,
    ip: r.ip,
    orderNum: r.order_num,
    remark: r.remark,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function pageCameras(ctx: AppContext, visible: Visible, q: CameraQuery): Promise<Page<CameraRow>> {
  const b = baseQuery(ctx, visible, q);
  const { n } = await b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await select(b).orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'm.order_num')), q.order ?? 'asc').orderBy('m.id').limit(q.pageSize).offset(offsetOf(q.pageNum, q.pageSize)).execute();
  return page(rows.map(toRow), Number(n), q.pageNum, q.pageSize);
}

export async function listCameras(ctx: AppContext, visible: Visible, q: CameraQuery, max: number): Promise<CameraRow[]> {
  const rows = await select(baseQuery(ctx, visible, q)).orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'm.order_num')), q.order ?? 'asc').orderBy('m.id').limit(max).execute();
  return rows.map(toRow);
}

export async function getCamera(ctx: AppContext, visible: Visible, id: number): Promise<CameraRow> {
  await loadCamera(ctx.db, visible, id);
  return toRow(await select(baseQuery(ctx, visible, {})).where('m.id', '=', id).executeTakeFirstOrThrow());
}

async function codeExists(db: Db, stationId: number, code: string, exceptId: number | null) {
  let q = db.selectFrom('asset_camera').select('id').where('station_id', '=', stationId).where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** The station must be visible and the cabinet, if any, must stand in it. */
async function checkRefs(db: Db, visible: Visible, input: CameraInput) {
  await loadStation(db, visible, input.stationId);
  if (input.cabinetId === null) return;
  const cabinet = await db.selectFrom('asset_cabinet').select(['id', 'station_id']).where('id', '=', input.cabinetId).executeTakeFirst();
  if (!cabinet || cabinet.station_id !== input.stationId) throw badRequest('所选柜体不属于所选站点');
}

function columns(input: CameraInput) {
  return {
    station_id: input.stationId,
    cabinet_id: input.cabinetId,
    code: input.code,
    name: input.name,
    stream_url: input.streamUrl,
    brand: input.brand,
    ip: input.ip,
    order_num: input.orderNum,
    remark: input.remark,
  };
}

export async function addCamera(db: Kysely<Database>, visible: Visible, input: CameraInput): Promise<number> {
  await checkRefs(db, visible, input);
  if (await codeExists(db, input.stationId, input.code, null)) throw cameraCodeTaken(input.code);
  const t = Date.now();
  const row = await uniquely(
    () => db.insertInto('asset_camera').values({ ...columns(input), created_at: t, updated_at: t }).returning('id').executeTakeFirstOrThrow(),
    () => cameraCodeTaken(input.code),
  );
  return row.id;
}

/** A camera holds nothing, so it may change station in an edit (within the caller's scope). */
export async function editCamera(db: Kysely<Database>, visible: Visible, id: number, input: CameraInput): Promise<CameraEntity> {
  const before = await loadCamera(db, visible, id);
  await checkRefs(db, visible, input);
  if (await codeExists(db, input.stationId, input.code, id)) throw cameraCodeTaken(input.code);
  await uniquely(
    () => db.updateTable('asset_camera').set({ ...columns(input), updated_at: Date.now() }).where('id', '=', id).execute(),
    () => cameraCodeTaken(input.code),
  );
  return before;
}

export async function removeCameras(db: Kysely<Database>, visible: Visible, ids: number[]): Promise<CameraEntity[]> {
  return db.transaction().execute(async (trx) => {
    const cameras = await loadAll(ids, (id) => loadCamera(trx, visible, id));
    await trx.deleteFrom('asset_camera').where('id', 'in', cameras.map((c) => c.id)).execute();
    return cameras;
  });
}
