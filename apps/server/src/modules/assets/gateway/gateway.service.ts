import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { GATEWAY_SORT_COLUMNS, type GatewayRow, type GatewaySecretResult, type Page, gatewayQuery, gatewaySaveBody } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import type { Database } from '../../../platform/db/schema';
import { sql } from '../../../platform/db/index';
import { contains } from '../../../platform/db/filters';
import { badRequest, conflict } from '../../../platform/errors';
import { bit, bool, offsetOf, page, sortColumn } from '../../../platform/http';
import { hashToken } from '../../../platform/auth/tokens';
import { describeBlockers, inVisible, loadAll, loadGateway, loadStation, uniquely, type Db, type GatewayEntity, type Visible } from '../tree/site-access';

export type GatewayInput = z.infer<typeof gatewaySaveBody>;
type GatewayQuery = z.infer<typeof gatewayQuery>;

const SORT: Record<(typeof GATEWAY_SORT_COLUMNS)[number], string> = {
  id: 'g.id',
  code: 'g.code',
  name: 'g.name',
  stationName: 's.name',
  lastSeenAt: 'g.last_seen_at',
  createdAt: 'g.created_at',
};
export const gatewayCodeTaken = (code: string) => conflict(`网关编号“${code}”已存在`);

/**
 * 256 random bits, base64url. Stored only as its SHA-256 (like session tokens): a slow password
 * hash adds nothing for a secret nobody chose, and ingest checks it on every report.
 */
export function newGatewaySecret(): { secret: string; hash: string } {
  const secret = crypto.randomBytes(32).toString('base64url');
  return { secret, hash: hashToken(secret) };
}

function baseQuery(ctx: AppContext, visible: Visible, q: Partial<GatewayQuery>) {
  let b = ctx.db
    .selectFrom('asset_gateway as g')
    .innerJoin('asset_station as s', 's.id', 'g.station_id')
    .innerJoin('asset_customer as c', 'c.id', 'g.customer_id')
    .where(inVisible('g.customer_id', visible));
  if (q.keyword) b = b.where((eb) => eb.or([contains(ctx.dialect, 'g.name', q.keyword!), contains(ctx.dialect, 'g.code', q.keyword!), contains(ctx.dialect, 'g.ip', q.keyword!)]));
  if (q.customerId) b = b.where('g.customer_id', '=', q.customerId);
  if (q.stationId) b = b.where('g.station_id', '=', q.stationId);
  if (q.online !== undefined) b = b.where('g.online', '=', bit(q.online));
  if (q.protocol) b = b.where('g.protocol', '=', q.protocol);
  return b;
}

function select(b: ReturnType<typeof baseQuery>) {
  return b
    .selectAll('g')
    .select(['s.name as station_name', 'c.name as customer_name'])
    .select((eb) => eb.selectFrom('asset_equipment as x').select(eb.fn.countAll<number>().as('n')).whereRef('x.gateway_id', '=', 'g.id').as('equipment_count'));
}

type Selected = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
function toRow(g: Selected): GatewayRow {
  return {
    id: g.id,
    customerId: g.customer_id,
    customerName: g.customer_name,
    stationId: g.station_id,
    stationName: g.station_name,
    code: g.code,
    name: g.name,
    model: g.model,
    manufacturer: g.manufacturer,
    ip: g.ip,
    protocol: g.protocol,
    reportIntervalS: g.report_interval_s,
    online: bool(g.online),
    lastSeenAt: g.last_seen_at,
    offlineSince: g.offline_since,
    secretRotatedAt: g.secret_rotated_at,
    equipmentCount: Number(g.equipment_count ?? 0),
    remark: g.remark,
    createdAt: g.created_at,
    updatedAt: g.updated_at,
  };
}

export async function pageGateways(ctx: AppContext, visible: Visible, q: GatewayQuery): Promise<Page<GatewayRow>> {
  const b = baseQuery(ctx, visible, q);
  const { n } = await b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await select(b).orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'g.id')), q.order ?? 'asc').orderBy('g.id').limit(q.pageSize).offset(offsetOf(q.pageNum, q.pageSize)).execute();
  return page(rows.map(toRow), Number(n), q.pageNum, q.pageSize);
}

export async function listGateways(ctx: AppContext, visible: Visible, q: GatewayQuery, max: number): Promise<GatewayRow[]> {
  const rows = await select(baseQuery(ctx, visible, q)).orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'g.id')), q.order ?? 'asc').orderBy('g.id').limit(max).execute();
  return rows.map(toRow);
}

export async function getGateway(ctx: AppContext, visible: Visible, id: number): Promise<GatewayRow> {
  await loadGateway(ctx.db, visible, id);
  return toRow(await select(baseQuery(ctx, visible, {})).where('g.id', '=', id).executeTakeFirstOrThrow());
}

/** Codes are unique across every customer (they name the ingest topic), so the check ignores scope. */
async function codeExists(db: Db, code: string, exceptId: number | null) {
  let q = db.selectFrom('asset_gateway').select('id').where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

function columns(input: GatewayInput) {
  return {
    station_id: input.stationId,
    code: input.code,
    name: input.name,
    model: input.model,
    manufacturer: input.manufacturer,
    ip: input.ip,
    protocol: input.protocol,
    report_interval_s: input.reportIntervalS,
    remark: input.remark,
  };
}

export async function saveGateway(db: Kysely<Database>, visible: Visible, input: GatewayInput): Promise<GatewaySecretResult> {
  const station = await loadStation(db, visible, input.stationId);
  if (await codeExists(db, input.code, null)) throw gatewayCodeTaken(input.code);
  const { secret, hash } = newGatewaySecret();
  const t = Date.now();
  const row = await uniquely(
    () =>
      db
        .insertInto('asset_gateway')
        .values({ ...columns(input), customer_id: station.customer_id, secret_hash: hash, secret_rotated_at: t, online: 0, last_seen_at: null, offline_since: null, created_at: t, updated_at: t })
        .returning('id')
        .executeTakeFirstOrThrow(),
    () => gatewayCodeTaken(input.code),
  );
  return { id: row.id, code: input.code, secret, secretRotatedAt: t };
}

/** What still reads through a gateway: its equipment and the raw-tag rules that name it. */
async function gatewayUsers(db: Db, ids: number[]) {
  const count = async (table: 'asset_equipment' | 'iot_raw_rule') => {
    const rows = await db.selectFrom(table).select(['gateway_id', (eb) => eb.fn.countAll<number>().as('n')]).where('gateway_id', 'in', ids).groupBy('gateway_id').execute();
    return new Map(rows.map((r) => [Number(r.gateway_id), Number(r.n)]));
  };
  return { equipment: await count('asset_equipment'), rules: await count('iot_raw_rule') };
}

/**
 * Edits a gateway. It may change station only while nothing reads through it: equipment must be
 * read by a gateway of its own station, and raw-tag rules name the gateway.
 */
export async function updateGateway(db: Kysely<Database>, visible: Visible, id: number, input: GatewayInput): Promise<GatewayEntity> {
  return db.transaction().execute(async (trx) => {
    const before = await loadGateway(trx, visible, id);
    let customerId = before.customer_id;
    if (input.stationId !== before.station_id) {
      const station = await loadStation(trx, visible, input.stationId);
      const users = await gatewayUsers(trx, [id]);
      const what = describeBlockers([
        [users.equipment.get(id) ?? 0, '台', '设备'],
        [users.rules.get(id) ?? 0, '条', '数据规则'],
      ]);
      if (what) throw badRequest(`网关“${before.name}”还接有 ${what}，不能更换站点，请先解除绑定`);
      customerId = station.customer_id;
    }
    if (await codeExists(trx, input.code, id)) throw gatewayCodeTaken(input.code);
    await uniquely(
      () => trx.updateTable('asset_gateway').set({ ...columns(input), customer_id: customerId, updated_at: Date.now() }).where('id', '=', id).execute(),
      () => gatewayCodeTaken(input.code),
    );
    return before;
  });
}

/** Issues a new secret; the old one stops working at once. */
export async function rotateGatewaySecret(db: Kysely<Database>, visible: Visible, id: number): Promise<GatewaySecretResult & { before: GatewayEntity }> {
  const before = await loadGateway(db, visible, id);
  const { secret, hash } = newGatewaySecret();
  const t = Date.now();
  await db.updateTable('asset_gateway').set({ secret_hash: hash, secret_rotated_at: t, updated_at: t }).where('id', '=', id).execute();
  return { id, code: before.code, secret, secretRotatedAt: t, before };
}

export async function removeGateways(db: Kysely<Database>, visible: Visible, ids: number[]): Promise<GatewayEntity[]> {
  return db.transaction().execute(async (trx) => {
    const gateways = await loadAll(ids, (id) => loadGateway(trx, visible, id));
    const users = await gatewayUsers(trx, gateways.map((g) => g.id));
    for (const g of gateways) {
      const what = describeBlockers([
        [users.equipment.get(g.id) ?? 0, '台', '设备'],
        [users.rules.get(g.id) ?? 0, '条', '数据规则'],
      ]);
      if (what) throw badRequest(`网关“${g.name}”还接有 ${what}，请先解除绑定或删除`);
    }
    await trx.deleteFrom('asset_gateway').where('id', 'in', gateways.map((g) => g.id)).execute();
    return gateways;
  });
}
