import type { Database as Native } from 'better-sqlite3';
import type { Sample } from '../types';
import type { Buckets } from '../rollup/buckets';
import type { RollupTable } from './schema';
import { newestPerPoint, parents, partials, rollUp, type ConsUpdate, type PartialAgg } from '../rollup/plan';

type RollupRow = Omit<RollupTable, 'point_id'>;

const REPLACE = (table: string) => `
  INSERT OR REPLACE INTO ${table} (point_id, bucket, min, max, sum, count, first, first_ts, last, last_ts, cons, suspect)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * After a crash: the 15-minute buckets marked in tel_rollup_dirty had raw samples committed whose
 * rollups or latest values may not have been written. Each marked bucket is rebuilt from raw for
 * every point (replacing, not merging), accumulator consumption is recomputed, then the days and
 * months holding them are rebuilt from their children, and the marks are removed, all in one
 * transaction. `recomputeConsumption` is the store's own plan for late readings; it returns the
 * 15-minute buckets whose consumption it set.
 */
export function recoverDirtyBuckets(n: Native, buckets: Buckets, recomputeConsumption: (acc: Sample[]) => ConsUpdate[]) {
  const marks = n.prepare('SELECT bucket FROM tel_rollup_dirty ORDER BY bucket').pluck().all() as number[];
  if (!marks.length) return { buckets: 0, points: 0 };
  const points = n.prepare('SELECT id, kind FROM asset_point ORDER BY id').all() as { id: number; kind: string }[];
  const range = n.prepare('SELECT ts, value FROM tel_raw WHERE point_id = ? AND ts >= ? AND ts < ? ORDER BY ts');

  let touched = 0;
  n.transaction(() => {
    const samples: Sample[] = [];
    const acc: Sample[] = [];
    for (const p of points) {
      const before = samples.length;
      for (const b of marks) {
        for (const r of range.all(p.id, b, buckets.nextQuarter(b)) as { ts: number; value: number }[]) samples.push({ p: p.id, t: r.ts, v: r.value, q: 0 });
      }
      if (samples.length > before) touched++;
      if (p.kind === 'ym') for (let i = before; i < samples.length; i++) acc.push(samples[i]);
    }
    const replace15 = n.prepare(REPLACE('tel_15m'));
    for (const a of partials(samples, buckets.quarter)) replace15.run(a.p, a.b, a.min, a.max, a.sum, a.count, a.first, a.firstTs, a.last, a.lastTs, null, 0);
    const latest = n.prepare('INSERT INTO tel_latest (point_id, ts, value) VALUES (?, ?, ?) ON CONFLICT (point_id) DO UPDATE SET ts = excluded.ts, value = excluded.value WHERE excluded.ts > tel_latest.ts');
    for (const s of newestPerPoint(samples)) latest.run(s.p, s.t, s.v);

    const consChanged = acc.length ? recomputeConsumption(acc) : [];
    const changed = [...samples.map((s) => ({ p: s.p, bucket: buckets.quarter(s.t) })), ...consChanged];
    const days = parents(changed, buckets.day, buckets.nextDay);
    rebuild(n, 'tel_day', 'tel_15m', days);
    const months = parents(
      days.map((d) => ({ p: d.p, bucket: d.lo })),
      buckets.month,
      buckets.nextMonth,
    );
    rebuild(n, 'tel_month', 'tel_day', months);
    n.prepare('DELETE FROM tel_rollup_dirty').run();
  })();
  return { buckets: marks.length, points: touched };
}

/** Parent rows (days, months) aggregated again from all their children. */
function rebuild(n: Native, parent: string, child: string, rows: { p: number; lo: number; hi: number }[]) {
  const read = n.prepare(`SELECT bucket, min, max, sum, count, first, first_ts, last, last_ts, cons, suspect FROM ${child} WHERE point_id = ? AND bucket >= ? AND bucket < ? ORDER BY bucket`);
  const write = n.prepare(REPLACE(parent));
  for (const r of rows) {
    const children = read.all(r.p, r.lo, r.hi) as RollupRow[];
    if (!children.length) continue;
    const aggs: PartialAgg[] = children.map((c) => ({ p: r.p, b: c.bucket, min: c.min, max: c.max, sum: c.sum, count: c.count, first: c.first, firstTs: c.first_ts, last: c.last, lastTs: c.last_ts }));
    const [a] = rollUp(aggs, () => r.lo);
    const withCons = children.filter((c) => c.cons !== null);
    const cons = withCons.length ? withCons.reduce((sum, c) => sum + c.cons!, 0) : null;
    const suspect = Math.max(...children.map((c) => c.suspect));
    write.run(r.p, r.lo, a.min, a.max, a.sum, a.count, a.first, a.firstTs, a.last, a.lastTs, cons, suspect);
  }
}
