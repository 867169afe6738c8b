import { sql, type Expression, type SqlBool } from 'kysely';
import { cabinetTypeLabel, dwidOf, equipmentTypeLabel, stationTypeLabel, type AssetLevelType, type AssetTreeNode } from '@pdz/contracts';
import { bool } from '../../../platform/http';
import { contains } from '../../../platform/db/filters';
import type { DialectName } from '../../../platform/db/index';
import { inVisible, type Db, type Visible } from './site-access';

/**
 * Set queries behind the asset tree: one query per kind of node (never one per parent), plus
 * grouped counts that tell whether a node has children without loading them.
 */

export interface TreeFilters {
  equipmentTypes?: string[];
  cabinetTypes?: string[];
}

/** Where in the hierarchy to look; every field narrows. */
export interface Within {
  customerId?: number;
  stationId?: number;
  bayId?: number;
  cabinetId?: number;
  equipmentId?: number;
  /** Only cabinets outside any bay / equipment outside any cabinet (a station's direct children). */
  direct?: boolean;
  /** Name or code contains (search), with the dialect that decides like/ilike. */
  match?: { dialect: DialectName; keyword: string; limit: number };
}

function matching<Q extends { where: (e: Expression<SqlBool>) => Q; limit: (n: number) => Q }>(q: Q, alias: string, w: Within): Q {
  if (!w.match) return q;
  const { dialect, keyword, limit } = w.match;
  return q.where(sql<SqlBool>`(${contains(dialect, `${alias}.name`, keyword)} or ${contains(dialect, `${alias}.code`, keyword)})`).limit(limit);
}

export const RANK: Record<AssetLevelType, number> = { customer: 0, station: 1, bay: 2, cabinet: 3, equipment: 4 };

const inList = (column: string, values: (string | number)[]): Expression<SqlBool> => sql<SqlBool>`${sql.ref(column)} in (${sql.join(values)})`;

/** Equipment kept by the filters: of the listed types, and outside cabinets of unlisted types. */
export function equipmentFilter(alias: string, f: TreeFilters): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (f.equipmentTypes?.length) out.push(inList(`${alias}.equipment_type`, f.equipmentTypes));
  if (f.cabinetTypes?.length) {
    out.push(sql<SqlBool>`(${sql.ref(`${alias}.cabinet_id`)} is null or ${sql.ref(`${alias}.cabinet_id`)} in (select k.id from asset_cabinet k where k.cabinet_type in (${sql.join(f.cabinetTypes)})))`);
  }
  return out;
}

export function cabinetFilter(alias: string, f: TreeFilters): Expression<SqlBool>[] {
  return f.cabinetTypes?.length ? [inList(`${alias}.cabinet_type`, f.cabinetTypes)] : [];
}

function node(levelType: AssetLevelType, r: { id: number; name: string; code: string }, parentId: string | null, extra: Partial<AssetTreeNode> & { customerId: number; stationId: number | null }): AssetTreeNode {
  const dwid = dwidOf(levelType, r.id);
  return { id: dwid, dwid, entityId: r.id, parentId, levelType, level: 0, name: r.name, code: r.code, type: null, typeName: null, hasChildren: false, ...extra };
}

export async function fetchCustomers(db: Db, visible: Visible, w: Within): Promise<AssetTreeNode[]> {
  let q = db.selectFrom('asset_customer as c').select(['c.id', 'c.name', 'c.code']).where(inVisible('c.id', visible));
  if (w.customerId) q = q.where('c.id', '=', w.customerId);
  const rows = await matching(q.orderBy('c.id'), 'c', w).execute();
  return rows.map((r) => node('customer', r, null, { customerId: r.id, stationId: null }));
}

export async function fetchStations(db: Db, visible: Visible, w: Within): Promise<AssetTreeNode[]> {
  let q = db.selectFrom('asset_station as s').select(['s.id', 's.name', 's.code', 's.customer_id', 's.station_type']).where(inVisible('s.customer_id', visible));
  if (w.customerId) q = q.where('s.customer_id', '=', w.customerId);
  if (w.stationId) q = q.where('s.id', '=', w.stationId);
  const rows = await matching(q.orderBy('s.order_num').orderBy('s.id'), 's', w).execute();
  return rows.map((r) =>
    node('station', r, dwidOf('customer', r.customer_id), { customerId: r.customer_id, stationId: r.id, type: r.station_type, typeName: stationTypeLabel(r.station_type) }),
  );
}

export async function fetchBays(db: Db, visible: Visible, w: Within): Promise<AssetTreeNode[]> {
  let q = db.selectFrom('asset_bay as b').innerJoin('asset_station as s', 's.id', 'b.station_id').select(['b.id', 'b.name', 'b.code', 'b.station_id', 's.customer_id']).where(inVisible('s.customer_id', visible));
  if (w.customerId) q = q.where('s.customer_id', '=', w.customerId);
  if (w.stationId) q = q.where('b.station_id', '=', w.stationId);
  if (w.bayId) q = q.where('b.id', '=', w.bayId);
  const rows = await matching(q.orderBy('b.order_num').orderBy('b.id'), 'b', w).execute();
  return rows.map((r) => node('bay', r, dwidOf('station', r.station_id), { customerId: r.customer_id, stationId: r.station_id }));
}

export async function fetchCabinets(db: Db, visible: Visible, w: Within, f: TreeFilters): Promise<AssetTreeNode[]> {
  let q = db
    .selectFrom('asset_cabinet as cb')
    .innerJoin('asset_station as s', 's.id', 'cb.station_id')
    .select(['cb.id', 'cb.name', 'cb.code', 'cb.station_id', 'cb.bay_id', 'cb.cabinet_type', 's.customer_id'])
    .where(inVisible('s.customer_id', visible));
  if (w.customerId) q = q.where('s.customer_id', '=', w.customerId);
  if (w.stationId) q = q.where('cb.station_id', '=', w.stationId);
  if (w.bayId) q = q.where('cb.bay_id', '=', w.bayId);
  if (w.cabinetId) q = q.where('cb.id', '=', w.cabinetId);
  if (w.direct) q = q.where('cb.bay_id', 'is', null);
  for (const e of cabinetFilter('cb', f)) q = q.where(e);
  const rows = await matching(q.orderBy('cb.order_num').orderBy('cb.id'), 'cb', w).execute();
  return rows.map((r) =>
    node('cabinet', r, r.bay_id ? dwidOf('bay', r.bay_id) : dwidOf('station', r.station_id), {
      customerId: r.customer_id,
      stationId: r.station_id,
      type: r.cabinet_type,
      typeName: cabinetTypeLabel(r.cabinet_type),
    }),
  );
}

export async function fetchEquipment(db: Db, visible: Visible, w: Within, f: TreeFilters): Promise<AssetTreeNode[]> {
  let q = db
    .selectFrom('asset_equipment as e')
    .select(['e.id', 'e.name', 'e.code', 'e.station_id', 'e.cabinet_id', 'e.customer_id', 'e.equipment_type', 'e.online'])
    .where(inVisible('e.customer_id', visible));
  if (w.customerId) q = q.where('e.customer_id', '=', w.customerId);
  if (w.stationId) q = q.where('e.station_id', '=', w.stationId);
  if (w.bayId) q = q.where(sql<SqlBool>`e.cabinet_id in (select k.id from asset_cabinet k where k.bay_id = ${w.bayId})`);
  if (w.cabinetId) q = q.where('e.cabinet_id', '=', w.cabinetId);
  if (w.equipmentId) q = q.where('e.id', '=', w.equipmentId);
  if (w.direct) q = q.where('e.cabinet_id', 'is', null);
  for (const e of equipmentFilter('e', f)) q = q.where(e);
  const rows = await matching(q.orderBy('e.order_num').orderBy('e.id'), 'e', w).execute();
  return rows.map((r) =>
    node('equipment', r, r.cabinet_id ? dwidOf('cabinet', r.cabinet_id) : dwidOf('station', r.station_id), {
      customerId: r.customer_id,
      stationId: r.station_id,
      type: r.equipment_type,
      typeName: equipmentTypeLabel(r.equipment_type),
      online: bool(r.online),
    }),
  );
}

export type Counts = Map<number, number>;
async function grouped(run: () => Promise<{ pid: number | null; n: number | string }[]>): Promise<Counts> {
  const out: Counts = new Map();
  for (const r of await run()) if (r.pid !== null) out.set(Number(r.pid), (out.get(Number(r.pid)) ?? 0) + Number(r.n));
  return out;
}

/** How many children each node has (within the filters), by kind of child, in grouped queries. */
export const childCounts = {
  stationsOfCustomers: (db: Db, ids: number[]) =>
    grouped(() => (ids.length ? db.selectFrom('asset_station').select(['customer_id as pid', (eb) => eb.fn.countAll<number>().as('n')]).where('customer_id', 'in', ids).groupBy('customer_id').execute() : Promise.resolve([]))),
  baysOfStations: (db: Db, ids: number[]) =>
    grouped(() => (ids.length ? db.selectFrom('asset_bay').select(['station_id as pid', (eb) => eb.fn.countAll<number>().as('n')]).where('station_id', 'in', ids).groupBy('station_id').execute() : Promise.resolve([]))),
  cabinetsOf: (db: Db, column: 'station_id' | 'bay_id', ids: number[], f: TreeFilters, direct = false) =>
    grouped(() => {
      if (!ids.length) return Promise.resolve([]);
      let q = db.selectFrom('asset_cabinet as cb').select([`cb.${column} as pid`, (eb) => eb.fn.countAll<number>().as('n')]).where(`cb.${column}`, 'in', ids);
      if (direct) q = q.where('cb.bay_id', 'is', null);
      for (const e of cabinetFilter('cb', f)) q = q.where(e);
      return q.groupBy(`cb.${column}`).execute();
    }),
  equipmentOf: (db: Db, column: 'station_id' | 'cabinet_id', ids: number[], f: TreeFilters, direct = false) =>
    grouped(() => {
      if (!ids.length) return Promise.resolve([]);
      let q = db.selectFrom('asset_equipment as e').select([`e.${column} as pid`, (eb) => eb.fn.countAll<number>().as('n')]).where(`e.${column}`, 'in', ids);
      if (direct) q = q.where('e.cabinet_id', 'is', null);
      for (const e of equipmentFilter('e', f)) q = q.where(e);
      return q.groupBy(`e.${column}`).execute();
    }),
};
