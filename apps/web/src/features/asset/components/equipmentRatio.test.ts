import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { formatRatio, isRatioInRange, multiplier, parseRatio, primaryNote } from './equipmentRatio';
import { equipmentRequest, showsRatedKva, showsRatios } from './equipmentForm';
import { stepKvar } from './capacitorForm';

describe('CT/PT ratios', () => {
  it('reads plain numbers and nameplate fractions (domain §1 examples)', () => {
    expect(parseRatio('100')).toBe(100);
    expect(parseRatio('500/5')).toBe(100);
    expect(parseRatio(' 10000 / 100 ')).toBe(100);
    expect(parseRatio('100/5')).toBe(20);
    expect(parseRatio('75/5')).toBe(15);
    expect(parseRatio('1500：5')).toBe(300);
    expect(parseRatio('10000/3／100/3')).toBeNull();
    expect(parseRatio(60)).toBe(60);
  });

  it('refuses what is not a ratio', () => {
    for (const bad of ['', 'abc', '0', '500/0', '-100', '5/', '/5', '1e3'] as const) expect(parseRatio(bad)).toBeNull();
    expect(parseRatio(null)).toBeNull();
    expect(parseRatio(Number.NaN)).toBeNull();
  });

  it('multiplies CT by PT (10 kV, 100/5 and 10000/100 → 2000)', () => {
    expect(multiplier(20, 100)).toBe(2000);
    expect(multiplier(100, 1)).toBe(100);
    expect(multiplier(null, undefined)).toBe(1);
    expect(multiplier(1000 / 3, 3)).toBe(1000);
  });

  it('formats and bounds-checks', () => {
    expect(formatRatio(33.3333333333)).toBe('33.333333');
    expect(formatRatio(null)).toBe('-');
    expect(isRatioInRange(100_000)).toBe(true);
    expect(isRatioInRange(100_001)).toBe(false);
  });

  it('explains what values_are_primary means for this equipment', () => {
    expect(primaryNote(true, 100, 1)).toMatch(/已是一次值.*不再乘变比/);
    expect(primaryNote(false, 20, 100)).toBe('仪表上送二次值，平台按变比换算：电压 × PT，电流 × CT，功率和电能 × 2000');
    expect(primaryNote(false, 1, 1)).toMatch(/变比均为 1/);
  });
});

describe('equipment form → request', () => {
  const base = { stationId: 1, modelId: 2, code: ' SZ01-M09 ', name: ' 1#出线柜电表 ', status: 'running' as const, orderNum: 0, valuesArePrimary: false };

  it('turns a typed fraction into the ratio, trims texts, formats the date', () => {
    const r = equipmentRequest({ ...base, ctRatio: '500/5', ptRatio: 1, commAddress: ' 3 ', installDate: dayjs('2024-05-06'), cabinetId: undefined, remark: '' }, 'meter');
    expect(r).toMatchObject({ code: 'SZ01-M09', name: '1#出线柜电表', ctRatio: 100, ptRatio: 1, valuesArePrimary: false, commAddress: '3', installDate: '2024-05-06', cabinetId: null, gatewayId: null, remark: null, ratedKva: null });
  });

  it('sends neutral values for fields the chosen type does not show', () => {
    const r = equipmentRequest({ ...base, ctRatio: 100, ptRatio: 100, ratedKva: 800, ratedCurrent: 50 }, 'th_sensor');
    expect(r).toMatchObject({ ctRatio: 1, ptRatio: 1, valuesArePrimary: true, ratedKva: null, ratedCurrent: null });
    expect(equipmentRequest({ ...base, ratedKva: 1250 }, 'transformer').ratedKva).toBe(1250);
  });

  it('shows ratios for meters and rated kVA only for transformers', () => {
    expect(showsRatios('meter')).toBe(true);
    expect(showsRatios('door')).toBe(false);
    expect(showsRatedKva('transformer')).toBe(true);
    expect(showsRatedKva('meter')).toBe(false);
  });
});

describe('capacitor', () => {
  it('computes the size of one switched group', () => {
    expect(stepKvar(300, 8)).toBe(37.5);
    expect(stepKvar(100, 3)).toBe(33.33);
    expect(stepKvar(null, 8)).toBeNull();
    expect(stepKvar(300, 0)).toBeNull();
  });
});
