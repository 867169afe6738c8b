import { MAX_TRANSFORMER_RATIO } from '@pdz/contracts';

/**
 * CT/PT ratios (domain §1). The platform stores a ratio as one number: primary ÷ secondary. Field
 * people read ratios off nameplates as "500/5" or "10000/100", so the form accepts either and
 * turns a fraction into its quotient.
 */
export function parseRatio(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) && input > 0 ? input : null;
  const s = input.replace(/\s+/g, '').replace(/[：:]/g, '/').replace(/／/g, '/');
  if (s === '') return null;
  const m = /^(\d+(?:\.\d+)?)(?:\/(\d+(?:\.\d+)?))?$/.exec(s);
  if (!m) return null;
  const primary = Number(m[1]);
  const secondary = m[2] === undefined ? 1 : Number(m[2]);
  if (!(primary > 0) || !(secondary > 0)) return null;
  return roundRatio(primary / secondary);
}

/** Quotients like 10000/3 ÷ 100/3 come out as 99.99999…; six decimals is more than any nameplate. */
export function roundRatio(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/** Multiplier M = CT × PT: what a secondary current, power or energy is multiplied by. */
export function multiplier(ct: number | null | undefined, pt: number | null | undefined): number {
  const c = typeof ct === 'number' && ct > 0 ? ct : 1;
  const p = typeof pt === 'number' && pt > 0 ? pt : 1;
  return roundRatio(c * p);
}

/** "1 : 100" style is ambiguous in Chinese practice; the console shows plain numbers with 倍率. */
export function formatRatio(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '-';
  return String(roundRatio(v));
}

export function isRatioInRange(v: number): boolean {
  return v > 0 && v <= MAX_TRANSFORMER_RATIO;
}

/**
 * What the stored values mean for this equipment, in one sentence for the form and the detail:
 * either the meter already applies CT/PT, or the platform multiplies.
 */
export function primaryNote(valuesArePrimary: boolean, ct: number | null | undefined, pt: number | null | undefined): string {
  const m = multiplier(ct, pt);
  if (valuesArePrimary) return '仪表上送的已是一次值（表内已设置变比），平台不再乘变比';
  if (m === 1) return '仪表上送二次值，变比均为 1，平台按原值保存';
  return `仪表上送二次值，平台按变比换算：电压 × PT，电流 × CT，功率和电能 × ${m}`;
}

/** Hints under the inputs: the most common nameplates and what to type. */
export const CT_HINT = '如 500/5 填 100（也可直接输入 500/5）；无 CT 填 1';
export const PT_HINT = '如 10000/100 填 100；低压直接接入填 1';
