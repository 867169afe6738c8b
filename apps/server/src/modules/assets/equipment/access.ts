import type { FastifyRequest } from 'fastify';
import type { Expression, Kysely, Selectable, SqlBool, Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import type { AssetTables } from '../../../platform/db/schema-assets';
import { sql } from '../../../platform/db/index';
import { isUniqueViolation } from '../../../platform/db/filters';
import { visibleCustomerIds } from '../../../platform/auth/asset-scope';
import { writeAudit } from '../../../platform/audit';
import { notFound } from '../../../platform/errors';

/**
 * Data-scope helpers shared by the equipment-side asset calls (models, equipment, points, rules,
 * capacitors, alarm configs). Everything an id reaches is looked up through the caller's visible
 * customers, so another customer's id answers 404 exactly like a missing one.
 */
export type Db = Kysely<Database> | Transaction<Database>;
/** null: every customer; otherwise the customer ids the caller may see. */
export type Visible = number[] | null;

export type EquipmentEntity = Selectable<AssetTables['asset_equipment']>;
export type PointEntity = Selectable<AssetTables['asset_point']>;
export type StationEntity = Selectable<AssetTables['asset_station']>;

export function scopeOf(db: Kysely<Database>, req: FastifyRequest): Promise<Visible> {
  return visibleCustomerIds(db, req.auth!);
}

/** `column IN (visible)` on both dialects; no filter for an all-customers scope. */
export function inVisible(column: string, visible: Visible): Expression<SqlBool> {
  if (visible === null) return sql<SqlBool>`1 = 1`;
  if (!visible.length) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(visible)})`;
}

export async function loadStation(db: Db, visible: Visible, id: number): Promise<StationEntity> {
  const row = await db.selectFrom('asset_station').selectAll().where('id', '=', id).where(inVisible('customer_id', visible)).executeTakeFirst();
  if (!row) throw notFound('站点');
  return row;
}

export async function loadEquipment(db: Db, visible: Visible, id: number): Promise<EquipmentEntity> {
  const row = await db.selectFrom('asset_equipment').selectAll().where('id', '=', id).where(inVisible('customer_id', visible)).executeTakeFirst();
  if (!row) throw notFound('设备');
  return row;
}

/** A point and its equipment, both within scope. */
export async function loadPoint(db: Db, visible: Visible, id: number): Promise<{ point: PointEntity; equipment: EquipmentEntity }> {
  const point = await db.selectFrom('asset_point').selectAll().where('id', '=', id).executeTakeFirst();
  if (!point) throw notFound('测点');
  const equipment = await db
    .selectFrom('asset_equipment')
    .selectAll()
    .where('id', '=', point.equipment_id)
    .where(inVisible('customer_id', visible))
    .executeTakeFirst();
  if (!equipment) throw notFound('测点');
  return { point, equipment };
}

/** Every asset change is audited under one category. */
export function auditAsset(db: Kysely<Database>, req: FastifyRequest, action: string, target: string, detail?: unknown) {
  return writeAudit(db, req, { category: 'asset', action, target, detail });
}

/** Splits rows into batches small enough for both dialects' bound-parameter limits. */
export function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Runs a write and turns a unique-constraint race into the same 409 the pre-check gives. */
export async function uniquely<T>(work: () => Promise<T>, onDuplicate: () => Error): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw onDuplicate();
    throw err;
  }
}
