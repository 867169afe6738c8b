import dayjs from 'dayjs';

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const EMPTY_CELL = '-';

/** Spec §9: a 10-digit number is seconds, not milliseconds. */
function toMillis(v: number | string): number | string {
  if (typeof v === 'number' && Number.isInteger(v) && String(Math.abs(v)).length === 10) return v * 1000;
  if (typeof v === 'string' && /^\d{10}$/.test(v)) return Number(v) * 1000;
  if (typeof v === 'string' && /^\d{13}$/.test(v)) return Number(v);
  return v;
}

/** YYYY-MM-DD HH:mm:ss, or "-" for no value / an unreadable one. */
export function formatTime(v: number | string | null | undefined, format = DATETIME_FORMAT): string {
  if (v === null || v === undefined || v === '') return EMPTY_CELL;
  const d = dayjs(toMillis(v));
  return d.isValid() ? d.format(format) : EMPTY_CELL;
}

export function orDash(v: unknown): string {
  return v === null || v === undefined || v === '' ? EMPTY_CELL : String(v);
}
