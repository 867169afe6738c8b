import dayjs, { type Dayjs } from 'dayjs';

/** Server sort as the page calls take it (`pageQuery`: orderBy + order). */
export interface SortState {
  orderBy?: string;
  order?: 'asc' | 'desc';
}

export interface PageState {
  pageNum: number;
  pageSize: number;
}

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** antd's sorter order ↔ the server's. */
type AntOrder = 'ascend' | 'descend' | null | undefined;

/**
 * One antd sorter (or the first of several; the server sorts by one column) → server sort.
 * The column's `key` names the server column; `field` (dataIndex) is the fallback.
 */
export function toServerSort(sorter: unknown): SortState {
  const s = (Array.isArray(sorter) ? sorter[0] : sorter) as { order?: AntOrder; columnKey?: unknown; field?: unknown } | undefined;
  if (!s || !s.order) return {};
  const key = s.columnKey ?? (Array.isArray(s.field) ? s.field.join('.') : s.field);
  if (typeof key !== 'string' && typeof key !== 'number') return {};
  return { orderBy: String(key), order: s.order === 'ascend' ? 'asc' : 'desc' };
}

/** What a column shows for the current server sort: antd's controlled `sortOrder`. */
export function antSortOrder(sort: SortState, columnKey: string): 'ascend' | 'descend' | null {
  if (sort.orderBy !== columnKey || !sort.order) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}

function isDayjs(v: unknown): v is Dayjs {
  return dayjs.isDayjs(v);
}

function isEmpty(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/**
 * Range fields of a query form: the form value `[start, end]` (dayjs) becomes two epoch-ms params.
 * `unit` widens the pick to whole units, both ends included (spec §9): a date-only picker uses
 * 'day' (00:00:00.000 – 23:59:59.999), a picker to the minute uses 'minute'.
 */
export interface RangeField {
  from: string;
  to: string;
  unit?: 'day' | 'hour' | 'minute' | 'second';
}

/**
 * Query form values → request params: trims text, drops empty values (so "cleared" means "no
 * filter" and the URL carries nothing for it), dayjs → epoch ms, ranges → two params.
 */
export function queryToParams(values: Record<string, unknown>, ranges: Record<string, RangeField> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(values)) {
    const range = ranges[key];
    if (range) {
      if (!Array.isArray(raw) || raw.length !== 2) continue;
      const [a, b] = raw as [Dayjs | null, Dayjs | null];
      if (a && isDayjs(a)) out[range.from] = (range.unit ? a.startOf(range.unit) : a).valueOf();
      if (b && isDayjs(b)) out[range.to] = (range.unit ? b.endOf(range.unit) : b).valueOf();
      continue;
    }
    if (isEmpty(raw)) continue;
    if (typeof raw === 'string') out[key] = raw.trim();
    else if (isDayjs(raw)) out[key] = raw.valueOf();
    else out[key] = raw;
  }
  return out;
}

/** Everything the list call receives: filters, page and sort. */
export function listParams(filters: Record<string, unknown>, page: PageState, sort: SortState, ranges?: Record<string, RangeField>) {
  return {
    ...queryToParams(filters, ranges),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
    ...(sort.orderBy && sort.order ? { orderBy: sort.orderBy, order: sort.order } : {}),
  };
}

/** The export call takes the list's filters and sort, never its page: it exports every match. */
export function exportParams(params: Record<string, unknown>): Record<string, unknown> {
  const { pageNum: _n, pageSize: _s, ...rest } = params;
  return rest;
}

/** After deleting `removed` rows, the page to show: the previous one when the last page emptied. */
export function pageAfterRemove(page: PageState, total: number, removed: number): number {
  const left = Math.max(0, total - removed);
  const lastPage = Math.max(1, Math.ceil(left / page.pageSize));
  return Math.min(page.pageNum, lastPage);
}
