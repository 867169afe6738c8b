import dayjs, { type Dayjs, type OpUnitType } from 'dayjs';

/** Spec §9 date formats. */
export const FMT_DATE = 'YYYY-MM-DD';
export const FMT_MONTH = 'YYYY-MM';
export const FMT_MONTH_COMPACT = 'YYYYMM';
export const FMT_YEAR = 'YYYY';
export const FMT_MONTH_CN = 'YYYY年M月';
export const FMT_DATETIME = 'YYYY-MM-DD HH:mm:ss';

/** Indexed by Date#getDay(): Sunday is 0. */
export const WEEKDAYS = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'] as const;

export type DateInput = Dayjs | Date | number | string | null | undefined;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Parses what the console receives: epoch ms, epoch seconds (exactly 10 digits, the old back end's
 * style; multiplied by 1000), digit strings of either, date strings, Date and Dayjs.
 * Returns null for empty or unparseable input so callers can show a placeholder.
 */
export function toDayjs(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  let v: Dayjs | Date | number | string = value;
  if (typeof v === 'string' && /^\d+$/.test(v)) v = Number(v);
  if (typeof v === 'number' && Number.isInteger(v) && String(Math.abs(v)).length === 10) v = v * 1000;
  const d = dayjs(v);
  return d.isValid() ? d : null;
}

/** Formats a time; default `YYYY-MM-DD HH:mm:ss`. Empty or invalid input gives ''. */
export function formatTime(value: DateInput, fmt: string = FMT_DATETIME): string {
  return toDayjs(value)?.format(fmt) ?? '';
}

export const formatDate = (value: DateInput) => formatTime(value, FMT_DATE);
export const formatMonth = (value: DateInput) => formatTime(value, FMT_MONTH);
export const formatMonthCompact = (value: DateInput) => formatTime(value, FMT_MONTH_COMPACT);
export const formatYear = (value: DateInput) => formatTime(value, FMT_YEAR);
/** 2026年11月 */
export const formatMonthCN = (value: DateInput) => formatTime(value, FMT_MONTH_CN);

/** 星期一 … 星期日; '' for empty input. */
export function weekdayName(value: DateInput = Date.now()): string {
  const d = toDayjs(value);
  return d ? WEEKDAYS[d.day()] : '';
}

/** The default "yesterday": exactly 24 hours before `from` (now by default), not the calendar day. */
export function yesterday(from: DateInput = Date.now()): Dayjs {
  const d = toDayjs(from) ?? dayjs();
  return dayjs(d.valueOf() - DAY_MS);
}

/**
 * Whether `value` lies in [start, end], both ends included. With `unit` ('day', 'month', …) the
 * comparison is at that granularity, so any time on the end day counts. A missing end is open.
 */
export function inDateRange(value: DateInput, start: DateInput, end: DateInput, unit?: OpUnitType): boolean {
  const d = toDayjs(value);
  if (!d) return false;
  const s = toDayjs(start);
  const e = toDayjs(end);
  if (s && d.isBefore(s, unit)) return false;
  if (e && d.isAfter(e, unit)) return false;
  return true;
}

/** Days in a month: `daysInMonth(2024, 2)` (month 1–12) or `daysInMonth(someDate)`. */
export function daysInMonth(yearOrDate: DateInput, month?: number): number {
  if (typeof yearOrDate === 'number' && month !== undefined) {
    if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`月份必须在 1 到 12 之间：${month}`);
    return new Date(yearOrDate, month, 0).getDate();
  }
  const d = toDayjs(yearOrDate);
  return d ? d.daysInMonth() : 0;
}
