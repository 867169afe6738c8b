import { describe, expect, it } from 'vitest';
import type { HistoryResult } from '@pdz/contracts';
import { autoResolution, endsNow, quickRange, rangeProblem, resolutionProblem, zoneDayStart, zoneYearStart } from './ranges';
import { buildHistoryOption, mergeBars, reduceBand, withGaps, selectionProblem, tailData, unitAxes, type ChartPoint } from './series';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// 2026-11-22 10:30 China time = 02:30 UTC.
const NOW = Date.UTC(2026, 10, 22, 2, 30);

const pt = (pointId: number, unit: string | null, kind = 'yc', name = `P${pointId}`): ChartPoint => ({ pointId, name, unit, kind, precision: 1 });

describe('ranges', () => {
  it('gives each quick range, with today and this year starting at China midnight', () => {
    expect(quickRange('1h', NOW)).toEqual({ from: NOW - HOUR, to: NOW });
    expect(quickRange('today', NOW)).toEqual({ from: Date.UTC(2026, 10, 21, 16), to: NOW });
    expect(quickRange('24h', NOW)).toEqual({ from: NOW - DAY, to: NOW });
    expect(quickRange('7d', NOW)!.from).toBe(NOW - 7 * DAY);
    expect(quickRange('30d', NOW)!.from).toBe(NOW - 30 * DAY);
    expect(quickRange('year', NOW)).toEqual({ from: Date.UTC(2025, 11, 31, 16), to: NOW });
    expect(quickRange('custom', NOW)).toBeUndefined();
    // 07:00 China time on 1 January is still in the new year, 23:30 UTC of 31 December too.
    expect(zoneYearStart(Date.UTC(2025, 11, 31, 23, 30))).toBe(Date.UTC(2025, 11, 31, 16));
    expect(zoneDayStart(Date.UTC(2026, 10, 21, 15, 59))).toBe(Date.UTC(2026, 10, 20, 16));
  });

  it('maps ranges to the resolution the server picks', () => {
    expect(autoResolution(quickRange('1h', NOW)!)).toBe('raw');
    expect(autoResolution(quickRange('24h', NOW)!)).toBe('raw');
    expect(autoResolution(quickRange('7d', NOW)!)).toBe('15m');
    expect(autoResolution(quickRange('30d', NOW)!)).toBe('15m');
    expect(autoResolution({ from: NOW - 365 * DAY, to: NOW })).toBe('day');
  });

  it('refuses empty, reversed and over-long custom ranges, and raw data over a week', () => {
    expect(rangeProblem(undefined)).toBe('请选择时间范围');
    expect(rangeProblem({ from: NOW, to: NOW })).toBe('结束时间必须晚于开始时间');
    expect(rangeProblem({ from: NOW - 367 * DAY, to: NOW })).toBe('时间范围最长一年');
    expect(rangeProblem({ from: NOW - 366 * DAY, to: NOW })).toBeNull();
    expect(resolutionProblem('raw', { from: NOW - 8 * DAY, to: NOW })).toContain('7天');
    expect(resolutionProblem('15m', { from: NOW - 366 * DAY, to: NOW })).toBeNull();
    expect(endsNow({ from: 0, to: NOW - 60_000 }, NOW)).toBe(true);
    expect(endsNow({ from: 0, to: NOW - DAY }, NOW)).toBe(false);
  });
});

describe('point selection', () => {
  it('groups by unit onto at most two axes and at most eight points', () => {
    const sel = [pt(1, 'V'), pt(2, 'A'), pt(3, 'V')];
    expect(unitAxes(sel)).toEqual(['V', 'A']);
    expect(selectionProblem(sel, pt(4, 'kW'))).toBe('一张图最多两种单位（已选：V、A）');
    expect(selectionProblem(sel, pt(4, 'A'))).toBeNull();
    expect(selectionProblem([pt(1, null)], pt(2, 'V'))).toBeNull();
    const eight = Array.from({ length: 8 }, (_, i) => pt(i + 1, 'V'));
    expect(selectionProblem(eight, pt(9, 'V'))).toBe('一张图最多8个测点');
    expect(selectionProblem(eight, pt(1, 'V'))).toBeNull();
  });
});

describe('history chart option', () => {
  const raw: HistoryResult = { resolution: 'raw', from: NOW - HOUR, to: NOW, truncated: false, series: [{ pointId: 1, ts: [NOW - 120_000, NOW - 60_000], value: [230, 231] }] };

  it('draws raw values as a sampled line plus an empty live tail', () => {
    const { option, tailFrom, total } = buildHistoryOption(raw, [pt(1, 'V')]);
    const series = option.series as { id: string; type: string; sampling?: string; data: unknown[] }[];
    expect(series.map((s) => s.id)).toEqual(['line:1', 'tail:1']);
    expect(series[0]).toMatchObject({ type: 'line', sampling: 'lttb', data: [[NOW - 120_000, 230], [NOW - 60_000, 231]] });
    expect(tailFrom.get(1)).toEqual([NOW - 60_000, 231]);
    expect(total).toBe(2);
  });

  it('draws a rollup as an average line over a min–max band, and accumulators as consumption bars', () => {
    const result: HistoryResult = {
      resolution: '15m',
      from: NOW - 7 * DAY,
      to: NOW,
      truncated: false,
      series: [
        { pointId: 1, ts: [0, 900_000], min: [220, 225], max: [240, 260], avg: [230, 232], first: [230, 230], last: [230, 230], count: [15, 15] },
        { pointId: 2, ts: [0, 900_000], min: [1, 2], max: [1, 2], avg: [1, 2], first: [1, 2], last: [1, 2], count: [1, 1], cons: [0.5, null], suspect: [0, 0] },
      ],
    };
    const { option, tailFrom } = buildHistoryOption(result, [pt(1, 'V'), pt(2, 'kWh', 'ym')]);
    const series = option.series as { id: string; type: string; stack?: string; data: unknown[]; large?: boolean; yAxisIndex: number }[];
    expect(series.map((s) => s.id)).toEqual(['line:1', 'tail:1', 'band-low:1', 'band-high:1', 'bars:2']);
    expect(series[2]).toMatchObject({ stack: 'band-1', data: [[0, 220], [900_000, 225]] });
    // The upper band is stacked on the lower one: its height is max − min, and min/max ride along for the tooltip.
    expect(series[3].data).toEqual([[0, 20, 220, 240], [900_000, 35, 225, 260]]);
    expect(series[0].data).toEqual([[0, 230], [900_000, 232]]);
    expect(series[4]).toMatchObject({ type: 'bar', large: true, yAxisIndex: 1, data: [[0, 0.5], [900_000, null]] });
    expect(tailFrom.get(2)).toBeNull();
    const axes = option.yAxis as { name: string; position: string; scale: boolean }[];
    expect(axes.map((a) => [a.name, a.position, a.scale])).toEqual([
      ['V', 'left', true],
      ['kWh', 'right', false],
    ]);
  });

  it('keeps spikes when it reduces a year of quarter-hours for the band', () => {
    const n = 35_040;
    const ts = Array.from({ length: n }, (_, i) => i * 900_000);
    const min = Array.from({ length: n }, () => 10);
    const max = Array.from({ length: n }, () => 20);
    max[12_345] = 999;
    min[30_000] = -50;
    const band = reduceBand(ts, min, max);
    expect(band.ts.length).toBeLessThanOrEqual(2_000);
    expect(Math.max(...band.max)).toBe(999);
    expect(Math.min(...band.min)).toBe(-50);
    // And the whole option for eight such points builds quickly.
    const series = Array.from({ length: 8 }, (_, k) => ({ pointId: k + 1, ts, min, max, avg: min, first: min, last: min, count: min }));
    const started = performance.now();
    const built = buildHistoryOption({ resolution: '15m', from: 0, to: n * 900_000, truncated: false, series }, series.map((s) => pt(s.pointId, 'V')));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(built.total).toBe(8 * n);
  });

  it('sums a year of quarter-hour consumption into 4-hour bars on China-time boundaries, exactly', () => {
    const start = Date.UTC(2025, 10, 21, 16); // 2025-11-22 00:00 China time
    const n = 35_040;
    const ts = Array.from({ length: n }, (_, i) => start + i * 900_000);
    const cons = Array.from({ length: n }, (_, i) => (i === 5 ? null : 0.25));
    const bars = mergeBars(ts, cons, '15m');
    expect(bars.label).toBe('每4小时合计');
    expect(bars.ts.length).toBe(n / 16);
    expect(bars.ts[1] - bars.ts[0]).toBe(4 * HOUR);
    expect(bars.cons[0]).toBeCloseTo(15 * 0.25);
    expect(bars.cons[1]).toBeCloseTo(4);
    // Day answers and short ranges are left alone.
    expect(mergeBars(ts.slice(0, 96), cons.slice(0, 96), '15m').label).toBeNull();
    expect(mergeBars(ts, cons, 'day').ts.length).toBe(n);
  });

  it('breaks a raw line where readings stopped for a while, never a rollup', () => {
    const ts = [0, 10_000, 20_000, 30_000, 400_000, 410_000];
    const v = [1, 2, 3, 4, 5, 6];
    expect(withGaps(ts, v, true)).toEqual([[0, 1], [10_000, 2], [20_000, 3], [30_000, 4], [30_001, null], [400_000, 5], [410_000, 6]]);
    expect(withGaps(ts, v, false)).toHaveLength(6);
  });

  it('appends live values after the history, joined to its last point', () => {
    expect(tailData([100, 5], [[90, 1], [100, 5], [110, 6], [120, 7]], 0)).toEqual([[100, 5], [110, 6], [120, 7]]);
    expect(tailData([100, 5], [[90, 1]], 0)).toEqual([]);
    expect(tailData(null, [[90, 1], [110, 2]], 100)).toEqual([[110, 2]]);
  });
});
