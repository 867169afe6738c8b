import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import type { AssetTables } from '../../../platform/db/schema-assets';
import { notFound } from '../../../platform/errors';
import { audited, type AuditNote } from '../../user/audited';
import { sql } from '../../../platform/db/index';
import { chunks, inVisible, type Db, type Visible } from '../equipment/access';

/**
 * Scope-checked loaders and small helpers shared by the site-structure calls (customers,
 * stations, bays, cabinets, cameras, gateways, tree, move). An id outside the caller's customers
 * answers the same 404 as a missing one, so nothing tells the two apart.
 */
export { inVisible, loadStation, scopeOf, uniquely, type Db, type Visible } from '../equipment/access';

export type CustomerEntity = Selectable<AssetTables['asset_customer']>;
export type BayEntity = Selectable<AssetTables['asset_bay']> & { customer_id: number };
export type CabinetEntity = Selectable<AssetTables['asset_cabinet']> & { customer_id: number };
export type CameraEntity = Selectable<AssetTables['asset_camera']> & { customer_id: number };
export type GatewayEntity = Selectable<AssetTables['asset_gateway']>;

/** What each table's loader answers: station children carry their station's customer. */
interface ScopedRow {
  asset_customer: CustomerEntity;
  asset_gateway: GatewayEntity;
  asset_bay: BayEntity;
  asset_cabinet: CabinetEntity;
  asset_camera: CameraEntity;
}
type ScopedTable = keyof ScopedRow;

/** How a table reaches its customer (the scope), and the name its 404 uses. */
const SCOPE: Record<ScopedTable, { what: string; via: 'self' | 'column' | 'station' }> = {
  asset_customer: { what: '客户', via: 'self' },
  asset_gateway: { what: '网关', via: 'column' },
  asset_bay: { what: '间隔', via: 'station' },
  asset_cabinet: { what: '柜体', via: 'station' },
  asset_camera: { what: '摄像头', via: 'station' },
};

/**
 * One row by id within the caller's customers, or 404 "<what>不存在或无权访问". The table name
 * comes from this module's code (a literal of ScopedTable), never from a request.
 */
export async function loadScoped<T extends ScopedTable>(db: Db, visible: Visible, table: T, id: number): Promise<ScopedRow[T]> {
  const { what, via } = SCOPE[table];
  // Kysely cannot type a table chosen at run time; each branch's SQL is the same for every table of its kind.
  const k = db as unknown as Kysely<Database>;
  const row =
    via === 'station'
      ? await k
          .selectFrom(`${table as 'asset_bay'} as x`)
          .innerJoin('asset_station as s', 's.id', 'x.station_id')
          .selectAll('x')
          .select('s.customer_id')
          .where('x.id', '=', id)
          .where(inVisible('s.customer_id', visible))
          .executeTakeFirst()
      : await k
          .selectFrom(table as 'asset_gateway')
          .selectAll()
          .where('id', '=', id)
          .where(inVisible(via === 'self' ? 'id' : 'customer_id', visible))
          .executeTakeFirst();
  if (!row) throw notFound(what);
  return row as unknown as ScopedRow[T];
}

export const loadCustomer = (db: Db, visible: Visible, id: number) => loadScoped(db, visible, 'asset_customer', id);
export const loadBay = (db: Db, visible: Visible, id: number) => loadScoped(db, visible, 'asset_bay', id);
export const loadCabinet = (db: Db, visible: Visible, id: number) => loadScoped(db, visible, 'asset_cabinet', id);
export const loadCamera = (db: Db, visible: Visible, id: number) => loadScoped(db, visible, 'asset_camera', id);
export const loadGateway = (db: Db, visible: Visible, id: number) => loadScoped(db, visible, 'asset_gateway', id);

/** Loads every id or answers 404 for the first that is missing or out of scope (nothing is changed). */
export async function loadAll<T>(ids: number[], load: (id: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (const id of [...new Set(ids)]) out.push(await load(id));
  return out;
}

/** One state-changing asset call with its audit row, written on success and on refusal alike. */
export function assetAudited<T>(db: Kysely<Database>, req: FastifyRequest, action: string, target: string | null, run: (note: AuditNote) => Promise<T>) {
  return audited(db, req, { category: 'asset', action, target }, run);
}

/**
 * "12 台柜体、3 个网关" from counted blockers, leaving out the zeros; empty when nothing blocks.
 * Used in refusals such as `站点“城东配电站”下还有 12 台柜体、3 个网关，请先删除或移走`.
 */
export function describeBlockers(parts: [count: number, unit: string, what: string][]): string {
  return parts
    .filter(([n]) => n > 0)
    .map(([n, unit, what]) => `${n} ${unit}${what}`)
    .join('、');
}

/** Rows counted per parent id in one grouped query (never one query per parent). */
export async function countByParent(
  db: Db,
  table: 'asset_station' | 'asset_bay' | 'asset_cabinet' | 'asset_camera' | 'asset_gateway' | 'asset_equipment' | 'asset_capacitor',
  column: string,
  parentIds: number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  // The table/column pair comes from this module's code, never from a request.
  for (const part of chunks([...new Set(parentIds)], 5000)) {
    const { rows } = await sql<{ pid: number; n: number }>`select ${sql.ref(column)} as pid, count(*) as n from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(part)}) group by ${sql.ref(column)}`.execute(db);
    for (const r of rows) out.set(Number(r.pid), Number(r.n));
  }
  return out;
}
