import { describe, expect, it } from 'vitest';
import { dayAxisLabel, FAIL_COLOR, greetingOf, signInChartOption, signInTotals, todayText } from './summary';

describe('greetingOf', () => {
  it.each([
    [0, '凌晨好'],
    [4, '凌晨好'],
    [5, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [10, '上午好'],
    [11, '中午好'],
    [12, '中午好'],
    [13, '下午好'],
    [17, '下午好'],
    [18, '晚上好'],
    [23, '晚上好'],
  ])('%i 点 → %s', (h, text) => expect(greetingOf(h)).toBe(text));
});

describe('todayText', () => {
  it('gives the Chinese date with the weekday', () => {
    expect(todayText(new Date(2026, 10, 5))).toBe('2026年11月5日 星期四');
    expect(todayText(new Date(2026, 10, 8))).toBe('2026年11月8日 星期日');
  });
});

describe('sign-in chart', () => {
  const days = [
    { day: '2026-11-02', ok: 3, failed: 0 },
    { day: '2026-11-03', ok: 5, failed: 2 },
    { day: '2026-11-08', ok: 0, failed: 1 },
  ];
  it('labels days as MM-DD with the short weekday', () => {
    expect(dayAxisLabel('2026-11-02')).toBe('11-02 周一');
    expect(dayAxisLabel('2026-11-08')).toBe('11-08 周日');
    expect(dayAxisLabel('odd')).toBe('odd');
  });
  it('plots exactly the server numbers: 成功 as bars, 失败 as a line', () => {
    const o = signInChartOption(days, '#1890ff') as { series: { name: string; type: string; data: number[] }[]; xAxis: { data: string[] }; color: string[] };
    expect(o.xAxis.data).toEqual(['11-02 周一', '11-03 周二', '11-08 周日']);
    expect(o.series.map((s) => [s.name, s.type, s.data])).toEqual([
      ['成功', 'bar', [3, 5, 0]],
      ['失败', 'line', [0, 2, 1]],
    ]);
    expect(o.color).toEqual(['#1890ff', FAIL_COLOR]);
  });
  it('totals the week', () => {
    expect(signInTotals(days)).toEqual({ ok: 8, failed: 3 });
    expect(signInTotals([])).toEqual({ ok: 0, failed: 0 });
  });
});
