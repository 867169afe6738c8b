import { describe, expect, it } from 'vitest';
import type { AlarmRow, Page } from '@pdz/contracts';
import type { AlarmListParams } from '../api';
import { alarmRow } from './fixtures';
import { matchesFilters, mergeAlarmEvent, showsNewestFirst } from './merge';

const page = (list: AlarmRow[], total = list.length, pageNum = 1, pageSize = 3): Page<AlarmRow> => ({ list, total, pageNum, pageSize });
const active: AlarmListParams = { active: 'true', pageNum: 1, pageSize: 3, orderBy: 'raisedAt', order: 'desc' };
const rows = [alarmRow({ id: 3 }), alarmRow({ id: 2 }), alarmRow({ id: 1 })];

describe('mergeAlarmEvent', () => {
  it('puts a raised alarm on top of the first page, newest first, and keeps the page size', () => {
    const next = mergeAlarmEvent(page(rows, 5), 'raised', alarmRow({ id: 4 }), active);
    expect(next.list.map((r) => r.id)).toEqual([4, 3, 2]);
    expect(next.total).toBe(6);
  });

  it('on a later page or another sort only counts the new alarm: rows do not move under the hand', () => {
    const p2 = mergeAlarmEvent(page(rows, 5, 2), 'raised', alarmRow({ id: 4 }), { ...active, pageNum: 2 });
    expect(p2.list.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(p2.total).toBe(6);
    const byLevel = mergeAlarmEvent(page(rows, 3), 'raised', alarmRow({ id: 4 }), { ...active, orderBy: 'level', order: 'asc' });
    expect(byLevel.list.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(byLevel.total).toBe(4);
    expect(showsNewestFirst({ pageNum: 1, pageSize: 10 })).toBe(true);
    expect(showsNewestFirst({ pageNum: 1, pageSize: 10, orderBy: 'raisedAt', order: 'asc' })).toBe(false);
  });

  it('leaves the page alone when the new alarm does not pass its filters', () => {
    const before = page(rows);
    expect(mergeAlarmEvent(before, 'raised', alarmRow({ id: 4, level: 3 }), { ...active, level: 1 })).toBe(before);
    expect(mergeAlarmEvent(before, 'raised', alarmRow({ id: 4, stationId: 101 }), { ...active, stationId: 100 })).toBe(before);
  });

  it('replaces a confirmed or recovered row where it stands', () => {
    const confirmed = alarmRow({ id: 2, state: 'confirmed', confirmedBy: '张工', confirmedAt: 1, confirmNote: '已到现场' });
    const next = mergeAlarmEvent(page(rows), 'confirmed', confirmed, active);
    expect(next.list.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(next.list[1]).toBe(confirmed);
    expect(next.total).toBe(3);
    // Recovered and confirmed = closed: still shown in place until the next refetch.
    const closed = alarmRow({ id: 1, state: 'closed', recoveredAt: 2 });
    const after = mergeAlarmEvent(next, 'recovered', closed, active);
    expect(after.list[2]).toBe(closed);
  });

  it('ignores updates of alarms not on the page and repeated raises of a row already there', () => {
    const before = page(rows);
    expect(mergeAlarmEvent(before, 'confirmed', alarmRow({ id: 9, state: 'confirmed' }), active)).toBe(before);
    expect(mergeAlarmEvent(before, 'raised', alarmRow({ id: 2 }), active)).toBe(before);
  });
});

describe('matchesFilters', () => {
  const a = alarmRow();
  it('applies each list filter as the server does', () => {
    expect(matchesFilters(a, { pageNum: 1, pageSize: 10 })).toBe(true);
    expect(matchesFilters(alarmRow({ state: 'closed' }), { pageNum: 1, pageSize: 10, active: 'true' })).toBe(false);
    expect(matchesFilters(a, { pageNum: 1, pageSize: 10, state: 'confirmed' })).toBe(false);
    expect(matchesFilters(a, { pageNum: 1, pageSize: 10, ruleType: 'lower' })).toBe(false);
    expect(matchesFilters(a, { pageNum: 1, pageSize: 10, customerId: 11 })).toBe(false);
    expect(matchesFilters(a, { pageNum: 1, pageSize: 10, equipmentId: 1000 })).toBe(true);
    expect(matchesFilters(a, { pageNum: 1, pageSize: 10, from: a.raisedAt + 1 })).toBe(false);
    expect(matchesFilters(a, { pageNum: 1, pageSize: 10, to: a.raisedAt - 1 })).toBe(false);
  });
  it('keyword: in the title or the equipment code, case-insensitive (as the server)', () => {
    expect(matchesFilters(a, { pageNum: 1, pageSize: 10, keyword: 'tr-01' })).toBe(true);
    expect(matchesFilters(a, { pageNum: 1, pageSize: 10, keyword: '绕组' })).toBe(true);
    expect(matchesFilters(a, { pageNum: 1, pageSize: 10, keyword: '2号' })).toBe(false);
    expect(matchesFilters(a, { pageNum: 1, pageSize: 10, keyword: '配电站' })).toBe(false);
  });
});
