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

/** What one message tells of its gateway's link (weak-network page). */
export interface LinkSample {
  /** Arrival − time of the newest record, for a message without backlog records; null otherwise. */
  delayMs: number | null;
  /** Records old enough to be a stored backlog sent again. */
  backlogRecords: number;
  /** Age of its oldest backlog record. */
  backlogAgeMs: number;
}

/** A replay: backlog messages of one gateway with less than this between them. */
const REPLAY_GAP_MS = 60_000;
/** Weight of a new message in the smoothed delay. */
const DELAY_WEIGHT = 0.2;

interface Link {
  delayMs: number | null;
  replay: { records: number; maxAgeMs: number; lastAt: number } | null;
  dirty: boolean;
  backlog: number;
  offline: number;
  lastOfflineAt: number | null;
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
  /** Smoothed delay and the replay in progress per gateway, kept across writes; counts since the last write. */
  private readonly links = new Map<number, Link>();
  private persisting: Promise<void> = Promise.resolve();

  constructor(private readonly db: TelDb) {}

  private totalsOf(gatewayId: number): Totals {
    let t = this.totals.get(gatewayId);
    if (!t) this.totals.set(gatewayId, (t = { messages: 0, records: 0, samples: 0, unknown: 0, rejected: 0, lastMessageAt: 0 }));
    return t;
  }

  message(gatewayId: number, records: number, samples: number, at: number, link?: LinkSample) {
    const t = this.totalsOf(gatewayId);
    t.messages++;
    t.records += records;
    t.samples += samples;
    t.lastMessageAt = Math.max(t.lastMessageAt, at);
    if (link) this.link(gatewayId, link, at);
  }

  private linkOf(gatewayId: number): Link {
    let l = this.links.get(gatewayId);
    if (!l) this.links.set(gatewayId, (l = { delayMs: null, replay: null, dirty: false, backlog: 0, offline: 0, lastOfflineAt: null }));
    return l;
  }

  private link(gatewayId: number, m: LinkSample, at: number) {
    const l = this.linkOf(gatewayId);
    if (m.delayMs !== null) {
      l.delayMs = l.delayMs === null ? m.delayMs : l.delayMs + DELAY_WEIGHT * (m.delayMs - l.delayMs);
      l.dirty = true;
    }
    if (m.backlogRecords > 0) {
      const r = l.replay && at - l.replay.lastAt < REPLAY_GAP_MS ? l.replay : (l.replay = { records: 0, maxAgeMs: 0, lastAt: at });
      r.records += m.backlogRecords;
      r.maxAgeMs = Math.max(r.maxAgeMs, m.backlogAgeMs);
      r.lastAt = at;
      l.backlog += m.backlogRecords;
      l.dirty = true;
    }
  }

  /** The gateway was marked offline (its link dropped). */
  offline(gatewayId: number, at: number) {
    const l = this.linkOf(gatewayId);
    l.offline++;
    l.lastOfflineAt = at;
    l.dirty = true;
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
    return this.totals.size > 0 || this.unknown.size > 0 || this.rejects.size > 0 || [...this.links.values()].some((l) => l.dirty);
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
    const links = this.takeLinks();
    try {
      await this.db.transaction().execute(async (tx) => {
        for (const [gatewayId, l] of links) await this.writeLink(tx, gatewayId, l);
        for (const [gatewayId, t] of totals) {
          await tx
            .insertInto('tel_gateway_stat')
            .values({ gateway_id: gatewayId, messages: t.messages, records: t.records, samples: t.samples, unknown_samples: t.unknown, rejected: t.rejected, last_message_at: t.lastMessageAt || null, backlog_records: 0, offline_count: 0 })
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
      for (const [g, l] of links) {
        const cur = this.linkOf(g);
        cur.backlog += l.backlog;
        cur.offline += l.offline;
        cur.dirty = true;
      }
      throw err;
    }
  }

  /** The link figures to write: counts since the last write (then reset), the smoothed delay and the current replay as they are. */
  private takeLinks() {
    const out = new Map<number, Pick<Link, 'delayMs' | 'replay' | 'backlog' | 'offline' | 'lastOfflineAt'>>();
    for (const [g, l] of this.links) {
      if (!l.dirty) continue;
      out.set(g, { delayMs: l.delayMs, replay: l.replay && { ...l.replay }, backlog: l.backlog, offline: l.offline, lastOfflineAt: l.lastOfflineAt });
      l.backlog = 0;
      l.offline = 0;
      l.dirty = false;
    }
    return out;
  }

  private async writeLink(tx: TelDb, gatewayId: number, l: ReturnType<IngestStats['takeLinks']> extends Map<number, infer V> ? V : never) {
    const replay = l.replay;
    await tx
      .insertInto('tel_gateway_stat')
      .values({
        gateway_id: gatewayId,
        ...{ messages: 0, records: 0, samples: 0, unknown_samples: 0, rejected: 0 },
        delay_ms: l.delayMs,
        backlog_records: l.backlog,
        last_backlog_at: replay?.lastAt ?? null,
        last_backlog_records: replay?.records ?? null,
        max_backlog_age_ms: replay?.maxAgeMs ?? null,
        offline_count: l.offline,
        last_offline_at: l.lastOfflineAt,
      })
      .onConflict((oc) =>
        oc.column('gateway_id').doUpdateSet({
          delay_ms: sql`coalesce(excluded.delay_ms, tel_gateway_stat.delay_ms)`,
          backlog_records: sql`tel_gateway_stat.backlog_records + excluded.backlog_records`,
          last_backlog_at: sql`coalesce(excluded.last_backlog_at, tel_gateway_stat.last_backlog_at)`,
          last_backlog_records: sql`coalesce(excluded.last_backlog_records, tel_gateway_stat.last_backlog_records)`,
          max_backlog_age_ms: sql`coalesce(excluded.max_backlog_age_ms, tel_gateway_stat.max_backlog_age_ms)`,
          offline_count: sql`tel_gateway_stat.offline_count + excluded.offline_count`,
          last_offline_at: sql`coalesce(excluded.last_offline_at, tel_gateway_stat.last_offline_at)`,
        }),
      )
      .execute();
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
