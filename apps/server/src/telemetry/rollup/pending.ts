import type { Sample } from '../types';
import type { Buckets } from './buckets';
import { mergeAgg, type ConsUpdate, type PartialAgg } from './plan';

/** What one point's committed samples still owe to tel_latest and the rollup tables. */
export interface PointPending {
  /** Partial aggregates per 15-minute bucket. */
  quarters: Map<number, PartialAgg>;
  /** Accumulator consumption to add per 15-minute bucket (readings that followed the latest one). */
  adds: Map<number, ConsUpdate>;
  /** Late or out-of-order accumulator readings: their buckets' consumption is recomputed from raw. */
  late: Sample[];
  /** Newest sample, for tel_latest. */
  latest: { ts: number; value: number } | null;
  /** When the first of these was committed (ms). */
  since: number;
}

/** One batch's share, computed before it is absorbed. */
export interface Contribution {
  quarters: PartialAgg[];
  adds: ConsUpdate[];
  late: Sample[];
  newest: Sample[];
}

const empty = (since: number): PointPending => ({ quarters: new Map(), adds: new Map(), late: [], latest: null, since });

const clone = (p: PointPending): PointPending => ({
  quarters: new Map([...p.quarters].map(([b, a]) => [b, { ...a }])),
  adds: new Map([...p.adds].map(([b, u]) => [b, { ...u }])),
  late: p.late.slice(),
  latest: p.latest,
  since: p.since,
});

/**
 * Rollups and latest values of committed samples that are not yet written: under load the store
 * writes them per point once every few seconds instead of in every commit (the per-point work
 * dominated a commit). The raw samples are durable; the buckets they touched are recorded in
 * tel_rollup_dirty in the same commit, so a crash loses only work that is redone from raw.
 *
 * A commit that fails leaves this state as it was: deferred commits take due points before and
 * absorb their batch after the commit (`restore` puts taken points back on failure); a commit
 * that writes everything absorbs and takes under an undo log (`begin`/`commit`/`rollback`).
 */
export class PendingRollups {
  private readonly byPoint = new Map<number, PointPending>();
  private undo: Map<number, PointPending | null> | null = null;

  get size() {
    return this.byPoint.size;
  }

  /** The newest pending value of a point (newer than tel_latest when present). */
  latestOf(p: number) {
    return this.byPoint.get(p)?.latest ?? null;
  }

  begin() {
    this.undo = new Map();
  }

  commit() {
    this.undo = null;
  }

  rollback() {
    if (!this.undo) return;
    for (const [p, prev] of this.undo) {
      if (prev) this.byPoint.set(p, prev);
      else this.byPoint.delete(p);
    }
    this.undo = null;
  }

  private touch(p: number, now: number): PointPending {
    const cur = this.byPoint.get(p);
    if (this.undo && !this.undo.has(p)) this.undo.set(p, cur ? clone(cur) : null);
    if (cur) return cur;
    const fresh = empty(now);
    this.byPoint.set(p, fresh);
    return fresh;
  }

  absorb(c: Contribution, now: number) {
    for (const a of c.quarters) {
      const pp = this.touch(a.p, now);
      const q = pp.quarters.get(a.b);
      if (q) mergeAgg(q, a);
      else pp.quarters.set(a.b, { ...a });
    }
    for (const u of c.adds) {
      const pp = this.touch(u.p, now);
      const e = pp.adds.get(u.bucket);
      if (e) {
        e.cons += u.cons;
        e.suspect = Math.max(e.suspect, u.suspect);
      } else pp.adds.set(u.bucket, { ...u });
    }
    for (const s of c.late) this.touch(s.p, now).late.push(s);
    for (const s of c.newest) {
      const pp = this.touch(s.p, now);
      if (!pp.latest || s.t > pp.latest.ts) pp.latest = { ts: s.t, value: s.v };
    }
  }

  /**
   * Removes and returns the points to write now: all of them, or (under load) those pending for
   * `maxAgeMs` or more, oldest first, at most `limit` (the rest wait for the next commits).
   */
  take(opts: { all: true } | { now: number; maxAgeMs: number; limit: number }): Map<number, PointPending> {
    const out = new Map<number, PointPending>();
    for (const [p, pp] of this.byPoint) {
      if ('all' in opts) out.set(p, pp);
      else if (opts.now - pp.since >= opts.maxAgeMs && out.size < opts.limit) out.set(p, pp);
    }
    for (const p of out.keys()) {
      if (this.undo && !this.undo.has(p)) this.undo.set(p, this.byPoint.get(p)!);
      this.byPoint.delete(p);
    }
    return out;
  }

  /** Puts back points taken for a commit that failed (nothing was absorbed meanwhile). */
  restore(taken: Map<number, PointPending>) {
    for (const [p, pp] of taken) this.byPoint.set(p, pp);
  }

  /** The 15-minute buckets that pending work still refers to (their dirty marks must stay). */
  quarterSet(buckets: Buckets): Set<number> {
    const out = new Set<number>();
    for (const pp of this.byPoint.values()) {
      for (const b of pp.quarters.keys()) out.add(b);
      for (const b of pp.adds.keys()) out.add(b);
      for (const s of pp.late) out.add(buckets.quarter(s.t));
    }
    return out;
  }
}

/** The 15-minute buckets a batch's work refers to (its samples' and its consumption increments'). */
export function workQuarters(c: Contribution): Set<number> {
  const out = new Set<number>();
  for (const a of c.quarters) out.add(a.b);
  for (const u of c.adds) out.add(u.bucket);
  return out;
}

/**
 * The taken points' work as flat lists sorted by (point, bucket or ts), the order the store's
 * rollup statements and the consumption plan expect.
 */
export function flatten(taken: Map<number, PointPending>) {
  const points = [...taken.keys()].sort((a, b) => a - b);
  const quarters: PartialAgg[] = [];
  const adds: ConsUpdate[] = [];
  const late: Sample[] = [];
  const latest: Sample[] = [];
  for (const p of points) {
    const pp = taken.get(p)!;
    for (const b of [...pp.quarters.keys()].sort((x, y) => x - y)) quarters.push(pp.quarters.get(b)!);
    for (const b of [...pp.adds.keys()].sort((x, y) => x - y)) adds.push(pp.adds.get(b)!);
    if (pp.late.length) late.push(...pp.late.slice().sort((x, y) => x.t - y.t));
    if (pp.latest) latest.push({ p, t: pp.latest.ts, v: pp.latest.value, q: 0 });
  }
  return { quarters, adds, late, latest };
}
