import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import {
  daysInMonth,
  FMT_DATETIME,
  formatDate,
  formatMonth,
  formatMonthCN,
  formatMonthCompact,
  formatTime,
  formatYear,
  inDateRange,
  toDayjs,
  weekdayName,
  WEEKDAYS,
  yesterday,
} from './date';

// Local-time fixtures so the tests hold in any time zone.
const at = new Date(2026, 10, 5, 8, 3, 9); // 2026-11-05 08:03:09, a Thursday
const ms = at.getTime();
const secs = Math.floor(ms / 1000);

describe('formats', () => {
  it('YYYY-MM-DD', () => expect(formatDate(at)).toBe('2026-11-05'));
  it('YYYY-MM', () => expect(formatMonth(at)).toBe('2026-11'));
  it('YYYYMM', () => expect(formatMonthCompact(at)).toBe('202611'));
  it('YYYY', () => expect(formatYear(at)).toBe('2026'));
  it('Chinese year-month', () => {
    expect(formatMonthCN(at)).toBe('2026年11月');
    expect(formatMonthCN(new Date(2026, 2, 1))).toBe('2026年3月');
  });
  it('default timestamp format is YYYY-MM-DD HH:mm:ss', () => {
    expect(FMT_DATETIME).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatTime(at)).toBe('2026-11-05 08:03:09');
    expect(formatTime(at, 'HH:mm')).toBe('08:03');
  });
  it('empty or invalid input formats as an empty string', () => {
    expect(formatTime(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatTime('')).toBe('');
    expect(formatTime('not a date')).toBe('');
  });
  it('accepts Dayjs, ISO strings and ms numbers', () => {
    expect(formatTime(dayjs(at))).toBe('2026-11-05 08:03:09');
    expect(formatDate('2026-11-05')).toBe('2026-11-05');
    expect(formatTime(ms)).toBe('2026-11-05 08:03:09');
  });
});

describe('10-digit timestamps are seconds', () => {
  it('multiplies a 10-digit number by 1000', () => {
    expect(String(secs)).toHaveLength(10);
    expect(toDayjs(secs)!.valueOf()).toBe(secs * 1000);
    expect(formatTime(secs)).toBe('2026-11-05 08:03:09');
  });
  it('treats a 10-digit digit string the same way', () => {
    expect(toDayjs(String(secs))!.valueOf()).toBe(secs * 1000);
  });
  it('leaves 13-digit milliseconds and other lengths alone', () => {
    expect(toDayjs(ms)!.valueOf()).toBe(ms);
    expect(toDayjs(String(ms))!.valueOf()).toBe(ms);
    expect(toDayjs(999_999_999)!.valueOf()).toBe(999_999_999); // 9 digits: ms
    expect(toDayjs(10_000_000_000)!.valueOf()).toBe(10_000_000_000); // 11 digits: ms
  });
  it('does not scale a 10-digit fraction', () => {
    expect(toDayjs(1_700_000_000.5)!.valueOf()).toBe(1_700_000_000);
  });
});

describe('weekday names', () => {
  it('are Chinese, Sunday first by Date#getDay()', () => {
    expect(WEEKDAYS).toEqual(['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六']);
  });
  it('names each day of one week', () => {
    const names = Array.from({ length: 7 }, (_, i) => weekdayName(new Date(2026, 10, 2 + i))); // Mon 2 Nov 2026
    expect(names).toEqual(['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日']);
    expect(weekdayName(at)).toBe('星期四');
    expect(weekdayName(secs)).toBe('星期四');
    expect(weekdayName(null)).toBe('');
  });
});

describe('yesterday', () => {
  it('is exactly 24 hours back, not the start of the previous day', () => {
    expect(yesterday(at).valueOf()).toBe(ms - 24 * 3600 * 1000);
    expect(yesterday(at).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-04 08:03:09');
  });
  it('defaults to now', () => {
    const before = Date.now();
    const y = yesterday().valueOf();
    expect(y).toBeGreaterThanOrEqual(before - 86_400_000);
    expect(y).toBeLessThanOrEqual(Date.now() - 86_400_000);
  });
  it('crosses month and year boundaries', () => {
    expect(formatDate(yesterday(new Date(2026, 0, 1, 12)))).toBe('2025-12-31');
    expect(formatDate(yesterday(new Date(2024, 2, 1, 12)))).toBe('2024-02-29');
  });
});

describe('inDateRange (inclusive)', () => {
  const start = new Date(2026, 10, 1, 0, 0, 0);
  const end = new Date(2026, 10, 30, 23, 59, 59);
  it('includes both ends exactly', () => {
    expect(inDateRange(start, start, end)).toBe(true);
    expect(inDateRange(end, start, end)).toBe(true);
    expect(inDateRange(at, start, end)).toBe(true);
  });
  it('excludes one millisecond outside either end', () => {
    expect(inDateRange(start.getTime() - 1, start, end)).toBe(false);
    expect(inDateRange(end.getTime() + 1, start, end)).toBe(false);
  });
  it('compares by day when asked, so any time on the end day counts', () => {
    expect(inDateRange(new Date(2026, 10, 30, 23, 0), '2026-11-01', '2026-11-30')).toBe(false);
    expect(inDateRange(new Date(2026, 10, 30, 23, 0), '2026-11-01', '2026-11-30', 'day')).toBe(true);
    expect(inDateRange(new Date(2026, 9, 31, 23, 59), '2026-11-01', '2026-11-30', 'day')).toBe(false);
  });
  it('treats a missing end as open and an invalid value as outside', () => {
    expect(inDateRange(at, start, null)).toBe(true);
    expect(inDateRange(at, null, null)).toBe(true);
    expect(inDateRange('garbage', start, end)).toBe(false);
  });
});

describe('daysInMonth', () => {
  it('by year and month 1–12', () => {
    expect(daysInMonth(2026, 1)).toBe(31);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });
  it('by a date', () => {
    expect(daysInMonth(at)).toBe(30);
    expect(daysInMonth('2024-02-10')).toBe(29);
    expect(daysInMonth(null)).toBe(0);
  });
  it('rejects a month outside 1–12', () => {
    expect(() => daysInMonth(2026, 0)).toThrow(RangeError);
    expect(() => daysInMonth(2026, 13)).toThrow(RangeError);
  });
});
