import crypto from 'node:crypto';
import net from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { hashToken } from '../platform/auth/tokens';
import type { PointKind } from './types';

/** Test fixtures of the telemetry suites, written straight into the database (no session needed). */
let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}${crypto.randomBytes(2).toString('hex')}`.toUpperCase();

export interface FleetPoint {
  key: string;
  kind: PointKind;
  scale?: number;
  offset?: number;
}

export interface Fleet {
  customerId: number;
  stationId: number;
  gateway: { id: number; code: string; secret: string };
  equipmentId: number;
  equipmentCode: string;
  /** point key → point id */
  points: Record<string, number>;
  /** point key → raw tag on the gateway */
  tags: Record<string, string>;
}

/** A customer with one station, one gateway (with a known secret), one equipment and its points with rules. */
export async function makeFleet(
  db: Kysely<Database>,
  points: FleetPoint[] = [
    { key: 'Ua', kind: 'yc' },
    { key: 'Ep', kind: 'ym' },
    { key: 'door', kind: 'yx' },
  ],
  opts: { reportIntervalS?: number; deptId?: number | null } = {},
): Promise<Fleet> {
  const u = uniq();
  const t = Date.now();
  const stamp = { created_at: t, updated_at: t };
  const customer = await db
    .insertInto('asset_customer')
    .values({ code: `TC${u}`, name: `遥测客户${u}`, dept_id: opts.deptId ?? null, ...stamp } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const station = await db
    .insertInto('asset_station')
    .values({ customer_id: customer.id, code: `TS${u}`, name: `遥测站${u}`, station_type: 'station', ...stamp } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const secret = crypto.randomBytes(24).toString('base64url');
  const gwCode = `GW${u}`;
  const gateway = await db
    .insertInto('asset_gateway')
    .values({
      customer_id: customer.id,
      station_id: station.id,
      code: gwCode,
      name: `网关${u}`,
      secret_hash: hashToken(secret),
      secret_rotated_at: t,
      report_interval_s: opts.reportIntervalS ?? 60,
      ...stamp,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const model = await db
    .insertInto('asset_equipment_model')
    .values({ code: `TM${u}`, name: `测试型号${u}`, equipment_type: 'meter', ...stamp } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const eqCode = `EQ${u}`;
  const equipment = await db
    .insertInto('asset_equipment')
    .values({ customer_id: customer.id, station_id: station.id, gateway_id: gateway.id, model_id: model.id, code: eqCode, name: `电表${u}`, equipment_type: 'meter', ...stamp } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const fleet: Fleet = {
    customerId: customer.id,
    stationId: station.id,
    gateway: { id: gateway.id, code: gwCode, secret },
    equipmentId: equipment.id,
    equipmentCode: eqCode,
    points: {},
    tags: {},
  };
  for (const [i, p] of points.entries()) {
    const row = await db
      .insertInto('asset_point')
      .values({ equipment_id: equipment.id, point_key: p.key, name: p.key, kind: p.kind, order_num: i, ...stamp } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const tag = `${eqCode}.${p.key}`;
    await db
      .insertInto('iot_raw_rule')
      .values({ point_id: row.id, gateway_id: gateway.id, raw_tag: tag, scale: p.scale ?? 1, offset: p.offset ?? 0, updated_at: t } as never)
      .execute();
    fleet.points[p.key] = row.id;
    fleet.tags[p.key] = tag;
  }
  return fleet;
}

/** A port nobody listens on right now (never 1883, the machine's broker). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Headers of an HTTP ingest call. */
export const gatewayHeaders = (secret: string) => ({ 'x-gateway-secret': secret, 'content-type': 'application/json' });
