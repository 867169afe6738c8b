/**
 * Energy from accumulator (遥脉) readings, domain.md §2. The register should only grow:
 * - cur ≥ prev: the increment is cur − prev;
 * - rollover: prev is near the register's maximum and cur near zero. The maximum is taken from
 *   prev's digits (999990.50 → register 999999.99, span 10^6), so Δ = (span − prev) + cur,
 *   which is domain.md's (R_max + 0.01 − prev) + cur;
 * - any other drop is an unexplained reset (meter replaced or cleared): the interval counts 0 and
 *   is flagged suspect, and counting goes on from the new reading. Consumption is never negative.
 * Spans that are not powers of ten (a register scaled by a CT ratio like 80) read as resets.
 */
export function increment(prev: number, cur: number): { delta: number; suspect: boolean } {
  if (cur >= prev) return { delta: cur - prev, suspect: false };
  if (prev > 0) {
    const span = 10 ** (Math.floor(Math.log10(prev)) + 1);
    if (prev >= 0.9 * span && cur >= 0 && cur < 0.1 * span) return { delta: span - prev + cur, suspect: false };
  }
  return { delta: 0, suspect: true };
}

export interface BucketConsumption {
  bucket: number;
  cons: number;
  suspect: number;
}

/**
 * Consumption per bucket over ordered readings. Each increment between two consecutive readings
 * counts in the bucket of the earlier one (readings on the quarter hours give the 10:00 bucket
 * R(10:15) − R(10:00), and a day's total equals reading(next 00:00) − reading(00:00)); the energy
 * across a gap lands whole in the bucket of the last reading before it (exact, not spread).
 * `readings` must hold every reading from `lo` up to `hi` plus the first one at or after `hi`;
 * every bucket in [lo, hi) that holds a reading gets an entry.
 */
export function consumptionByBucket(
  readings: { ts: number; value: number }[],
  lo: number,
  hi: number,
  bucketOf: (ts: number) => number,
): BucketConsumption[] {
  const out: BucketConsumption[] = [];
  let cur: BucketConsumption | null = null;
  for (let i = 0; i < readings.length; i++) {
    const r = readings[i];
    if (r.ts < lo || r.ts >= hi) continue;
    const b = bucketOf(r.ts);
    if (!cur || cur.bucket !== b) {
      cur = { bucket: b, cons: 0, suspect: 0 };
      out.push(cur);
    }
    const next = readings[i + 1];
    if (next) {
      const inc = increment(r.value, next.value);
      cur.cons += inc.delta;
      if (inc.suspect) cur.suspect = 1;
    }
  }
  return out;
}
