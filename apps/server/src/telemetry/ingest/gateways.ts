import crypto from 'node:crypto';
import { hashToken } from '../../platform/auth/tokens';
import type { TelDb } from '../store/store';

export interface GatewayInfo {
  id: number;
  code: string;
  customerId: number;
  reportIntervalS: number;
}

/** Gateways by code: secret checks for MQTT sign-in and HTTP ingest, and code → id for the external broker. */
export class GatewayDirectory {
  private readonly byCode = new Map<string, { at: number; info: GatewayInfo | null }>();

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
    const row = await this.db
      .selectFrom('asset_gateway')
      .select(['id', 'code', 'customer_id', 'report_interval_s', 'secret_hash'])
      .where('code', '=', code)
      .executeTakeFirst();
    const given = Buffer.from(hashToken(typeof secret === 'string' ? secret : secret.toString('utf8')), 'hex');
    const stored = Buffer.from(row?.secret_hash ?? '', 'hex');
    // Compare even when the gateway is unknown, so timing does not tell which codes exist.
    const same = stored.length === given.length ? crypto.timingSafeEqual(stored, given) : crypto.timingSafeEqual(given, given) && false;
    if (!row || !same) return null;
    return this.remember(code, { id: row.id, code: row.code, customerId: row.customer_id, reportIntervalS: row.report_interval_s });
  }

  /** The gateway of a code, without a secret (the external broker authenticated the sender). Cached briefly. */
  async find(code: string): Promise<GatewayInfo | null> {
    const hit = this.byCode.get(code);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.info;
    const row = await this.db
      .selectFrom('asset_gateway')
      .select(['id', 'code', 'customer_id', 'report_interval_s'])
      .where('code', '=', code)
      .executeTakeFirst();
    const info = row ? { id: row.id, code: row.code, customerId: row.customer_id, reportIntervalS: row.report_interval_s } : null;
    if (this.byCode.size > 10_000) this.byCode.clear(); // unknown codes from a broker must not grow memory
    return this.remember(code, info);
  }

  private remember(code: string, info: GatewayInfo | null) {
    this.byCode.set(code, { at: Date.now(), info });
    return info;
  }
}
