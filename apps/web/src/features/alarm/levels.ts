import { ALARM_LEVEL_LABELS, ALARM_STATE_LABELS, ALARM_TYPE_LABELS, type AlarmRow, type AlarmState } from '@pdz/contracts';

/**
 * How alarms look everywhere (lists, strip, charts, pop-ups): level 1–4 紧急/严重/一般/提示 in
 * red/orange/gold/blue. `tag` is antd's preset name, `hex` the same colour for charts and borders.
 */
export const ALARM_LEVELS = [1, 2, 3, 4] as const;
const LEVEL_COLORS: Record<number, { tag: string; hex: string }> = {
  1: { tag: 'red', hex: '#f5222d' },
  2: { tag: 'orange', hex: '#fa8c16' },
  3: { tag: 'gold', hex: '#faad14' },
  4: { tag: 'blue', hex: '#1677ff' },
};

export function alarmLevel(level: number): { label: string; tag: string; hex: string } {
  return { label: ALARM_LEVEL_LABELS[level] ?? `${level}级`, ...(LEVEL_COLORS[level] ?? { tag: 'default', hex: '#8c8c8c' }) };
}

export const LEVEL_OPTIONS = ALARM_LEVELS.map((l) => ({ value: l, label: ALARM_LEVEL_LABELS[l] }));
export const TYPE_OPTIONS = Object.entries(ALARM_TYPE_LABELS).map(([value, label]) => ({ value, label }));
export const STATE_OPTIONS = Object.entries(ALARM_STATE_LABELS).map(([value, label]) => ({ value, label }));

/** 未确认 stands out, 已结束 recedes. */
const STATE_COLORS: Record<AlarmState, string> = {
  active: 'error',
  recovered_unconfirmed: 'warning',
  confirmed: 'processing',
  closed: 'default',
};
export function alarmState(state: AlarmState): { label: string; color: string } {
  return { label: ALARM_STATE_LABELS[state] ?? state, color: STATE_COLORS[state] ?? 'default' };
}

export const typeLabel = (t: string) => ALARM_TYPE_LABELS[t as keyof typeof ALARM_TYPE_LABELS] ?? t;

/** Still waiting for someone to confirm it (what the reminder and 确认 buttons care about). */
export const isUnconfirmed = (a: Pick<AlarmRow, 'state'>) => a.state === 'active' || a.state === 'recovered_unconfirmed';

function num(v: number): string {
  // Readings arrive as floats (132.50000001): at most 3 decimals, no trailing zeros.
  return String(Number(v.toFixed(3)));
}
const withUnit = (v: number, unit: string | null) => (unit ? `${num(v)} ${unit}` : num(v));

/**
 * 告警值 against the rule: "132.5 °C（上限 130 °C）", "状态 1（告警状态 1）"; a communication
 * loss has no value.
 */
export function valueText(a: Pick<AlarmRow, 'ruleType' | 'value' | 'threshold' | 'unit'>): string {
  if (a.ruleType === 'comm') return '通讯中断';
  if (a.value === null) return '-';
  if (a.ruleType === 'status') return a.threshold === null ? `状态 ${num(a.value)}` : `状态 ${num(a.value)}（告警状态 ${num(a.threshold)}）`;
  const bound = a.ruleType === 'upper' ? '上限' : '下限';
  return a.threshold === null ? withUnit(a.value, a.unit) : `${withUnit(a.value, a.unit)}（${bound} ${withUnit(a.threshold, a.unit)}）`;
}

/** "45秒", "12分钟", "3小时5分", "2天4小时". */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s}秒`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}分钟`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h}小时${m % 60}分` : `${h}小时`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d}天${h % 24}小时` : `${d}天`;
}

/** How long it lasted (recovered) or has lasted so far. */
export function alarmDuration(a: Pick<AlarmRow, 'raisedAt' | 'recoveredAt'>, now: number): string {
  return durationText((a.recoveredAt ?? now) - a.raisedAt);
}

/** Where it happened, for pop-ups and confirmations: "1号站 / 1号变压器 / A相温度". */
export function alarmPlace(a: Pick<AlarmRow, 'stationName' | 'equipmentName' | 'pointName'>): string {
  return [a.stationName, a.equipmentName, a.pointName].filter(Boolean).join(' / ');
}

export const equipmentLink = (equipmentId: number) => `/monitor/equipment?id=${equipmentId}`;
