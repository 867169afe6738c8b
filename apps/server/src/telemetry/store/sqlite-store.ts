import type { Database as Native, Statement } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Sample, RollupLevel } from '../types';
import type { Buckets } from '../rollup/buckets';
import { consRanges, firstsPerQuarter, newestPerPoint, parents, partials, rangeConsumption, rollUp, splitAppended, sumByParent, type ConsUpdate, type PartialAgg } from '../rollup/plan';
import { PendingRollups, flatten, workQuarters, type Contribution, type PointPending } from '../rollup/pending';
import type { TelemetryStore, WriteMode } from './store';
import { recoverDirtyBuckets } from './sqlite-recovery';

const ROLLUP_TABLE: Record<RollupLevel, string> = { '15m': 'tel_15m', day: 'tel_day', month: 'tel_month' };

/** Merge of a batch's partial aggregate into a stored rollup row (first/last by time, so late samples fit). */
const mergeSql = (table: string) => `
  INSERT INTO ${table} (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (point_id, bucket) DO UPDATE SET
    min = min(${table}.min, excluded.min),
    max = max(${table}.max, excluded.max),
    sum = ${table}.sum + excluded.sum,
    count = ${table}.count + excluded.count,
    first = CASE WHEN excluded.first_ts < ${table}.first_ts THEN excluded.first ELSE ${table}.first END,
    first_ts = min(${table}.first_ts, excluded.first_ts),
    last = CASE WHEN excluded.last_ts > ${table}.last_ts THEN excluded.last ELSE ${table}.last END,
    last_ts = max(${table}.last_ts, excluded.last_ts)`;

/** Consumption added to a bucket by readings appended after the latest one. */
const addSql = (table: string) => `UPDATE ${table} SET cons = coalesce(cons, 0) + ?, suspect = max(suspect, ?) WHERE point_id = ? AND bucket = ?`;

/**
 * SQLite: prepared single-row statements inside one transaction, run synchronously while holding
 * Kysely's connection lock (design.md §3: point-ordered rows in large commits reach ~1M rows/s).
 * The commit is synced to disk (synchronous=FULL for these transactions only): an acknowledged
 * sample survives a power cut, not just a process crash, at one fsync per batch.
 */
export class SqliteTelemetryStore implements TelemetryStore {
  private readonly st: Record<string, Statement>;
  private readonly tx: (batch: Sample[], isAcc: (p: number) => boolean, mode: WriteMode) => { inserted: Sample[]; work: Contribution | null };
  private readonly pending = new PendingRollups();
  /** Points taken from `pending` by the commit in progress (put back if it fails). */
  private taking = new Map<number, PointPending>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly native: Native,
    private readonly buckets: Buckets,
    private readonly rollupDelayMs = 3000,
  ) {
    const n = native;
    // A batch touches one leaf page per point; SQLite's default 2 MiB page cache spills mid-batch
    // once the history outgrows it, so the shared connection gets 64 MiB.
    n.pragma('cache_size = -65536');
    this.st = {
      raw: n.prepare('INSERT INTO tel_raw (point_id, ts, value, quality) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING'),
      latest: n.prepare(
        `INSERT INTO tel_latest (point_id, ts, value) VALUES (?, ?, ?)
         ON CONFLICT (point_id) DO UPDATE SET ts = excluded.ts, value = excluded.value WHERE excluded.ts > tel_latest.ts`,
      ),
      m15: n.prepare(mergeSql(ROLLUP_TABLE['15m'])),
      mday: n.prepare(mergeSql(ROLLUP_TABLE.day)),
      mmonth: n.prepare(mergeSql(ROLLUP_TABLE.month)),
      pred: n.prepare('SELECT ts FROM tel_raw WHERE point_id = ? AND ts < ? ORDER BY ts DESC LIMIT 1').pluck(),
      range: n.prepare('SELECT ts, value FROM tel_raw WHERE point_id = ? AND ts >= ? AND ts < ? ORDER BY ts'),
      succ: n.prepare('SELECT ts, value FROM tel_raw WHERE point_id = ? AND ts >= ? ORDER BY ts LIMIT 1'),
      prevLatest: n.prepare('SELECT ts, value FROM tel_latest WHERE point_id = ?'),
      markDirty: n.prepare('INSERT INTO tel_rollup_dirty (bucket) VALUES (?) ON CONFLICT DO NOTHING'),
      dirty: n.prepare('SELECT bucket FROM tel_rollup_dirty').pluck(),
      clean: n.prepare('DELETE FROM tel_rollup_dirty WHERE bucket = ?'),
      cleanAll: n.prepare('DELETE FROM tel_rollup_dirty'),
      add15: n.prepare(addSql('tel_15m')),
      addDay: n.prepare(addSql('tel_day')),
      addMonth: n.prepare(addSql('tel_month')),
      cons15: n.prepare('UPDATE tel_15m SET cons = ?, suspect = ? WHERE point_id = ? AND bucket = ?'),
      consDay: n.prepare(
        `UPDATE tel_day SET
           cons = (SELECT sum(cons) FROM tel_15m WHERE point_id = ? AND bucket >= ? AND bucket < ?),
           suspect = (SELECT coalesce(max(suspect), 0) FROM tel_15m WHERE point_id = ? AND bucket >= ? AND bucket < ?)
         WHERE point_id = ? AND bucket = ?`,
      ),
      consMonth: n.prepare(
        `UPDATE tel_month SET
           cons = (SELECT sum(cons) FROM tel_day WHERE point_id = ? AND bucket >= ? AND bucket < ?),
           suspect = (SELECT coalesce(max(suspect), 0) FROM tel_day WHERE point_id = ? AND bucket >= ? AND bucket < ?)
         WHERE point_id = ? AND bucket = ?`,
      ),
    };
    this.tx = n.transaction((batch: Sample[], isAcc: (p: number) => boolean, mode: WriteMode) => this.writeSync(batch, isAcc, mode));
  }

  /** Rebuilds the buckets a crash left marked (run once, before the first write). */
  recover(): { buckets: number; points: number } {
    return recoverDirtyBuckets(this.native, this.buckets, (late) => this.accumulatorsSync(late));
  }

  async write(batch: Sample[], isAccumulator: (p: number) => boolean, mode: WriteMode = 'now'): Promise<Sample[]> {
    if (!batch.length && (mode === 'defer' || !this.pending.size)) return [];
    return this.db.connection().execute(async () => {
      const { pending } = this;
      this.native.pragma('synchronous = FULL');
      if (mode === 'now') pending.begin();
      this.taking = new Map();
      try {
        const { inserted, work } = this.tx(batch, isAccumulator, mode);
        // A deferred batch's own work joins the pending work once its commit holds.
        if (mode === 'now') pending.commit();
        else if (work) pending.absorb(work, Date.now());
        return inserted;
      } catch (err) {
        if (mode === 'now') pending.rollback();
        else pending.restore(this.taking);
        throw err;
      } finally {
        this.native.pragma('synchronous = NORMAL');
      }
    });
  }

  /**
   * One commit: the raw samples; in mode `now` every point's pending work and the batch's own are
   * written, in mode `defer` only work pending for the delay (the batch's own buckets are marked).
   */
  private writeSync(batch: Sample[], isAcc: (p: number) => boolean, mode: WriteMode): { inserted: Sample[]; work: Contribution | null } {
    const { st, buckets, pending } = this;
    const inserted: Sample[] = [];
    for (const s of batch) if (st.raw.run(s.p, s.t, s.v, s.q).changes) inserted.push(s);
    const now = Date.now();
    const work = inserted.length ? this.contribution(inserted, isAcc) : null;
    if (mode === 'now') {
      if (work) pending.absorb(work, now);
      this.taking = pending.take({ all: true });
      this.rollupSync(flatten(this.taking));
      st.cleanAll.run();
      return { inserted, work };
    }
    this.taking = pending.take({ now, maxAgeMs: this.rollupDelayMs, limit: Math.max(1000, Math.ceil(pending.size / 4)) });
    const marked = work ? workQuarters(work) : new Set<number>();
    for (const b of marked) st.markDirty.run(b);
    if (this.taking.size) {
      this.rollupSync(flatten(this.taking));
      const still = pending.quarterSet(buckets);
      for (const b of st.dirty.all() as number[]) if (!still.has(b) && !marked.has(b)) st.clean.run(b);
    }
    return { inserted, work };
  }

  /** A batch's rollup work; accumulators' previous reading is the pending one, else the stored one. */
  private contribution(inserted: Sample[], isAcc: (p: number) => boolean): Contribution {
    const { st, buckets, pending } = this;
    const acc = inserted.filter((s) => isAcc(s.p));
    const prevLatest = new Map<number, { ts: number; value: number }>();
    for (const s of newestPerPoint(acc)) {
      const row = pending.latestOf(s.p) ?? (st.prevLatest.get(s.p) as { ts: number; value: number } | undefined);
      if (row) prevLatest.set(s.p, row);
    }
    const { added, late } = acc.length ? splitAppended(acc, prevLatest, buckets) : { added: [], late: [] };
    return { quarters: partials(inserted, buckets.quarter), adds: added, late, newest: newestPerPoint(inserted) };
  }

  /** Writes taken points' latest values, rollups and accumulator consumption (adds before recomputes). */
  private rollupSync(work: ReturnType<typeof flatten>) {
    const { st, buckets } = this;
    for (const s of work.latest) st.latest.run(s.p, s.t, s.v);
    const days = rollUp(work.quarters, buckets.day);
    const levels: [Statement, PartialAgg[]][] = [
      [st.m15, work.quarters],
      [st.mday, days],
      [st.mmonth, rollUp(days, buckets.month)],
    ];
    for (const [stmt, rows] of levels) {
      for (const a of rows) stmt.run(a.p, a.b, a.min, a.max, a.sum, a.count, a.first, a.firstTs, a.last, a.lastTs);
    }
    if (work.adds.length) this.addConsumptionSync(work.adds);
    if (work.late.length) this.accumulatorsSync(work.late);
  }

  private addConsumptionSync(added: ConsUpdate[]) {
    const { st, buckets } = this;
    const days = sumByParent(added, buckets.day);
    const levels: [Statement, ConsUpdate[]][] = [
      [st.add15, added],
      [st.addDay, days],
      [st.addMonth, sumByParent(days, buckets.month)],
    ];
    for (const [stmt, rows] of levels) for (const u of rows) stmt.run(u.cons, u.suspect, u.p, u.bucket);
  }

  /** Recomputes the consumption of the 15-minute buckets a batch touched, then their days and months; returns the buckets set. */
  private accumulatorsSync(acc: Sample[]): ConsUpdate[] {
    const { st, buckets } = this;
    const firsts = firstsPerQuarter(acc, buckets);
    const preds = firsts.map((f) => (st.pred.get(f.p, f.ts) as number | undefined) ?? null);
    const updates: ConsUpdate[] = [];
    for (const r of consRanges(firsts, preds, buckets)) {
      const readings = st.range.all(r.p, r.lo, r.hi) as { ts: number; value: number }[];
      const after = st.succ.get(r.p, r.hi) as { ts: number; value: number } | undefined;
      if (after) readings.push(after);
      updates.push(...rangeConsumption(r, readings, buckets));
    }
    for (const u of updates) st.cons15.run(u.cons, u.suspect, u.p, u.bucket);
    const days = parents(updates, buckets.day, buckets.nextDay);
    for (const d of days) st.consDay.run(d.p, d.lo, d.hi, d.p, d.lo, d.hi, d.p, d.lo);
    const months = parents(
      days.map((d) => ({ p: d.p, bucket: d.lo })),
      buckets.month,
      buckets.nextMonth,
    );
    for (const m of months) st.consMonth.run(m.p, m.lo, m.hi, m.p, m.lo, m.hi, m.p, m.lo);
    return updates;
  }
}
