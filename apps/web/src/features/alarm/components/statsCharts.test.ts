import { describe, expect, it } from 'vitest';
import type { AlarmStatsRow } from '@pdz/contracts';
import { byDayOption, byLevelOption, dayKeys, topRows, totalsOf } from './statsCharts';

const row = (key: string, total: number, over: Partial<AlarmStatsRow> = {}): AlarmStatsRow => ({ key, label: key, total, byLevel: {}, unconfirmed: 0, avgConfirmMinutes: null, ...over });

describe('告警统计 charts', () => {
  it('every day of the range is on the axis, days without alarms at zero, stacked by level', () => {
    const from = new Date(2026, 10, 1).getTime();
    const to = new Date(2026, 10, 3, 23, 59, 59, 999).getTime();
    expect(dayKeys(from, to)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    const opt = byDayOption([row('2026-11-02', 3, { byLevel: { '1': 1, '3': 2 } })], from, to);
    const series = opt.series as { name: string; stack: string; data: number[] }[];
    expect(series.map((s) => s.name)).toEqual(['紧急', '严重', '一般', '提示']);
    expect(series.every((s) => s.stack === 'level')).toBe(true);
    expect(series[0].data).toEqual([0, 1, 0]);
    expect(series[2].data).toEqual([0, 2, 0]);
  });

  it('pie by level in the level colours, missing levels at zero', () => {
    const opt = byLevelOption([row('2', 4)]);
    const data = (opt.series as { data: { name: string; value: number; itemStyle: { color: string } }[] }[])[0].data;
    expect(data.map((d) => [d.name, d.value])).toEqual([
      ['紧急', 0],
      ['严重', 4],
      ['一般', 0],
      ['提示', 0],
    ]);
    expect(data[1].itemStyle.color).toBe('#fa8c16');
  });

  it('top rows: most alarms first, then most unconfirmed', () => {
    const rows = [row('a', 2), row('b', 5), row('c', 2, { unconfirmed: 1 })];
    expect(topRows(rows, 2).map((r) => r.key)).toEqual(['b', 'c']);
  });

  it('totals: average confirm time weighted by how many were confirmed', () => {
    const t = totalsOf([row('1', 4, { unconfirmed: 2, avgConfirmMinutes: 10 }), row('3', 7, { unconfirmed: 1, avgConfirmMinutes: 3 }), row('4', 1, { unconfirmed: 1 })]);
    expect(t.total).toBe(12);
    expect(t.unconfirmed).toBe(4);
    expect(t.avgConfirmMinutes).toBeCloseTo((10 * 2 + 3 * 6) / 8);
    expect(totalsOf([]).avgConfirmMinutes).toBeNull();
  });
});
