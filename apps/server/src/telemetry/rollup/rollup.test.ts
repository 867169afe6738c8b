import { describe, expect, it } from 'vitest';
import { consumptionByBucket, increment } from './accumulator';
import { zoneBuckets } from './buckets';
import { consRanges, partials, rollUp } from './plan';

const china = zoneBuckets(480);

describe('buckets in UTC+8', () => {
  it('puts 15:59:59Z in one China day and 16:00:00Z in the next', () => {
    const before = Date.parse('2024-03-10T15:59:59Z');
    const after = Date.parse('2024-03-10T16:00:00Z');
    expect(china.day(before)).toBe(Date.parse('2024-03-09T16:00:00Z'));
    expect(china.day(after)).toBe(Date.parse('2024-03-10T16:00:00Z'));
    expect(china.nextDay(china.day(before))).toBe(china.day(after));
  });

  it('starts months at 00:00 China time of day 1, including across years', () => {
    expect(china.month(Date.parse('2024-01-31T15:59:59Z'))).toBe(Date.parse('2023-12-31T16:00:00Z'));
    expect(china.month(Date.parse('2024-01-31T16:00:00Z'))).toBe(Date.parse('2024-01-31T16:00:00Z'));
    expect(china.nextMonth(Date.parse('2023-11-30T16:00:00Z'))).toBe(Date.parse('2023-12-31T16:00:00Z'));
    expect(china.nextMonth(Date.parse('2024-01-31T16:00:00Z'))).toBe(Date.parse('2024-02-29T16:00:00Z'));
  });

  it('cuts quarters on the quarter hour', () => {
    expect(china.quarter(Date.parse('2024-03-10T02:14:59.999Z'))).toBe(Date.parse('2024-03-10T02:00:00Z'));
    expect(china.quarter(Date.parse('2024-03-10T02:15:00Z'))).toBe(Date.parse('2024-03-10T02:15:00Z'));
    // A zone off the quarter grid still cuts at its own quarter hours.
    const nepal = zoneBuckets(345);
    expect(nepal.quarter(Date.parse('2024-03-10T00:14:00Z'))).toBe(Date.parse('2024-03-10T00:00:00Z'));
    expect(nepal.day(Date.parse('2024-03-10T18:15:00Z'))).toBe(Date.parse('2024-03-10T18:15:00Z'));
  });
});

describe('accumulator increments (domain.md §2)', () => {
  it('counts a rollover from the register maximum: 999990.50 → 12.30 is 21.80', () => {
    const r = increment(999990.5, 12.3);
    expect(r.suspect).toBe(false);
    expect(r.delta).toBeCloseTo(21.8, 9);
  });

  it('counts an unexplained drop as 0 and flags it (meter reset), never negative', () => {
    expect(increment(5432.1, 0.5)).toEqual({ delta: 0, suspect: true });
    expect(increment(500, 499)).toEqual({ delta: 0, suspect: true });
    expect(increment(100, 100)).toEqual({ delta: 0, suspect: false });
  });

  it('attributes each increment to the bucket of the earlier reading (block demand example)', () => {
    const t0 = Date.parse('2024-03-10T02:00:00Z');
    const q = 15 * 60_000;
    const readings = [1000, 1000.35, 1000.8, 1001.2].map((value, i) => ({ ts: t0 + i * q, value }));
    const out = consumptionByBucket(readings, t0, t0 + 4 * q, china.quarter);
    expect(out.map((b) => b.bucket)).toEqual([t0, t0 + q, t0 + 2 * q, t0 + 3 * q]);
    expect(out.map((b) => +b.cons.toFixed(2))).toEqual([0.35, 0.45, 0.4, 0]);
  });

  it('continues counting from the new reading after a reset', () => {
    const t0 = Date.parse('2024-03-10T02:00:00Z');
    const readings = [5430, 5432.1, 0.5, 10.5].map((value, i) => ({ ts: t0 + i * 60_000, value }));
    const [b] = consumptionByBucket(readings, t0, t0 + 15 * 60_000, china.quarter);
    expect(b.cons).toBeCloseTo(2.1 + 10, 9);
    expect(b.suspect).toBe(1);
  });
});

describe('rollup plan', () => {
  it('aggregates new samples per point and bucket with first/last by time', () => {
    const t0 = Date.parse('2024-03-10T02:00:00Z');
    const samples = [
      { p: 1, t: t0, v: 5, q: 0 },
      { p: 1, t: t0 + 1000, v: 9, q: 0 },
      { p: 1, t: t0 + 900_000, v: 1, q: 0 },
      { p: 2, t: t0, v: 3, q: 0 },
    ];
    const out = partials(samples, china.quarter);
    expect(out).toEqual([
      { p: 1, b: t0, min: 5, max: 9, sum: 14, count: 2, first: 5, firstTs: t0, last: 9, lastTs: t0 + 1000 },
      { p: 1, b: t0 + 900_000, min: 1, max: 1, sum: 1, count: 1, first: 1, firstTs: t0 + 900_000, last: 1, lastTs: t0 + 900_000 },
      { p: 2, b: t0, min: 3, max: 3, sum: 3, count: 1, first: 3, firstTs: t0, last: 3, lastTs: t0 },
    ]);
  });

  it('rolls quarter partials up into days the same as aggregating the samples by day', () => {
    const t0 = Date.parse('2024-03-10T15:30:00Z');
    const samples = [0, 10, 20, 29, 31, 45].map((m, i) => ({ p: 7, t: t0 + m * 60_000, v: [3, 9, 1, 4, 8, 2][i], q: 0 }));
    expect(rollUp(partials(samples, china.quarter), china.day)).toEqual(partials(samples, china.day));
    expect(rollUp(partials(samples, china.day), china.month)).toEqual(partials(samples, china.month));
  });

  it('recomputes the buckets of new readings and of their predecessors, merging neighbours', () => {
    const q = 900_000;
    const t0 = Date.parse('2024-03-10T02:00:00Z');
    const ranges = consRanges(
      [
        { p: 1, bucket: t0 + 2 * q, ts: t0 + 2 * q + 5 },
        { p: 1, bucket: t0 + 5 * q, ts: t0 + 5 * q },
      ],
      [t0 + q + 7, t0 - 10 * q],
      china,
    );
    expect(ranges).toEqual([
      { p: 1, lo: t0 - 10 * q, hi: t0 - 9 * q },
      { p: 1, lo: t0 + q, hi: t0 + 3 * q },
      { p: 1, lo: t0 + 5 * q, hi: t0 + 6 * q },
    ]);
  });
});
