import type { Sample } from '../types';
import type { Buckets } from './buckets';
import { consumptionByBucket, increment, type BucketConsumption } from './accumulator';

/** What a batch adds to one rollup bucket; merged into the stored row by min/max/sum/count and first/last by time. */
export interface PartialAgg {
  p: number;
  b: number;
  min: number;
  max: number;
  sum: number;
  count: number;
  first: number;
  firstTs: number;
  last: number;
  lastTs: number;
}

/**
 * Partial aggregates per (point, bucket) of newly stored samples, sorted by (point, ts). Because
 * they hold only samples that were not stored before, merging them into the stored rows is exact
 * for late and out-of-order samples too (sum and count add; first/last compare times).
 */
export function partials(samples: Sample[], bucketOf: (ts: number) => number): PartialAgg[] {
  const out: PartialAgg[] = [];
  let cur: PartialAgg | null = null;
  for (const s of samples) {
    const b = bucketOf(s.t);
    if (!cur || cur.p !== s.p || cur.b !== b) {
      cur = { p: s.p, b, min: s.v, max: s.v, sum: 0, count: 0, first: s.v, firstTs: s.t, last: s.v, lastTs: s.t };
      out.push(cur);
    }
    if (s.v < cur.min) cur.min = s.v;
    if (s.v > cur.max) cur.max = s.v;
    cur.sum += s.v;
    cur.count++;
    cur.last = s.v;
    cur.lastTs = s.t;
  }
  return out;
}

/**
 * Partial aggregates of a coarser level from those of a finer one (days from quarters, months from
 * days): aggregates merge, so each sample's bucket is computed once. Input sorted by (point, bucket).
 */
export function rollUp(finer: PartialAgg[], parentOf: (bucket: number) => number): PartialAgg[] {
  const out: PartialAgg[] = [];
  let cur: PartialAgg | null = null;
  for (const a of finer) {
    const b = parentOf(a.b);
    if (!cur || cur.p !== a.p || cur.b !== b) {
      cur = { ...a, b };
      out.push(cur);
      continue;
    }
    mergeAgg(cur, a);
  }
  return out;
}

/** Merges partial aggregates of one bucket (first/last by time, so late samples fit). */
export function mergeAgg(into: PartialAgg, a: PartialAgg) {
  if (a.min < into.min) into.min = a.min;
  if (a.max > into.max) into.max = a.max;
  into.sum += a.sum;
  into.count += a.count;
  if (a.firstTs < into.firstTs) {
    into.first = a.first;
    into.firstTs = a.firstTs;
  }
  if (a.lastTs > into.lastTs) {
    into.last = a.last;
    into.lastTs = a.lastTs;
  }
}

/** The newest new sample per point (sorted input): the candidate for tel_latest. */
export function newestPerPoint(samples: Sample[]): Sample[] {
  const out: Sample[] = [];
  for (let i = 0; i < samples.length; i++) {
    if (i === samples.length - 1 || samples[i + 1].p !== samples[i].p) out.push(samples[i]);
  }
  return out;
}

/** First new reading of an accumulator in each 15-minute bucket: its predecessor's bucket changes too. */
export interface FirstInBucket {
  p: number;
  bucket: number;
  ts: number;
}

export function firstsPerQuarter(samples: Sample[], buckets: Buckets): FirstInBucket[] {
  const out: FirstInBucket[] = [];
  let last: FirstInBucket | null = null;
  for (const s of samples) {
    const b = buckets.quarter(s.t);
    if (!last || last.p !== s.p || last.bucket !== b) {
      last = { p: s.p, bucket: b, ts: s.t };
      out.push(last);
    }
  }
  return out;
}

/** A run of consecutive 15-minute buckets of one point whose consumption is recomputed from raw. */
export interface ConsRange {
  p: number;
  lo: number;
  hi: number;
}

/**
 * The buckets whose consumption a batch changes: those holding new readings and those holding the
 * reading just before each (its increment now ends at the new reading). Adjacent buckets merge
 * into one range so each is read once.
 */
export function consRanges(firsts: FirstInBucket[], predTs: (number | null)[], buckets: Buckets): ConsRange[] {
  const perPoint = new Map<number, Set<number>>();
  firsts.forEach((f, i) => {
    let set = perPoint.get(f.p);
    if (!set) perPoint.set(f.p, (set = new Set()));
    set.add(f.bucket);
    const pred = predTs[i];
    if (pred !== null && pred !== undefined) set.add(buckets.quarter(pred));
  });
  const out: ConsRange[] = [];
  for (const [p, set] of perPoint) {
    const sorted = [...set].sort((a, b) => a - b);
    let lo = sorted[0];
    let hi = buckets.nextQuarter(lo);
    for (const b of sorted.slice(1)) {
      if (b === hi) hi = buckets.nextQuarter(b);
      else {
        out.push({ p, lo, hi });
        lo = b;
        hi = buckets.nextQuarter(b);
      }
    }
    out.push({ p, lo, hi });
  }
  return out;
}

export interface ConsUpdate extends BucketConsumption {
  p: number;
}

/** Consumption of every bucket of a range, from its readings (plus the first reading after it). */
export function rangeConsumption(range: ConsRange, readings: { ts: number; value: number }[], buckets: Buckets): ConsUpdate[] {
  return consumptionByBucket(readings, range.lo, range.hi, buckets.quarter).map((c) => ({ p: range.p, ...c }));
}

/** Distinct (point, parent bucket) pairs of changed child buckets, e.g. the days of changed quarters. */
export function parents(updates: { p: number; bucket: number }[], parentOf: (ts: number) => number, next: (start: number) => number) {
  const seen = new Set<string>();
  const out: { p: number; lo: number; hi: number }[] = [];
  for (const u of updates) {
    const lo = parentOf(u.bucket);
    const key = `${u.p}:${lo}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ p: u.p, lo, hi: next(lo) });
  }
  return out;
}

/**
 * Consumption added by readings that all come after the point's latest stored one (the usual
 * case): the increment from the previous latest reading counts in its bucket, each following one
 * in the bucket of the reading before it. Buckets holding a new reading get an entry even when
 * nothing was added, so their consumption reads 0, not unknown. `news`: one point, time order.
 */
export function appendedConsumption(prev: { ts: number; value: number } | null, news: Sample[], buckets: Buckets): ConsUpdate[] {
  const out: ConsUpdate[] = [];
  const entry = (bucket: number) => {
    let e = out.find((x) => x.bucket === bucket);
    if (!e) out.push((e = { p: news[0].p, bucket, cons: 0, suspect: 0 }));
    return e;
  };
  let last = prev;
  for (const s of news) {
    if (last) {
      const inc = increment(last.value, s.v);
      const e = entry(buckets.quarter(last.ts));
      e.cons += inc.delta;
      if (inc.suspect) e.suspect = 1;
    }
    entry(buckets.quarter(s.t));
    last = { ts: s.t, value: s.v };
  }
  return out;
}

/** Increments of child buckets summed per parent bucket (quarters → days → months). */
export function sumByParent(updates: ConsUpdate[], parentOf: (bucket: number) => number): ConsUpdate[] {
  const out = new Map<string, ConsUpdate>();
  for (const u of updates) {
    const bucket = parentOf(u.bucket);
    const key = `${u.p}:${bucket}`;
    const e = out.get(key);
    if (e) {
      e.cons += u.cons;
      e.suspect = Math.max(e.suspect, u.suspect);
    } else out.set(key, { p: u.p, bucket, cons: u.cons, suspect: u.suspect });
  }
  return [...out.values()];
}

/**
 * Splits an accumulator batch: points whose new readings all follow their latest stored reading
 * get their consumption added; the others (late or out-of-order readings) are recomputed.
 */
export function splitAppended(acc: Sample[], prevLatest: Map<number, { ts: number; value: number }>, buckets: Buckets): { added: ConsUpdate[]; late: Sample[] } {
  const added: ConsUpdate[] = [];
  const late: Sample[] = [];
  for (let i = 0; i < acc.length; ) {
    let j = i;
    while (j < acc.length && acc[j].p === acc[i].p) j++;
    const group = acc.slice(i, j);
    const prev = prevLatest.get(acc[i].p) ?? null;
    if (!prev || prev.ts < group[0].t) added.push(...appendedConsumption(prev, group, buckets));
    else late.push(...group);
    i = j;
  }
  return { added, late };
}
