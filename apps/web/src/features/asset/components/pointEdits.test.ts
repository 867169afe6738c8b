import { describe, expect, it } from 'vitest';
import type { PointRow } from '@pdz/contracts';
import { bulkBindPlan, nextTagIds, pointEditRequest, pointRemoval, ruleRequest, scaledValue, suggestedRawTag } from './pointEdits';

const point = (over: Partial<PointRow>): PointRow => ({
  id: 1,
  equipmentId: 9,
  modelPointId: 1,
  pointKey: 'Ua',
  name: 'A相电压',
  kind: 'yc',
  kindName: '遥测',
  unit: 'V',
  precision: 1,
  ratio: 'pt',
  isTag: true,
  enabled: true,
  orderNum: 1,
  rule: null,
  alarmRuleCount: 0,
  ...over,
});

const rule = { id: 5, pointId: 2, gatewayId: 1, gatewayCode: 'GW-1', rawTag: 'M1.Ub', scale: 1, offset: 0, enabled: true, updatedAt: 0 };

describe('point edits → requests', () => {
  it('a switch in the table sends the whole point with only that field changed', () => {
    expect(pointEditRequest(point({}), { enabled: false })).toEqual({ id: 1, name: 'A相电压', unit: 'V', precision: 1, isTag: true, enabled: false, ratio: 'pt', orderNum: 1 });
  });

  it('the dialog trims names, turns blank units into null and keeps ratio null', () => {
    expect(pointEditRequest(point({ ratio: null }), { name: '  A相电压(高压侧) ', unit: '  ', precision: 2 })).toEqual({
      id: 1,
      name: 'A相电压(高压侧)',
      unit: null,
      precision: 2,
      isTag: true,
      enabled: true,
      ratio: null,
      orderNum: 1,
    });
  });

  it('a live-tag switch sends the complete new tag set', () => {
    const pts = [point({ id: 1, isTag: true }), point({ id: 2, isTag: false }), point({ id: 3, isTag: true })];
    expect(nextTagIds(pts, 2, true)).toEqual([1, 2, 3]);
    expect(nextTagIds(pts, 1, false)).toEqual([3]);
    expect(nextTagIds([point({ id: 1, isTag: true })], 1, false)).toEqual([]);
  });
});

describe('removing points', () => {
  it('asks plainly when nothing else goes with them', () => {
    expect(pointRemoval([point({})])).toEqual({ question: '是否确认删除测点“A相电压”？', withRules: false });
  });

  it('says which bindings and alarms go too, and only then sends withRules', () => {
    const r = pointRemoval([point({ id: 1, alarmRuleCount: 2 }), point({ id: 2, name: 'B相电压', rule })]);
    expect(r.withRules).toBe(true);
    expect(r.question).toBe('是否确认删除测点“A相电压”、“B相电压”？其中 2 个测点配置了 1 个原始标签绑定、2 条告警规则，将一并删除。');
  });

  it('counts many points instead of naming them', () => {
    const many = [1, 2, 3, 4].map((id) => point({ id }));
    expect(pointRemoval(many).question).toBe('是否确认删除选中的 4 个测点？');
  });
});

describe('raw tag rules', () => {
  it('suggests <equipment code>.<point key>', () => {
    expect(suggestedRawTag('SZ01-M01', 'Ua')).toBe('SZ01-M01.Ua');
  });

  it('previews raw × scale + offset at the point precision', () => {
    expect(scaledValue(2305, 0.1, 0, 1)).toBe(230.5);
    expect(scaledValue(1000, 0.01, -40, 2)).toBe(-30);
    expect(scaledValue(1, 1 / 3, 0, 3)).toBe(0.333);
  });

  it('maps the dialog to POST iotdatarawrule/edit with defaults', () => {
    expect(ruleRequest(7, { gatewayId: 2, rawTag: ' M1.Ua ' })).toEqual({ pointId: 7, gatewayId: 2, rawTag: 'M1.Ua', scale: 1, offset: 0, enabled: true });
    expect(ruleRequest(7, { gatewayId: 2, rawTag: 'x', scale: 0.1, offset: -40, enabled: false })).toEqual({ pointId: 7, gatewayId: 2, rawTag: 'x', scale: 0.1, offset: -40, enabled: false });
  });
});

describe('bulk binding', () => {
  it('binds only the unbound points, on the equipment gateway, with suggested tags', () => {
    const pts = [point({ id: 1, pointKey: 'Ua' }), point({ id: 2, pointKey: 'Ub', rule }), point({ id: 3, pointKey: 'Ep+' })];
    expect(bulkBindPlan({ code: 'SZ01-M09', gatewayId: 4 }, pts)).toEqual([
      { pointId: 1, gatewayId: 4, rawTag: 'SZ01-M09.Ua', scale: 1, offset: 0, enabled: true },
      { pointId: 3, gatewayId: 4, rawTag: 'SZ01-M09.Ep+', scale: 1, offset: 0, enabled: true },
    ]);
  });

  it('plans nothing without a gateway', () => {
    expect(bulkBindPlan({ code: 'X', gatewayId: null }, [point({})])).toEqual([]);
  });
});
