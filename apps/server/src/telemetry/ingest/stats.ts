import { sql } from 'kysely';
import type { IngestRejectReason } from '@pdz/contracts';
import type { TelDb } from '../store/store';

interface Totals {
  messages: number;
  records: number;
  samples: number;
  unknown: number;
  rejected: number;
  lastMessageAt: number;
}

/** Distinct unknown tags remembered per gateway; beyond it they are counted under "*". */
export const MAX_UNKNOWN_TAGS = 1000;
export const OTHER_TAGS = '*';

/**
 * Per-gateway ingest counters (messages, samples, unknown tags, rejections with reasons), added
 * up in memory on the hot path and written every second (and before the stats call reads them).
 */
export class IngestStats {
  private totals = new Map<number, Totals>();
  private unknown = new Map<number, Map<string, { count: number; first: number; last: number }>>();
  private rejects = new Map<number, Map<string, { count: number; last: number; detail: string | null }>>();
  /** Tags already in the table per gateway (bounded), so one misconfigured gateway cannot fill it. */
  private readonly knownTags = new Map<number, Set<string>>();
  private persisting: Promise<void> = Promise.resolve();

  constructor(private readonly db: TelDb) {}

  private totalsOf(gatewayId: number): Totals {
    let t = this.totals.get(gatewayId);
    if (!t) this.totals.set(gatewayId, (t = { messages: 0, records: 0, samples: 0, unknown: 0, rejected: 0, lastMessageAt: 0 }));
    return t;
  }

  message(gatewayId: number, records: number, samples: number, at: number) {
    const t = this.totalsOf(gatewayId);
    t.messages++;
    t.records += records;
    t.samples += samples;
    t.lastMessageAt = Math.max(t.lastMessageAt, at);
  }

  unknownTag(gatewayId: number, tag: string, at: number) {
    this.totalsOf(gatewayId).unknown++;
    let known = this.knownTags.get(gatewayId);
    if (!known) this.knownTags.set(gatewayId, (known = new Set()));
    if (!known.has(tag)) {
      if (known.size >= MAX_UNKNOWN_TAGS) tag = OTHER_TAGS;
      else known.add(tag);
    }
    let m = this.unknown.get(gatewayId);
    if (!m) this.unknown.set(gatewayId, (m = new Map()));
    const e = m.get(tag);
    if (e) {
      e.count++;
      e.last = at;
    } else m.set(tag, { count: 1, first: at, last: at });
  }

  reject(gatewayId: number, reason: IngestRejectReason, detail: string | null, at: number) {
    this.totalsOf(gatewayId).rejected++;
    let m = this.rejects.get(gatewayId);
    if (!m) this.rejects.set(gatewayId, (m = new Map()));
    const e = m.get(reason);
    const d = detail ? detail.slice(0, 255) : null;
    if (e) {
      e.count++;
      e.last = at;
      e.detail = d;
    } else m.set(reason, { count: 1, last: at, detail: d });
  }

  get dirty() {
    return this.totals.size > 0 || this.unknown.size > 0 || this.rejects.size > 0;
  }

  /** Adds what was counted since the last call to the tables (one call at a time). */
  persist(): Promise<void> {
    this.persisting = this.persisting.then(() => this.write()).catch(() => undefined);
    return this.persisting;
  }

  private async write() {
    if (!this.dirty) return;
    const totals = this.totals;
    const unknown = this.unknown;
    const rejects = this.rejects;
    this.totals = new Map();
    this.unknown = new Map();
    this.rejects = new Map();
    try {
      await this.db.transaction().execute(async (tx) => {
        for (const [gatewayId, t] of totals) {
          await tx
            .insertInto('tel_gateway_stat')
            .values({ gateway_id: gatewayId, messages: t.messages, records: t.records, samples: t.samples, unknown_samples: t.unknown, rejected: t.rejected, last_message_at: t.lastMessageAt || null })
            .onConflict((oc) =>
              oc.column('gateway_id').doUpdateSet({
                messages: sql`tel_gateway_stat.messages + excluded.messages`,
                records: sql`tel_gateway_stat.records + excluded.records`,
                samples: sql`tel_gateway_stat.samples + excluded.samples`,
                unknown_samples: sql`tel_gateway_stat.unknown_samples + excluded.unknown_samples`,
                rejected: sql`tel_gateway_stat.rejected + excluded.rejected`,
                last_message_at: sql`coalesce(excluded.last_message_at, tel_gateway_stat.last_message_at)`,
              }),
            )
            .execute();
        }
        for (const [gatewayId, m] of unknown) {
          for (const [tag, e] of m) {
            await tx
              .insertInto('tel_unknown_tag')
              .values({ gateway_id: gatewayId, raw_tag: tag, count: e.count, first_seen_at: e.first, last_seen_at: e.last })
              .onConflict((oc) =>
                oc.columns(['gateway_id', 'raw_tag']).doUpdateSet({
                  count: sql`tel_unknown_tag.count + excluded.count`,
                  last_seen_at: sql`excluded.last_seen_at`,
                }),
              )
              .execute();
          }
        }
        for (const [gatewayId, m] of rejects) {
          for (const [reason, e] of m) {
            await tx
              .insertInto('tel_reject')
              .values({ gateway_id: gatewayId, reason, count: e.count, last_at: e.last, last_detail: e.detail })
              .onConflict((oc) =>
                oc.columns(['gateway_id', 'reason']).doUpdateSet({
                  count: sql`tel_reject.count + excluded.count`,
                  last_at: sql`excluded.last_at`,
                  last_detail: sql`excluded.last_detail`,
                }),
              )
              .execute();
          }
        }
      });
    } catch (err) {
      // Keep the counts for the next try rather than lose them.
      this.mergeBack(totals, unknown, rejects);
      throw err;
    }
  }

  private mergeBack(totals: Map<number, Totals>, unknown: IngestStats['unknown'], rejects: IngestStats['rejects']) {
    for (const [g, t] of totals) {
      const cur = this.totalsOf(g);
      cur.messages += t.messages;
      cur.records += t.records;
      cur.samples += t.samples;
      cur.unknown += t.unknown;
      cur.rejected += t.rejected;
      cur.lastMessageAt = Math.max(cur.lastMessageAt, t.lastMessageAt);
    }
    for (const [g, m] of unknown) {
      const cur = this.unknown.get(g) ?? new Map();
      this.unknown.set(g, cur);
      for (const [tag, e] of m) {
        const c = cur.get(tag);
        if (c) {
          c.count += e.count;
          c.first = Math.min(c.first, e.first);
        } else cur.set(tag, e);
      }
    }
    for (const [g, m] of rejects) {
      const cur = this.rejects.get(g) ?? new Map();
      this.rejects.set(g, cur);
      for (const [reason, e] of m) {
        const c = cur.get(reason);
        if (c) c.count += e.count;
        else cur.set(reason, e);
      }
    }
  }
}
