import { describe, expect, it } from 'vitest';
import type { AlarmRow } from '@pdz/contracts';
import { AlarmEngine } from './engine';
import type { Rule } from './rules';
import type { AlarmWriter, OpenAlarm } from './writer';

/** The engine alone, with a writer that records what it would write. */
function engineWith(rules: Rule[]) {
  const log: string[] = [];
  let next = 100;
  const writer = {
    raise: (open: OpenAlarm, rule: Rule, at: number, value: number | null) => {
      open.id = next++;
      log.push(`raise ${rule.id} ${at} ${value}`);
    },
    recover: (open: OpenAlarm, at: number, value: number | null) => log.push(`recover ${open.id} ${at} ${value}`),
    remap: (open: OpenAlarm, ruleId: number) => log.push(`remap ${open.id} ${ruleId}`),
    pending: () => undefined,
    idle: async () => undefined,
  } as unknown as AlarmWriter;
  const engine = new AlarmEngine(null as never, writer, { error: () => undefined } as never);
  (engine as unknown as { replace(o: unknown[], r: Rule[], n: number): void }).replace([], rules, 0);
  return { engine, log, swap: (r: Rule[]) => (engine as unknown as { replace(o: unknown[], r: Rule[], n: number): void; byRule: Map<number, unknown> }).replace([...(engine as unknown as { byRule: Map<number, unknown> }).byRule.values()], r, 1) };
}

const rule = (over: Partial<Rule> = {}): Rule => ({
  id: 1,
  type: 'upper',
  customerId: 1,
  stationId: 1,
  equipmentId: 1,
  equipmentName: '1号变压器',
  pointId: 10,
  pointName: '绕组温度',
  unit: '℃',
  precision: 1,
  threshold: 100,
  statusValue: null,
  deadband: 5,
  delayMs: 0,
  level: 2,
  message: null,
  equipmentOffline: false,
  ...over,
});

const remote = (id: number, ruleId: number, recoveredAt: number | null = null) => ({ id, ruleId, recoveredAt }) as AlarmRow;

describe('alarm engine (in memory)', () => {
  it('does not raise again for a rule another process holds open, and raises after that one recovered', () => {
    const { engine, log } = engineWith([rule()]);
    engine.onRemoteAlarm('raised', remote(7, 1));
    engine.onSamples([{ p: 10, t: 1, v: 120 }]);
    expect(log).toEqual([]);
    engine.onSamples([{ p: 10, t: 2, v: 90 }]);
    expect(log).toEqual(['recover 7 2 90']);
    engine.onSamples([{ p: 10, t: 3, v: 120 }]);
    engine.onRemoteAlarm('recovered', remote(100, 1, 4));
    engine.onSamples([{ p: 10, t: 5, v: 120 }]);
    engine.onSamples([{ p: 10, t: 6, v: 120 }]);
    expect(log).toEqual(['recover 7 2 90', 'raise 1 3 120', 'raise 1 5 120']);
  });

  it('evaluates several rules of a point in one pass, warning and alarm levels apart', () => {
    const { engine, log } = engineWith([rule({ id: 1, threshold: 80, level: 3 }), rule({ id: 2, threshold: 100, level: 1 })]);
    engine.onSamples([
      { p: 10, t: 1, v: 85 },
      { p: 10, t: 2, v: 101 },
      { p: 10, t: 3, v: 90 },
      { p: 11, t: 3, v: 999 },
    ]);
    expect(log).toEqual(['raise 1 1 85', 'raise 2 2 101', 'recover 101 3 90']);
  });

  it('after a reload only the new rules are evaluated; an open alarm follows its limit to the new id', () => {
    const { engine, log, swap } = engineWith([rule({ id: 1 }), rule({ id: 2, pointId: 11, threshold: 50 })]);
    engine.onSamples([{ p: 10, t: 1, v: 120 }]);
    swap([rule({ id: 3 })]);
    expect(log).toEqual(['raise 1 1 120', 'remap 100 3']);
    engine.onSamples([
      { p: 10, t: 2, v: 90 },
      { p: 11, t: 2, v: 60 },
    ]);
    expect(log).toEqual(['raise 1 1 120', 'remap 100 3', 'recover 100 2 90']);
    expect(engine.ruleCount).toBe(1);
  });

  it('reloads 100,000 rules without quadratic work', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => rule({ id: i + 1, pointId: i + 1, equipmentId: Math.floor(i / 50) + 1 }));
    const { swap, engine } = engineWith(many);
    const t0 = performance.now();
    swap(many.map((r) => ({ ...r, id: r.id + 1_000_000 })));
    expect(engine.ruleCount).toBe(100_000);
    // Generous for a busy shared machine; quadratic matching would take minutes.
    expect(performance.now() - t0).toBeLessThan(5_000);
  });
});
