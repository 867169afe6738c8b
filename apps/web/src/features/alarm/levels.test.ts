import { describe, expect, it } from 'vitest';
import { alarmDuration, alarmLevel, alarmState, durationText, valueText } from './levels';

describe('alarm display', () => {
  it('levels 1–4: 紧急/严重/一般/提示 in red/orange/gold/blue', () => {
    expect([1, 2, 3, 4].map((l) => [alarmLevel(l).label, alarmLevel(l).tag])).toEqual([
      ['紧急', 'red'],
      ['严重', 'orange'],
      ['一般', 'gold'],
      ['提示', 'blue'],
    ]);
    expect(alarmState('recovered_unconfirmed').label).toBe('已恢复未确认');
  });

  it('value against the rule, with unit', () => {
    expect(valueText({ ruleType: 'upper', value: 132.50000001, threshold: 130, unit: '°C' })).toBe('132.5 °C（上限 130 °C）');
    expect(valueText({ ruleType: 'lower', value: 9.8, threshold: 10, unit: 'kV' })).toBe('9.8 kV（下限 10 kV）');
    expect(valueText({ ruleType: 'status', value: 1, threshold: 1, unit: null })).toBe('状态 1（告警状态 1）');
    expect(valueText({ ruleType: 'comm', value: null, threshold: null, unit: null })).toBe('通讯中断');
    expect(valueText({ ruleType: 'upper', value: 90, threshold: null, unit: '%' })).toBe('90 %');
  });

  it('durations read naturally', () => {
    expect(durationText(45_000)).toBe('45秒');
    expect(durationText(12 * 60_000)).toBe('12分钟');
    expect(durationText(3 * 3_600_000 + 5 * 60_000)).toBe('3小时5分');
    expect(durationText(2 * 3_600_000)).toBe('2小时');
    expect(durationText(50 * 3_600_000)).toBe('2天2小时');
    expect(alarmDuration({ raisedAt: 0, recoveredAt: 90_000 }, 10 ** 9)).toBe('1分钟');
    expect(alarmDuration({ raisedAt: 0, recoveredAt: null }, 30_000)).toBe('30秒');
  });
});
