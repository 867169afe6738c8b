import { describe, expect, it } from 'vitest';
import type { AlarmRuleRow } from '@pdz/contracts';
import { defaultRule, describeRule, formatDelay, ruleTypesFor, rulesToForm, toRuleRequest, toSaveRequest, type AlarmRuleForm } from './alarmRules';

const ua = { pointId: 7, name: 'A相电压', kind: 'yc' as const, unit: 'V' };

describe('alarm rule targets', () => {
  it('offers the rule types the server accepts on each target', () => {
    expect(ruleTypesFor(null)).toEqual(['comm']);
    expect(ruleTypesFor('yc')).toEqual(['upper', 'lower']);
    expect(ruleTypesFor('ym')).toEqual(['upper', 'lower']);
    expect(ruleTypesFor('yx')).toEqual(['status']);
    expect(ruleTypesFor('yk')).toEqual([]);
  });

  it('starts new rules from field practice', () => {
    expect(defaultRule('upper', ua)).toMatchObject({ ruleType: 'upper', threshold: null, delayS: 60, level: 3, channels: ['site'], message: 'A相电压越上限', enabled: true });
    expect(defaultRule('comm', { pointId: null, name: '设备通讯', kind: null, unit: null })).toMatchObject({ delayS: 900, message: '设备通讯中断' });
    expect(defaultRule('status', { pointId: 9, name: '门磁', kind: 'yx', unit: null })).toMatchObject({ statusValue: 1, delayS: 0, level: 2 });
  });
});

describe('form → request', () => {
  it('drops values that mean nothing for the type and always includes 站内消息 first', () => {
    const f: AlarmRuleForm = { ruleType: 'comm', threshold: 420, statusValue: 1, deadband: 5, delayS: 600, level: 2, channels: ['sms', 'email'], message: '  ', enabled: true };
    expect(toRuleRequest(f)).toEqual({ ruleType: 'comm', threshold: null, statusValue: null, deadband: 0, delayS: 600, level: 2, channels: ['site', 'email', 'sms'], message: null, enabled: true });
  });

  it('fills blanks with the server defaults', () => {
    expect(toRuleRequest({ ruleType: 'upper', threshold: 420 })).toEqual({
      ruleType: 'upper',
      threshold: 420,
      statusValue: null,
      deadband: 0,
      delayS: 0,
      level: 3,
      channels: ['site'],
      message: null,
      enabled: true,
    });
  });

  it('builds the save body for a point, ready for POST /api/device/alarmConfig/save', () => {
    const r = toSaveRequest(1, 7, [
      { ruleType: 'upper', threshold: 407, deadband: 4, delayS: 60, level: 3, channels: ['site', 'webhook'], message: 'A相电压越上限', enabled: true },
      { ruleType: 'lower', threshold: 353.4, deadband: 4, delayS: 60, level: 3, channels: ['site'], message: null, enabled: false },
    ]);
    expect(r).toEqual({
      ok: true,
      body: {
        equipmentId: 1,
        pointId: 7,
        rules: [
          { ruleType: 'upper', threshold: 407, statusValue: null, deadband: 4, delayS: 60, level: 3, channels: ['site', 'webhook'], message: 'A相电压越上限', enabled: true },
          { ruleType: 'lower', threshold: 353.4, statusValue: null, deadband: 4, delayS: 60, level: 3, channels: ['site'], message: null, enabled: false },
        ],
      },
    });
  });

  it('sends no pointId for the equipment itself, and an empty list clears', () => {
    expect(toSaveRequest(3, null, [])).toEqual({ ok: true, body: { equipmentId: 3, rules: [] } });
  });

  it('refuses with the contract words what the server would refuse', () => {
    expect(toSaveRequest(1, 7, [{ ruleType: 'upper', threshold: null, level: 3 }])).toEqual({ ok: false, message: '越上限告警必须填写阈值' });
    expect(toSaveRequest(1, 7, [{ ruleType: 'upper', threshold: 400, level: 3 }, { ruleType: 'lower', threshold: 420, level: 3 }])).toEqual({ ok: false, message: '下限阈值必须小于上限阈值' });
    expect(toSaveRequest(1, null, [{ ruleType: 'comm', delayS: 30, level: 3 }])).toEqual({ ok: false, message: '通讯中断判定时间不能少于60秒' });
    expect(toSaveRequest(1, 7, [{ ruleType: 'comm', delayS: 600, level: 3 }])).toEqual({ ok: false, message: '通讯中断告警只能配置在设备上，不能配置在测点上' });
    expect(toSaveRequest(1, 7, [{ ruleType: 'upper', threshold: 1, level: 3 }, { ruleType: 'upper', threshold: 1, level: 2 }])).toEqual({ ok: false, message: '存在重复的告警规则' });
  });

  it('names the rule when one field is out of range', () => {
    expect(toSaveRequest(1, 7, [{ ruleType: 'upper', threshold: 1, level: 3 }, { ruleType: 'lower', threshold: 0, delayS: 100_000, level: 3 }])).toEqual({ ok: false, message: '第 2 条规则：延时(秒)不能大于86400' });
  });

  it('round-trips saved rules through the form unchanged', () => {
    const saved: AlarmRuleRow = { id: 1, equipmentId: 1, pointId: 7, ruleType: 'upper', threshold: 407, statusValue: null, deadband: 4, delayS: 60, level: 3, channels: ['site', 'sms'], message: 'x', enabled: true };
    const { id: _i, equipmentId: _e, pointId: _p, ...wire } = saved;
    expect(rulesToForm([saved]).map(toRuleRequest)).toEqual([wire]);
  });
});

describe('texts', () => {
  it('formats delays the way operators read them', () => {
    expect(formatDelay(0)).toBe('0 秒');
    expect(formatDelay(45)).toBe('45 秒');
    expect(formatDelay(900)).toBe('15 分钟');
    expect(formatDelay(90)).toBe('1 分 30 秒');
    expect(formatDelay(3600)).toBe('1 小时');
    expect(formatDelay(5400)).toBe('1 小时 30 分');
  });

  it('describes a rule in one line', () => {
    expect(describeRule(toRuleRequest({ ruleType: 'upper', threshold: 407, delayS: 60, level: 3 }), 'V')).toBe('越上限 > 407 V，持续 1 分钟，一般');
    expect(describeRule(toRuleRequest({ ruleType: 'comm', delayS: 900, level: 3 }), null)).toBe('超过 15 分钟无数据，一般');
    expect(describeRule(toRuleRequest({ ruleType: 'status', statusValue: 1, level: 1 }), null)).toBe('状态变为 1（合/动作），紧急');
  });
});
