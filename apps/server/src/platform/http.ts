import type { Page } from '@pdz/contracts';

/** Success envelope (design §4). */
export function ok<T>(data: T) {
  return { code: 0 as const, msg: 'success' as const, data };
}

export function page<T>(list: T[], total: number, pageNum: number, pageSize: number): Page<T> {
  return { list, total, pageNum, pageSize };
}

/** Offset for a 1-based page number. */
export const offsetOf = (pageNum: number, pageSize: number) => (pageNum - 1) * pageSize;

/**
 * Maps a client-supplied sort field onto a column from a whitelist; anything else falls back
 * to the default, so sort input can never reach SQL unchecked.
 */
export function sortColumn<K extends string>(
  requested: string | undefined,
  whitelist: Record<K, string>,
  fallback: string,
): string {
  if (requested && Object.prototype.hasOwnProperty.call(whitelist, requested)) return whitelist[requested as K];
  return fallback;
}

export const now = () => Date.now();
export const bool = (v: number | boolean | null | undefined) => v === 1 || v === true;
export const bit = (v: boolean) => (v ? 1 : 0);
