import type { AlarmChannel, AlarmTemplateRule } from '@pdz/contracts';

/** What the templates need to know of an equipment. */
export interface TemplateEquipment {
  equipment_type: string;
  pt_ratio: number;
  values_are_primary: number;
  rated_current: number | null;
}

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

function rule(
  pointKey: string | null,
  ruleType: AlarmTemplateRule['ruleType'],
  level: number,
  message: string,
  opts: { threshold?: number; statusValue?: number; deadband?: number; delayS?: number } = {},
): AlarmTemplateRule {
  const channels: AlarmChannel[] = level === 1 ? ['site', 'sms'] : ['site'];
  return {
    pointKey,
    ruleType,
    threshold: opts.threshold ?? null,
    statusValue: opts.statusValue ?? null,
    deadband: opts.deadband ?? 0,
    delayS: opts.delayS ?? 0,
    level,
    channels,
    message,
    enabled: true,
  };
}

/**
 * Nominal phase voltage as the device reports it: 220 V on low voltage; with a PT, 100 V
 * secondary line voltage times the ratio when values are primary (10 kV / PT 100 → 5773.5 V).
 */
function nominalPhaseVoltage(e: TemplateEquipment): { phase: number; lv: boolean } {
  if (e.pt_ratio > 1) return { phase: ((e.values_are_primary ? e.pt_ratio : 1) * 100) / Math.sqrt(3), lv: false };
  return { phase: 220, lv: true };
}

function limits(keys: string[], names: Record<string, string>, upper: number, lower: number, deadband: number, delayS: number, digits = 1) {
  return keys.flatMap((k) => [
    rule(k, 'upper', 3, `${names[k]}越上限`, { threshold: round(upper, digits), deadband: round(deadband, digits + 1), delayS }),
    rule(k, 'lower', 3, `${names[k]}越下限`, { threshold: round(lower, digits), deadband: round(deadband, digits + 1), delayS }),
  ]);
}

/**
 * Suggested alarm rules for an equipment (domain §6): voltage ±7 % / −10 % (GB/T 12325),
 * frequency ±0.2 Hz, THDu 5 % (4 % above LV), unbalance 2 %, winding temperature alarm 155 °C /
 * trip 170 °C, load 80 % / 100 %, room > 35 °C, humidity 80 % / 90 %, water, smoke and door at
 * once, leakage 30 mA, communication loss after 15 minutes. Only points the equipment has are used.
 */
export function templateRules(e: TemplateEquipment, points: { point_key: string; name: string }[]): AlarmTemplateRule[] {
  const names = Object.fromEntries(points.map((p) => [p.point_key, p.name]));
  const has = (k: string) => k in names;
  const out: AlarmTemplateRule[] = [];
  const { phase, lv } = nominalPhaseVoltage(e);
  const line = lv ? 380 : phase * Math.sqrt(3);
  switch (e.equipment_type) {
    case 'meter':
    case 'circuit_meter': {
      out.push(...limits(['Ua', 'Ub', 'Uc'].filter(has), names, phase * 1.07, phase * (lv ? 0.9 : 0.93), phase * 0.02, 60));
      out.push(...limits(['Uab', 'Ubc', 'Uca'].filter(has), names, line * 1.07, line * 0.93, line * 0.02, 60));
      if (has('F')) out.push(...limits(['F'], names, 50.2, 49.8, 0.05, 10, 2));
      if (e.rated_current) {
        for (const k of ['Ia', 'Ib', 'Ic'].filter(has)) {
          out.push(rule(k, 'upper', 3, `${names[k]}负荷预警(80%)`, { threshold: round(e.rated_current * 0.8), deadband: round(e.rated_current * 0.02), delayS: 300 }));
          out.push(rule(k, 'upper', 2, `${names[k]}过负荷`, { threshold: round(e.rated_current), deadband: round(e.rated_current * 0.02), delayS: 60 }));
        }
      }
      if (has('THDu')) out.push(rule('THDu', 'upper', 3, '电压总谐波畸变率超限', { threshold: lv ? 5 : 4, deadband: 0.2, delayS: 300 }));
      if (has('Uunb')) out.push(rule('Uunb', 'upper', 3, '电压不平衡度超限', { threshold: 2, deadband: 0.1, delayS: 300 }));
      if (has('PF') && e.equipment_type === 'meter') out.push(rule('PF', 'lower', 4, '功率因数偏低', { threshold: 0.9, deadband: 0.01, delayS: 900 }));
      break;
    }
    case 'transformer':
      for (const k of ['Ta', 'Tb', 'Tc'].filter(has)) {
        out.push(rule(k, 'upper', 2, `${names[k]}超温报警`, { threshold: 155, deadband: 2, delayS: 10 }));
        out.push(rule(k, 'upper', 1, `${names[k]}超温跳闸`, { threshold: 170, deadband: 2, delayS: 0 }));
      }
      if (has('OverTemp')) out.push(rule('OverTemp', 'status', 2, '温控器超温报警', { statusValue: 1 }));
      if (has('OverTempTrip')) out.push(rule('OverTempTrip', 'status', 1, '温控器超温跳闸', { statusValue: 1 }));
      if (has('LoadRate')) {
        out.push(rule('LoadRate', 'upper', 3, '变压器重载(负载率>80%)', { threshold: 80, deadband: 2, delayS: 300 }));
        out.push(rule('LoadRate', 'upper', 2, '变压器过载', { threshold: 100, deadband: 2, delayS: 60 }));
      }
      break;
    case 'th_sensor':
      if (has('T')) out.push(rule('T', 'upper', 3, '配电房温度过高', { threshold: 35, deadband: 1, delayS: 300 }));
      if (has('RH')) {
        out.push(rule('RH', 'upper', 4, '配电房湿度偏高', { threshold: 80, deadband: 2, delayS: 600 }));
        out.push(rule('RH', 'upper', 3, '配电房湿度过高', { threshold: 90, deadband: 2, delayS: 300 }));
      }
      break;
    case 'door':
      if (has('Door')) out.push(rule('Door', 'status', 3, '配电房门被打开', { statusValue: 1 }));
      break;
    case 'water':
      if (has('Water')) out.push(rule('Water', 'status', 1, '检测到水浸', { statusValue: 1 }));
      break;
    case 'smoke':
      if (has('Smoke')) out.push(rule('Smoke', 'status', 1, '烟雾报警', { statusValue: 1 }));
      break;
    case 'breaker':
      if (has('Switch')) out.push(rule('Switch', 'status', 2, '微断分闸', { statusValue: 0 }));
      if (has('IL')) out.push(rule('IL', 'upper', 2, '漏电流超限', { threshold: 30, deadband: 1, delayS: 5 }));
      if (has('T')) {
        out.push(rule('T', 'upper', 3, '线缆温度偏高', { threshold: 70, deadband: 2, delayS: 60 }));
        out.push(rule('T', 'upper', 2, '线缆温度过高', { threshold: 80, deadband: 2, delayS: 30 }));
      }
      break;
    case 'capacitor':
      if (has('PF')) out.push(rule('PF', 'lower', 3, '补偿后功率因数偏低', { threshold: 0.9, deadband: 0.01, delayS: 900 }));
      if (has('THDu')) out.push(rule('THDu', 'upper', 3, '电压总谐波畸变率超限', { threshold: lv ? 5 : 4, deadband: 0.2, delayS: 300 }));
      break;
  }
  out.push(rule(null, 'comm', 3, '设备通讯中断', { delayS: 900 }));
  return out;
}
