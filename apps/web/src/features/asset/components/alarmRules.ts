import {
  ALARM_CHANNEL_VALUES,
  ALARM_LEVELS,
  ALARM_RULE_TYPES,
  MIN_COMM_DELAY_S,
  alarmConfigSaveBody,
  type AlarmChannel,
  type AlarmRuleRow,
  type AlarmRuleType,
  type PointKind,
} from '@pdz/contracts';

/** One rule as the form holds it: inputs may be blank while the operator types. */
export interface AlarmRuleForm {
  ruleType: AlarmRuleType;
  threshold?: number | null;
  statusValue?: number | null;
  deadband?: number | null;
  delayS?: number | null;
  level?: number | null;
  channels?: AlarmChannel[];
  message?: string | null;
  enabled?: boolean;
}

/** The wire form of one rule in POST /api/device/alarmConfig/save. */
export interface AlarmRuleRequest {
  ruleType: AlarmRuleType;
  threshold: number | null;
  statusValue: number | null;
  deadband: number;
  delayS: number;
  level: number;
  channels: AlarmChannel[];
  message: string | null;
  enabled: boolean;
}

export interface AlarmSaveRequest {
  equipmentId: number;
  pointId?: number;
  rules: AlarmRuleRequest[];
}

/** What a rule set is configured on: the equipment itself (pointId null) or one of its points. */
export interface AlarmTarget {
  pointId: number | null;
  name: string;
  kind: PointKind | null;
  unit: string | null;
}

/**
 * Which rules fit a target (contract: comm only on the equipment; upper/lower on 遥测 and 遥脉
 * points; status on 遥信 points). 遥控 points take none.
 */
export function ruleTypesFor(kind: PointKind | null): AlarmRuleType[] {
  if (kind === null) return ['comm'];
  if (kind === 'yc' || kind === 'ym') return ['upper', 'lower'];
  if (kind === 'yx') return ['status'];
  return [];
}

export function ruleTypeLabel(t: AlarmRuleType): string {
  return ALARM_RULE_TYPES.find((r) => r.value === t)?.label ?? t;
}

export function levelLabel(level: number): string {
  return ALARM_LEVELS.find((l) => l.value === level)?.label ?? String(level);
}

/** 1 紧急 red … 4 提示 blue: the colours the alarm lists of the telemetry issue use too. */
export const LEVEL_COLORS: Record<number, string> = { 1: 'red', 2: 'volcano', 3: 'gold', 4: 'blue' };

/**
 * A new rule with field practice as defaults (domain §6): analog limits wait 60 s, communication
 * loss 15 min, a status change is immediate and 严重 … the operator changes what differs.
 */
export function defaultRule(ruleType: AlarmRuleType, target: AlarmTarget): AlarmRuleForm {
  const base = { ruleType, channels: ['site'] as AlarmChannel[], enabled: true, deadband: 0 };
  switch (ruleType) {
    case 'upper':
      return { ...base, threshold: null, delayS: 60, level: 3, message: `${target.name}越上限` };
    case 'lower':
      return { ...base, threshold: null, delayS: 60, level: 3, message: `${target.name}越下限` };
    case 'status':
      return { ...base, statusValue: 1, delayS: 0, level: 2, message: `${target.name}动作` };
    case 'comm':
      return { ...base, delayS: 900, level: 3, message: '设备通讯中断' };
  }
}

/** Saved rules → form rows. */
export function rulesToForm(rows: AlarmRuleRow[]): AlarmRuleForm[] {
  return rows.map((r) => ({
    ruleType: r.ruleType,
    threshold: r.threshold,
    statusValue: r.statusValue,
    deadband: r.deadband,
    delayS: r.delayS,
    level: r.level,
    channels: r.channels,
    message: r.message,
    enabled: r.enabled,
  }));
}

const blankToNull = (v: number | null | undefined) => (v === undefined || v === null || Number.isNaN(v) ? null : v);

/**
 * Form rows → the save request. Values that mean nothing for a rule's type are dropped (a
 * threshold left over after switching a rule to 通讯中断 must not reach the server); 站内消息 is
 * always sent, as the server enforces too.
 */
export function toRuleRequest(f: AlarmRuleForm): AlarmRuleRequest {
  const limit = f.ruleType === 'upper' || f.ruleType === 'lower';
  const chosen = new Set<AlarmChannel>(['site', ...(f.channels ?? [])]);
  const message = f.message?.trim();
  return {
    ruleType: f.ruleType,
    threshold: limit ? blankToNull(f.threshold) : null,
    statusValue: f.ruleType === 'status' ? blankToNull(f.statusValue) : null,
    deadband: limit ? (blankToNull(f.deadband) ?? 0) : 0,
    delayS: blankToNull(f.delayS) ?? 0,
    level: blankToNull(f.level) ?? 3,
    channels: ALARM_CHANNEL_VALUES.filter((c) => chosen.has(c)),
    message: message ? message : null,
    enabled: f.enabled ?? true,
  };
}

export type AlarmSaveResult = { ok: true; body: AlarmSaveRequest } | { ok: false; message: string };

/**
 * Builds and checks the request with the contract's own schema, so the form refuses exactly what
 * the server would, in the same words, before anything is sent. A problem of one rule names it
 * ("第 2 条规则：…").
 */
export function toSaveRequest(equipmentId: number, pointId: number | null, forms: AlarmRuleForm[]): AlarmSaveResult {
  const body: AlarmSaveRequest = { equipmentId, ...(pointId === null ? {} : { pointId }), rules: forms.map(toRuleRequest) };
  const parsed = alarmConfigSaveBody.safeParse(body);
  if (parsed.success) return { ok: true, body };
  const issue = parsed.error.issues[0];
  const index = issue.path[0] === 'rules' && typeof issue.path[1] === 'number' ? issue.path[1] : null;
  return { ok: false, message: index === null ? issue.message : `第 ${index + 1} 条规则：${issue.message}` };
}

/** One line per rule for summaries and tooltips: "越上限 > 420 V，延时 60 秒，一般". */
export function describeRule(r: AlarmRuleRequest | AlarmRuleRow, unit: string | null): string {
  const u = unit ? ` ${unit}` : '';
  let what: string;
  if (r.ruleType === 'upper') what = `越上限 > ${r.threshold}${u}`;
  else if (r.ruleType === 'lower') what = `越下限 < ${r.threshold}${u}`;
  else if (r.ruleType === 'status') what = `状态变为 ${r.statusValue === 1 ? '1（合/动作）' : '0（分/复归）'}`;
  else what = `超过 ${formatDelay(r.delayS)}无数据`;
  const delay = r.ruleType === 'comm' || r.delayS === 0 ? '' : `，持续 ${formatDelay(r.delayS)}`;
  return `${what}${delay}，${levelLabel(r.level)}`;
}

/** 90 → "1 分 30 秒", 900 → "15 分钟", 3600 → "1 小时". */
export function formatDelay(seconds: number): string {
  if (seconds < 60) return `${seconds} 秒`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h && !m && !s) return `${h} 小时`;
  if (!h && !s) return `${m} 分钟`;
  return [h ? `${h} 小时` : '', m ? `${m} 分` : '', s ? `${s} 秒` : ''].filter(Boolean).join(' ');
}

export { MIN_COMM_DELAY_S };
