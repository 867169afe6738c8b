import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import ExcelJS from 'exceljs';
import type { Database } from '../../../platform/db/schema';
import type { AssetTables } from '../../../platform/db/schema-assets';
import { notFound } from '../../../platform/errors';
import { audited, type AuditNote } from '../../user/audited';
import { sql } from '../../../platform/db/index';
import { chunks, inVisible, type Db, type Visible } from '../equipment/access';
import { XLSX_MIME, exportFileName } from '../equipment/equipment.export';

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

export async function loadCustomer(db: Db, visible: Visible, id: number): Promise<CustomerEntity> {
  const row = await db.selectFrom('asset_customer').selectAll().where('id', '=', id).where(inVisible('id', visible)).executeTakeFirst();
  if (!row) throw notFound('客户');
  return row;
}

export async function loadBay(db: Db, visible: Visible, id: number): Promise<BayEntity> {
  const row = await db
    .selectFrom('asset_bay as b')
    .innerJoin('asset_station as s', 's.id', 'b.station_id')
    .selectAll('b')
    .select('s.customer_id')
    .where('b.id', '=', id)
    .where(inVisible('s.customer_id', visible))
    .executeTakeFirst();
  if (!row) throw notFound('间隔');
  return row;
}

export async function loadCabinet(db: Db, visible: Visible, id: number): Promise<CabinetEntity> {
  const row = await db
    .selectFrom('asset_cabinet as c')
    .innerJoin('asset_station as s', 's.id', 'c.station_id')
    .selectAll('c')
    .select('s.customer_id')
    .where('c.id', '=', id)
    .where(inVisible('s.customer_id', visible))
    .executeTakeFirst();
  if (!row) throw notFound('柜体');
  return row;
}

export async function loadCamera(db: Db, visible: Visible, id: number): Promise<CameraEntity> {
  const row = await db
    .selectFrom('asset_camera as c')
    .innerJoin('asset_station as s', 's.id', 'c.station_id')
    .selectAll('c')
    .select('s.customer_id')
    .where('c.id', '=', id)
    .where(inVisible('s.customer_id', visible))
    .executeTakeFirst();
  if (!row) throw notFound('摄像头');
  return row;
}

export async function loadGateway(db: Db, visible: Visible, id: number): Promise<GatewayEntity> {
  const row = await db.selectFrom('asset_gateway').selectAll().where('id', '=', id).where(inVisible('customer_id', visible)).executeTakeFirst();
  if (!row) throw notFound('网关');
  return row;
}

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

export interface XlsxColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string | number | null;
}

/** A one-sheet workbook of a filtered list, with a bold frozen header. */
export async function listWorkbook<T>(sheet: string, columns: XlsxColumn<T>[], rows: T[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(Object.fromEntries(columns.map((c, i) => [`c${i}`, c.value(r) ?? ''])));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export function sendFile(reply: FastifyReply, data: Buffer, fileName: string, mime = XLSX_MIME) {
  return reply
    .header('content-type', mime)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store')
    .send(data);
}

export { exportFileName };
export const EXPORT_MAX_ROWS = 50_000;

/** "YYYY-MM-DD HH:mm" in the configured zone, for exports and the PDF. */
export function formatTime(ms: number | null, zoneOffsetMinutes: number): string {
  if (ms === null) return '';
  const d = new Date(ms + zoneOffsetMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}
