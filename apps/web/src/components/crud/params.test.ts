import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { antSortOrder, exportParams, listParams, pageAfterRemove, queryToParams, toServerSort } from './params';

describe('query → params', () => {
  it('trims text and drops empty values', () => {
    expect(queryToParams({ userName: '  admin ', phone: '', deptId: undefined, roleIds: [], enabled: false, n: 0, x: null })).toEqual({
      userName: 'admin',
      enabled: false,
      n: 0,
    });
  });

  it('turns a date into epoch ms and a range into two params', () => {
    const a = dayjs('2026-03-01 08:30:00');
    const b = dayjs('2026-03-02 17:00:00');
    expect(queryToParams({ at: a, time: [a, b] }, { time: { from: 'from', to: 'to' } })).toEqual({ at: a.valueOf(), from: a.valueOf(), to: b.valueOf() });
  });

  it('widens a date-only range to whole days, both included', () => {
    const p = queryToParams({ day: [dayjs('2026-03-01 10:00'), dayjs('2026-03-02 10:00')] }, { day: { from: 'from', to: 'to', unit: 'day' } });
    expect(p).toEqual({ from: dayjs('2026-03-01 00:00:00.000').valueOf(), to: dayjs('2026-03-02 23:59:59.999').valueOf() });
  });

  it('includes the whole last minute of a range picked to the minute', () => {
    const p = queryToParams({ t: [dayjs('2026-03-01 10:00:30'), dayjs('2026-03-01 11:15')] }, { t: { from: 'from', to: 'to', unit: 'minute' } });
    expect(p).toEqual({ from: dayjs('2026-03-01 10:00:00.000').valueOf(), to: dayjs('2026-03-01 11:15:59.999').valueOf() });
  });

  it('skips a cleared range', () => {
    expect(queryToParams({ time: null }, { time: { from: 'from', to: 'to' } })).toEqual({});
  });

  it('adds page and sort, and export drops only the page', () => {
    const p = listParams({ userName: 'a' }, { pageNum: 3, pageSize: 20 }, { orderBy: 'createdAt', order: 'desc' });
    expect(p).toEqual({ userName: 'a', pageNum: 3, pageSize: 20, orderBy: 'createdAt', order: 'desc' });
    expect(exportParams(p)).toEqual({ userName: 'a', orderBy: 'createdAt', order: 'desc' });
    expect(listParams({}, { pageNum: 1, pageSize: 10 }, { orderBy: 'id' })).toEqual({ pageNum: 1, pageSize: 10 });
  });
});

describe('sort mapping', () => {
  it('maps antd sorter to orderBy/order by column key', () => {
    expect(toServerSort({ columnKey: 'createdAt', field: 'createdAt', order: 'descend' })).toEqual({ orderBy: 'createdAt', order: 'desc' });
    expect(toServerSort({ columnKey: 'lastLoginAt', field: 'x', order: 'ascend' })).toEqual({ orderBy: 'lastLoginAt', order: 'asc' });
    expect(toServerSort({ field: 'ts', order: 'ascend' })).toEqual({ orderBy: 'ts', order: 'asc' });
  });

  it('clears the sort when antd cancels it, and uses the first of several', () => {
    expect(toServerSort({ columnKey: 'id', order: undefined })).toEqual({});
    expect(toServerSort([{ columnKey: 'id', order: 'ascend' }, { columnKey: 'ts', order: 'descend' }])).toEqual({ orderBy: 'id', order: 'asc' });
    expect(toServerSort(undefined)).toEqual({});
  });

  it('shows the arrow only on the sorted column', () => {
    const s = { orderBy: 'ts', order: 'desc' as const };
    expect(antSortOrder(s, 'ts')).toBe('descend');
    expect(antSortOrder(s, 'id')).toBeNull();
    expect(antSortOrder({}, 'ts')).toBeNull();
  });
});

describe('page after delete', () => {
  it('steps back when the last page empties', () => {
    expect(pageAfterRemove({ pageNum: 3, pageSize: 10 }, 21, 1)).toBe(2);
    expect(pageAfterRemove({ pageNum: 3, pageSize: 10 }, 22, 1)).toBe(3);
    expect(pageAfterRemove({ pageNum: 1, pageSize: 10 }, 1, 1)).toBe(1);
  });
});
