import type { HistoryResolution } from '@pdz/contracts';

/**
 * Time ranges of the history chart. Day and year boundaries are China time (UTC+8, no daylight
 * saving; the server's rollup buckets use the same zone), whatever zone the browser runs in.
 */
export const ZONE_OFFSET_MS = 8 * 3_600_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The longest range one chart shows (a leap year). */
export const MAX_RANGE_MS = 366 * DAY;
/** A range whose end is this close to now counts as "ends now" (live tail appended). */
export const NOW_SLACK_MS = 2 * 60_000;

export type QuickRangeKey = '1h' | 'today' | '24h' | '7d' | '30d' | 'year' | 'custom';
export const QUICK_RANGES: readonly { key: QuickRangeKey; label: string }[] = [
  { key: '1h', label: '1小时' },
  { key: 'today', label: '今天' },
  { key: '24h', label: '24小时' },
  { key: '7d', label: '7天' },
  { key: '30d', label: '30天' },
  { key: 'year', label: '今年' },
  { key: 'custom', label: '自定义' },
];

export interface TimeRange {
  from: number;
  to: number;
}

/** Midnight (China time) of the day holding `ts`. */
export function zoneDayStart(ts: number): number {
  return Math.floor((ts + ZONE_OFFSET_MS) / DAY) * DAY - ZONE_OFFSET_MS;
}

/** 1 January 00:00 (China time) of the year holding `ts`. */
export function zoneYearStart(ts: number): number {
  const local = new Date(ts + ZONE_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), 0, 1) - ZONE_OFFSET_MS;
}

/** The range of a quick pick, ending now; undefined for 自定义 (the picker gives it). */
export function quickRange(key: QuickRangeKey, now: number): TimeRange | undefined {
  switch (key) {
    case '1h':
      return { from: now - HOUR, to: now };
    case 'today':
      return { from: zoneDayStart(now), to: now };
    case '24h':
      return { from: now - DAY, to: now };
    case '7d':
      return { from: now - 7 * DAY, to: now };
    case '30d':
      return { from: now - 30 * DAY, to: now };
    case 'year':
      return { from: zoneYearStart(now), to: now };
    default:
      return undefined;
  }
}

/** Why a custom range cannot be charted, or null when it can. */
export function rangeProblem(r: TimeRange | undefined): string | null {
  if (!r) return '请选择时间范围';
  if (!(r.to > r.from)) return '结束时间必须晚于开始时间';
  if (r.to - r.from > MAX_RANGE_MS) return '时间范围最长一年';
  return null;
}

export const endsNow = (r: TimeRange, now: number) => r.to >= now - NOW_SLACK_MS;

/** What the server's `auto` picks (mirrors the telemetry README), to label the choice before the answer. */
export function autoResolution(r: TimeRange): Exclude<HistoryResolution, 'auto'> {
  const span = r.to - r.from;
  if (span <= DAY) return 'raw';
  if (span <= 31 * DAY) return '15m';
  if (span <= 731 * DAY) return 'day';
  return 'month';
}

export const RESOLUTION_LABELS: Record<HistoryResolution, string> = { auto: '自动', raw: '原始', '15m': '15分钟', day: '日', month: '月' };

export const RESOLUTION_OPTIONS = (['auto', 'raw', '15m', 'day', 'month'] as const).map((value) => ({ value, label: RESOLUTION_LABELS[value] }));

/**
 * A resolution the user forced that would ask for too much: raw over more than 7 days (the server
 * cuts raw rows at 100,000 per point anyway). Quarter-hours stay allowed for a whole year.
 */
export function resolutionProblem(resolution: HistoryResolution, r: TimeRange): string | null {
  if (resolution === 'raw' && r.to - r.from > 7 * DAY) return '原始数据最多查看7天，请选择15分钟或更粗的分辨率';
  return null;
}

/** Axis and tooltip time formats by resolution (dayjs tokens). */
export const TIME_FORMATS: Record<Exclude<HistoryResolution, 'auto'>, string> = {
  raw: 'YYYY-MM-DD HH:mm:ss',
  '15m': 'YYYY-MM-DD HH:mm',
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
};
