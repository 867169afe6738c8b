import crypto from 'node:crypto';
import { hashToken } from '../../platform/auth/tokens';
import type { TelDb } from '../store/store';

export interface GatewayInfo {
  id: number;
  code: string;
  customerId: number;
  reportIntervalS: number;
  /** Records a gateway collects this long before it sends them (弱网优化; 0 = at once). */
  batchIntervalS: number;
  /** Longest silence of a healthy gateway (ms): its report or batch interval. */
  silentMs: number;
  /** Longest silence of a healthy equipment (ms): with report by exception, its full-report interval too. */
  equipmentSilentMs: number;
}

/** Gateways with what their comm state and ingest need (info via `infoOf`). */
export const gatewayRows = (db: TelDb) =>
  db
    .selectFrom('asset_gateway as g')
    .leftJoin('tel_gateway_link as l', 'l.gateway_id', 'g.id')
    .select(['g.id', 'g.code', 'g.customer_id', 'g.report_interval_s', 'l.batch_interval_s', 'l.deadband_pct', 'l.full_report_s']);

type GatewayRow = { id: number; code: string; customer_id: number; report_interval_s: number; batch_interval_s: number | null; deadband_pct: number | null; full_report_s: number | null };

export function infoOf(r: GatewayRow): GatewayInfo {
  const batchIntervalS = r.batch_interval_s ?? 0;
  const silentMs = Math.max(r.report_interval_s, batchIntervalS) * 1000;
  const refreshMs = r.deadband_pct ? (r.full_report_s ?? 0) * 1000 : 0;
  return { id: r.id, code: r.code, customerId: r.customer_id, reportIntervalS: r.report_interval_s, batchIntervalS, silentMs, equipmentSilentMs: Math.max(silentMs, refreshMs) };
}

/** Gateways by code: secret checks for MQTT sign-in and HTTP ingest, and code → id for the external broker. */
export class GatewayDirectory {
  private readonly byCode = new Map<string, { at: number; info: GatewayInfo | null }>();
  /** One object per gateway, shared by every holder (a signed-in MQTT client keeps its own), so a settings change reaches them all. */
  private readonly shared = new Map<number, GatewayInfo>();

  constructor(
    private readonly db: TelDb,
    private readonly ttlMs = 10_000,
  ) {}

  /**
   * The gateway when `secret` is its secret, else null. Always read from the database (one lookup
   * by a unique code), so a rotated secret stops working at once. The stored SHA-256 is compared
   * in constant time.
   */
  async authenticate(code: string, secret: string | Buffer | undefined | null): Promise<GatewayInfo | null> {
    if (!code || secret === undefined || secret === null) return null;
    const row = await this.gatewayRows().select('g.secret_hash').where('g.code', '=', code).executeTakeFirst();
    const given = Buffer.from(hashToken(typeof secret === 'string' ? secret : secret.toString('utf8')), 'hex');
    const stored = Buffer.from(row?.secret_hash ?? '', 'hex');
    // Compare even when the gateway is unknown, so timing does not tell which codes exist.
    const same = stored.length === given.length ? crypto.timingSafeEqual(stored, given) : crypto.timingSafeEqual(given, given) && false;
    if (!row || !same) return null;
    return this.remember(code, this.share(infoOf(row)));
  }

  /** The gateway of a code, without a secret (the external broker authenticated the sender). Cached briefly. */
  async find(code: string): Promise<GatewayInfo | null> {
    const hit = this.byCode.get(code);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.info;
    const row = await this.gatewayRows().where('g.code', '=', code).executeTakeFirst();
    const info = row ? this.share(infoOf(row)) : null;
    if (this.byCode.size > 10_000) this.byCode.clear(); // unknown codes from a broker must not grow memory
    return this.remember(code, info);
  }

  /** Reads a gateway again after its settings changed; every holder of its info sees the new values. */
  async refresh(gatewayId: number) {
    const row = await gatewayRows(this.db).where('g.id', '=', gatewayId).executeTakeFirst();
    if (row) this.share(infoOf(row));
  }

  private share(info: GatewayInfo): GatewayInfo {
    const cur = this.shared.get(info.id);
    if (!cur) {
      this.shared.set(info.id, info);
      return info;
    }
    return Object.assign(cur, info);
  }

  private gatewayRows() {
    return gatewayRows(this.db);
  }

  private remember(code: string, info: GatewayInfo | null) {
    this.byCode.set(code, { at: Date.now(), info });
    return info;
  }
}
