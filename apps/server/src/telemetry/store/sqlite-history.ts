import type { Database as Native, Statement } from 'better-sqlite3';
import type { Sample, RollupLevel } from '../types';
import type { Buckets } from '../rollup/buckets';
import { consRanges, firstsPerQuarter, newestPerPoint, parents, partials, rangeConsumption, rollUp, splitAppended, sumByParent, type ConsUpdate, type PartialAgg } from '../rollup/plan';

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

/** Point ids of accumulators (kWh registers): their consumption is rolled up too. */
export function meterPoints(n: Native): (p: number) => boolean {
  const ids = new Set(n.prepare("SELECT id FROM asset_point WHERE kind = 'ym'").pluck().all() as number[]);
  return (p) => ids.has(p);
}

/**
 * The history of the embedded store on one connection: raw rows, latest values, 15-minute / day /
 * month rollups and accumulator consumption, as prepared single-row statements. The caller holds
 * the transaction. Used by the store's direct commits, by the journal mover (in its worker thread)
 * and by recovery at start.
 */
export class SqliteHistory {
  private readonly st: Record<string, Statement>;

  constructor(
    n: Native,
    private readonly buckets: Buckets,
  ) {
    // A commit touches one leaf page per point; SQLite's default 2 MiB page cache spills mid-commit
    // once the history outgrows it, so each connection gets 64 MiB.
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
  }

  /**
   * Samples sorted by (point, ts) without duplicate keys: raw rows (a key already stored is
   * skipped), then the latest values, rollups and consumption of those that were new; returns them.
   */
  write(samples: Sample[], isAcc: (p: number) => boolean): Sample[] {
    const { st } = this;
    const inserted: Sample[] = [];
    for (const s of samples) if (st.raw.run(s.p, s.t, s.v, s.q).changes) inserted.push(s);
    if (inserted.length) this.rollUp(inserted, isAcc);
    return inserted;
  }

  /** Rollups of newly stored samples; accumulators' previous reading is the stored latest one. */
  private rollUp(inserted: Sample[], isAcc: (p: number) => boolean) {
    const { st, buckets } = this;
    const acc = inserted.filter((s) => isAcc(s.p));
    const prevLatest = new Map<number, { ts: number; value: number }>();
    for (const s of newestPerPoint(acc)) {
      const row = st.prevLatest.get(s.p) as { ts: number; value: number } | undefined;
      if (row) prevLatest.set(s.p, row);
    }
    const { added, late } = acc.length ? splitAppended(acc, prevLatest, buckets) : { added: [], late: [] };

    for (const s of newestPerPoint(inserted)) st.latest.run(s.p, s.t, s.v);
    const quarters = partials(inserted, buckets.quarter);
    const days = rollUp(quarters, buckets.day);
    const levels: [Statement, PartialAgg[]][] = [
      [st.m15, quarters],
      [st.mday, days],
      [st.mmonth, rollUp(days, buckets.month)],
    ];
    for (const [stmt, rows] of levels) {
      for (const a of rows) stmt.run(a.p, a.b, a.min, a.max, a.sum, a.count, a.first, a.firstTs, a.last, a.lastTs);
    }
    if (added.length) this.addConsumption(added);
    if (late.length) this.recomputeConsumption(late);
  }

  private addConsumption(added: ConsUpdate[]) {
    const { st, buckets } = this;
    const days = sumByParent(added, buckets.day);
    const levels: [Statement, ConsUpdate[]][] = [
      [st.add15, added],
      [st.addDay, days],
      [st.addMonth, sumByParent(days, buckets.month)],
    ];
    for (const [stmt, rows] of levels) for (const u of rows) stmt.run(u.cons, u.suspect, u.p, u.bucket);
  }

  /** Recomputes the consumption of the 15-minute buckets late readings touched, then their days and months; returns the buckets set. */
  recomputeConsumption(acc: Sample[]): ConsUpdate[] {
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
