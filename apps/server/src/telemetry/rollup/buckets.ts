const MIN = 60_000;
const QUARTER = 15 * MIN;
const DAY = 24 * 60 * MIN;

/**
 * Bucket starts (epoch ms) in a fixed zone, `offsetMin` minutes east of UTC (China: +480, no DST).
 * A bucket is [start, next start): the sample at 16:00:00Z opens China's next day, 15:59:59.999Z
 * closes the previous one.
 */
export interface Buckets {
  quarter(ts: number): number;
  day(ts: number): number;
  month(ts: number): number;
  /** Start of the bucket after the one starting at `start`. */
  nextQuarter(start: number): number;
  nextDay(start: number): number;
  nextMonth(start: number): number;
}

export function zoneBuckets(offsetMin: number): Buckets {
  const off = offsetMin * MIN;
  const floorTo = (ts: number, size: number) => Math.floor((ts + off) / size) * size - off;
  // Month starts need a calendar; remember the last day's answer (batches come point by point in time order).
  let memoDay = NaN;
  let memoMonth = NaN;
  const month = (ts: number) => {
    const day = floorTo(ts, DAY);
    if (day === memoDay) return memoMonth;
    const d = new Date(ts + off);
    memoDay = day;
    memoMonth = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - off;
    return memoMonth;
  };
  return {
    quarter: (ts) => floorTo(ts, QUARTER),
    day: (ts) => floorTo(ts, DAY),
    month,
    nextQuarter: (start) => start + QUARTER,
    nextDay: (start) => start + DAY,
    nextMonth: (start) => {
      const d = new Date(start + off);
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - off;
    },
  };
}

export const QUARTER_MS = QUARTER;
export const DAY_MS = DAY;
