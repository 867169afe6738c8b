import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { CAPACITOR_SORT_COLUMNS, type CapacitorRow, type Page, capacitorAddBody, capacitorEditBody, capacitorQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import type { Database } from '../../../platform/db/schema';
import { sql } from '../../../platform/db/index';
import { contains } from '../../../platform/db/filters';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { offsetOf, page, sortColumn } from '../../../platform/http';
import { inVisible, loadStation, uniquely, type Db, type Visible } from '../equipment/access';

type CapacitorInput = z.infer<typeof capacitorAddBody>;

const SORT: Record<(typeof CAPACITOR_SORT_COLUMNS)[number], string> = {
  id: 'k.id',
  code: 'k.code',
  name: 'k.name',
  capacityKvar: 'k.capacity_kvar',
  createdAt: 'k.created_at',
};
const codeTaken = (code: string) => conflict(`电容器编号“${code}”已存在`);

/** Capacitors have no customer column: their station carries the scope. */
function capacitorSelect(db: Db, visible: Visible) {
  return db
    .selectFrom('asset_capacitor as k')
    .innerJoin('asset_station as s', 's.id', 'k.station_id')
    .leftJoin('asset_cabinet as cb', 'cb.id', 'k.cabinet_id')
    .leftJoin('asset_equipment as e', 'e.id', 'k.equipment_id')
    .selectAll('k')
    .select(['s.customer_id', 's.name as station_name', 'cb.name as cabinet_name', 'e.name as equipment_name'])
    .where(inVisible('s.customer_id', visible));
}

type Selected = Awaited<ReturnType<ReturnType<typeof capacitorSelect>['executeTakeFirstOrThrow']>>;

function toRow(k: Selected): CapacitorRow {
  const capacity = Number(k.capacity_kvar);
  return {
    id: k.id,
    customerId: k.customer_id,
    stationId: k.station_id,
    stationName: k.station_name,
    cabinetId: k.cabinet_id,
    cabinetName: k.cabinet_name,
    equipmentId: k.equipment_id,
    equipmentName: k.equipment_name,
    code: k.code,
    name: k.name,
    capacityKvar: capacity,
    steps: k.steps,
    stepKvar: Math.round((capacity / k.steps) * 100) / 100,
    ratedVoltageKv: Number(k.rated_voltage_kv),
    connection: k.connection as CapacitorRow['connection'],
    manufacturer: k.manufacturer,
    installDate: k.install_date,
    remark: k.remark,
    createdAt: k.created_at,
    updatedAt: k.updated_at,
  };
}

type CapacitorFilter = Omit<z.infer<typeof capacitorQuery>, 'pageNum' | 'pageSize'>;

function capacitorsQuery(ctx: AppContext, visible: Visible, q: CapacitorFilter) {
  let base = capacitorSelect(ctx.db, visible);
  if (q.customerId) base = base.where('s.customer_id', '=', q.customerId);
  if (q.stationId) base = base.where('k.station_id', '=', q.stationId);
  if (q.cabinetId) base = base.where('k.cabinet_id', '=', q.cabinetId);
  if (q.keyword) base = base.where((eb) => eb.or([contains(ctx.dialect, 'k.code', q.keyword!), contains(ctx.dialect, 'k.name', q.keyword!)]));
  return base;
}

const sorted = (base: ReturnType<typeof capacitorsQuery>, q: CapacitorFilter) => base.orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'k.id')), q.order ?? 'asc').orderBy('k.id');

export async function pageCapacitors(ctx: AppContext, visible: Visible, q: z.infer<typeof capacitorQuery>): Promise<Page<CapacitorRow>> {
  const base = capacitorsQuery(ctx, visible, q);
  const { n } = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await sorted(base, q).limit(q.pageSize).offset(offsetOf(q.pageNum, q.pageSize)).execute();
  return page(rows.map(toRow), Number(n), q.pageNum, q.pageSize);
}

/** The same filters, scope and sort as the list, without pages (the export). */
export async function listCapacitors(ctx: AppContext, visible: Visible, q: CapacitorFilter, max: number): Promise<CapacitorRow[]> {
  return (await sorted(capacitorsQuery(ctx, visible, q), q).limit(max).execute()).map(toRow);
}

export async function getCapacitor(db: Db, visible: Visible, id: number): Promise<CapacitorRow> {
  const row = await capacitorSelect(db, visible).where('k.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('电容器');
  return toRow(row);
}

async function checkRefs(db: Db, visible: Visible, input: CapacitorInput) {
  const station = await loadStation(db, visible, input.stationId);
  if (input.cabinetId !== null) {
    const cabinet = await db.selectFrom('asset_cabinet').select('station_id').where('id', '=', input.cabinetId).executeTakeFirst();
    if (!cabinet) throw notFound('柜体');
    if (cabinet.station_id !== station.id) throw badRequest('所选柜体不属于所选站点');
  }
  if (input.equipmentId !== null) {
    const e = await db.selectFrom('asset_equipment').select(['station_id', 'customer_id', 'equipment_type']).where('id', '=', input.equipmentId).where(inVisible('customer_id', visible)).executeTakeFirst();
    if (!e) throw notFound('补偿控制器');
    if (e.station_id !== station.id) throw badRequest('所选补偿控制器不属于所选站点');
    if (e.equipment_type !== 'capacitor') throw badRequest('补偿控制器必须是“电容补偿”类型的设备');
  }
  return station;
}

async function codeExists(db: Db, stationId: number, code: string, exceptId: number | null) {
  let q = db.selectFrom('asset_capacitor').select('id').where('station_id', '=', stationId).where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

function columns(input: CapacitorInput) {
  return {
    station_id: input.stationId,
    cabinet_id: input.cabinetId,
    equipment_id: input.equipmentId,
    code: input.code,
    name: input.name,
    capacity_kvar: input.capacityKvar,
    steps: input.steps,
    rated_voltage_kv: input.ratedVoltageKv,
    connection: input.connection,
    manufacturer: input.manufacturer,
    install_date: input.installDate,
    remark: input.remark,
  };
}

export async function addCapacitor(db: Kysely<Database>, visible: Visible, input: CapacitorInput): Promise<number> {
  await checkRefs(db, visible, input);
  if (await codeExists(db, input.stationId, input.code, null)) throw codeTaken(input.code);
  const t = Date.now();
  const row = await uniquely(
    () => db.insertInto('asset_capacitor').values({ ...columns(input), created_at: t, updated_at: t }).returning('id').executeTakeFirstOrThrow(),
    () => codeTaken(input.code),
  );
  return row.id;
}

export async function editCapacitor(db: Kysely<Database>, visible: Visible, input: z.infer<typeof capacitorEditBody>): Promise<CapacitorRow> {
  const before = await getCapacitor(db, visible, input.id);
  await checkRefs(db, visible, input);
  if (await codeExists(db, input.stationId, input.code, input.id)) throw codeTaken(input.code);
  await uniquely(
    () => db.updateTable('asset_capacitor').set({ ...columns(input), updated_at: Date.now() }).where('id', '=', input.id).execute(),
    () => codeTaken(input.code),
  );
  return before;
}

export async function removeCapacitor(db: Kysely<Database>, visible: Visible, id: number): Promise<CapacitorRow> {
  const before = await getCapacitor(db, visible, id);
  await db.deleteFrom('asset_capacitor').where('id', '=', id).execute();
  return before;
}
