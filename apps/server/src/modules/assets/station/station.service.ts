import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { STATION_SORT_COLUMNS, assetStatusLabel, stationTypeLabel, type Page, type StationRow, stationAddBody, stationQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import type { Database } from '../../../platform/db/schema';
import { sql } from '../../../platform/db/index';
import { contains } from '../../../platform/db/filters';
import { badRequest, conflict } from '../../../platform/errors';
import { offsetOf, page, sortColumn } from '../../../platform/http';
import type { StationEntity } from '../equipment/access';
import { countByParent, describeBlockers, inVisible, loadAll, loadCustomer, loadStation, uniquely, type Db, type Visible } from '../tree/site-access';

export type StationInput = z.infer<typeof stationAddBody>;
type StationQuery = z.infer<typeof stationQuery>;

const SORT: Record<(typeof STATION_SORT_COLUMNS)[number], string> = {
  id: 's.id',
  code: 's.code',
  name: 's.name',
  city: 's.city',
  capacityKva: 's.capacity_kva',
  commissionDate: 's.commission_date',
  customerName: 'c.name',
  createdAt: 's.created_at',
  orderNum: 's.order_num',
};
export const stationCodeTaken = (code: string) => conflict(`站点编号“${code}”已存在`);

function baseQuery(ctx: AppContext, visible: Visible, q: Partial<StationQuery>) {
  let b = ctx.db.selectFrom('asset_station as s').innerJoin('asset_customer as c', 'c.id', 's.customer_id').where(inVisible('s.customer_id', visible));
  if (q.keyword) b = b.where((eb) => eb.or([contains(ctx.dialect, 's.name', q.keyword!), contains(ctx.dialect, 's.code', q.keyword!)]));
  if (q.name) b = b.where(contains(ctx.dialect, 's.name', q.name));
  if (q.code) b = b.where(contains(ctx.dialect, 's.code', q.code));
  if (q.customerId) b = b.where('s.customer_id', '=', q.customerId);
  if (q.city) b = b.where(contains(ctx.dialect, 's.city', q.city));
  if (q.status) b = b.where('s.status', '=', q.status);
  if (q.voltageLevel) b = b.where('s.voltage_level', '=', q.voltageLevel);
  if (q.stationType) b = b.where('s.station_type', '=', q.stationType);
  return b;
}

/** Page rows with their child counts (correlated counts: at most one page of rows at a time). */
function select(b: ReturnType<typeof baseQuery>) {
  const count = <A extends string>(table: 'asset_bay' | 'asset_cabinet' | 'asset_gateway' | 'asset_equipment' | 'asset_camera', alias: A) =>
    sql<number>`(select count(*) from ${sql.table(table)} x where x.station_id = s.id)`.as(alias);
  return b
    .selectAll('s')
    .select('c.name as customer_name')
    .select([count('asset_bay', 'bay_count'), count('asset_cabinet', 'cabinet_count'), count('asset_gateway', 'gateway_count'), count('asset_equipment', 'equipment_count'), count('asset_camera', 'camera_count')]);
}

type Selected = StationEntity & { customer_name: string; bay_count: number; cabinet_count: number; gateway_count: number; equipment_count: number; camera_count: number };
export function toStationRow(s: Selected): StationRow {
  return {
    id: s.id,
    customerId: s.customer_id,
    customerName: s.customer_name,
    code: s.code,
    name: s.name,
    stationType: s.station_type,
    stationTypeName: stationTypeLabel(s.station_type),
    voltageLevel: s.voltage_level,
    capacityKva: s.capacity_kva,
    city: s.city,
    address: s.address,
    longitude: s.longitude,
    latitude: s.latitude,
    commissionDate: s.commission_date,
    contact: s.contact,
    phone: s.phone,
    status: s.status,
    statusName: assetStatusLabel(s.status),
    orderNum: s.order_num,
    remark: s.remark,
    bayCount: Number(s.bay_count ?? 0),
    cabinetCount: Number(s.cabinet_count ?? 0),
    gatewayCount: Number(s.gateway_count ?? 0),
    equipmentCount: Number(s.equipment_count ?? 0),
    cameraCount: Number(s.camera_count ?? 0),
    createdAt: s.created_at,
    updatedAt: s.updated_at,
  };
}

export async function pageStations(ctx: AppContext, visible: Visible, q: StationQuery): Promise<Page<StationRow>> {
  const b = baseQuery(ctx, visible, q);
  const { n } = await b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await select(b)
    .orderBy(sql.ref(sortColumn(q.orderBy, SORT, 's.order_num')), q.order ?? 'asc')
    .orderBy('s.id')
    .limit(q.pageSize)
    .offset(offsetOf(q.pageNum, q.pageSize))
    .execute();
  return page(rows.map(toStationRow), Number(n), q.pageNum, q.pageSize);
}

export async function listStations(ctx: AppContext, visible: Visible, q: StationQuery, max: number): Promise<StationRow[]> {
  const rows = await select(baseQuery(ctx, visible, q)).orderBy(sql.ref(sortColumn(q.orderBy, SORT, 's.order_num')), q.order ?? 'asc').orderBy('s.id').limit(max).execute();
  return rows.map(toStationRow);
}

export async function getStation(ctx: AppContext, visible: Visible, id: number): Promise<StationRow> {
  await loadStation(ctx.db, visible, id);
  return toStationRow(await select(baseQuery(ctx, visible, {})).where('s.id', '=', id).executeTakeFirstOrThrow());
}

export async function stationCodeExists(db: Db, customerId: number, code: string, exceptId: number | null) {
  let q = db.selectFrom('asset_station').select('id').where('customer_id', '=', customerId).where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

function columns(input: StationInput) {
  return {
    code: input.code,
    name: input.name,
    station_type: input.stationType,
    voltage_level: input.voltageLevel,
    capacity_kva: input.capacityKva,
    city: input.city,
    address: input.address,
    longitude: input.longitude,
    latitude: input.latitude,
    commission_date: input.commissionDate,
    contact: input.contact,
    phone: input.phone,
    status: input.status,
    order_num: input.orderNum,
    remark: input.remark,
  };
}

export async function addStation(db: Kysely<Database>, visible: Visible, input: StationInput): Promise<number> {
  await loadCustomer(db, visible, input.customerId);
  if (await stationCodeExists(db, input.customerId, input.code, null)) throw stationCodeTaken(input.code);
  const t = Date.now();
  const row = await uniquely(
    () => db.insertInto('asset_station').values({ customer_id: input.customerId, ...columns(input), created_at: t, updated_at: t }).returning('id').executeTakeFirstOrThrow(),
    () => stationCodeTaken(input.code),
  );
  return row.id;
}

/** Edits a station in place; changing its customer is a move (POST /api/assetManage/move), with its own rules. */
export async function editStation(db: Kysely<Database>, visible: Visible, id: number, input: StationInput): Promise<StationEntity> {
  const before = await loadStation(db, visible, id);
  if (input.customerId !== before.customer_id) throw badRequest('不能在编辑中更换所属客户，请在资产树中使用“移动”');
  if (await stationCodeExists(db, before.customer_id, input.code, id)) throw stationCodeTaken(input.code);
  await uniquely(
    () => db.updateTable('asset_station').set({ ...columns(input), updated_at: Date.now() }).where('id', '=', id).execute(),
    () => stationCodeTaken(input.code),
  );
  return before;
}

/** Removes empty stations; one that still holds anything is refused, naming what, and nothing is removed. */
export async function removeStations(db: Kysely<Database>, visible: Visible, ids: number[]): Promise<StationEntity[]> {
  return db.transaction().execute(async (trx) => {
    const stations = await loadAll(ids, (id) => loadStation(trx, visible, id));
    const sIds = stations.map((s) => s.id);
    const [bays, cabinets, gateways, equipment, cameras, capacitors] = await Promise.all([
      countByParent(trx, 'asset_bay', 'station_id', sIds),
      countByParent(trx, 'asset_cabinet', 'station_id', sIds),
      countByParent(trx, 'asset_gateway', 'station_id', sIds),
      countByParent(trx, 'asset_equipment', 'station_id', sIds),
      countByParent(trx, 'asset_camera', 'station_id', sIds),
      countByParent(trx, 'asset_capacitor', 'station_id', sIds),
    ]);
    for (const s of stations) {
      const what = describeBlockers([
        [cabinets.get(s.id) ?? 0, '台', '柜体'],
        [bays.get(s.id) ?? 0, '个', '间隔'],
        [gateways.get(s.id) ?? 0, '个', '网关'],
        [equipment.get(s.id) ?? 0, '台', '设备'],
        [cameras.get(s.id) ?? 0, '个', '摄像头'],
        [capacitors.get(s.id) ?? 0, '组', '电容器'],
      ]);
      if (what) throw badRequest(`站点“${s.name}”下还有 ${what}，请先删除或移走`);
    }
    await trx.deleteFrom('asset_station').where('id', 'in', sIds).execute();
    return stations;
  });
}
