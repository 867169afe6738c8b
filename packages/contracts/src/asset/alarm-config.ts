import { z } from 'zod';
import { optionalText, id, int, num, flag, oneOf } from '../fields';
import type { PointKind } from './model';

/** upper / lower limit on an analog point, status change of a 遥信 point, communication loss. */
export const ALARM_RULE_TYPES = [
  { value: 'upper', label: '越上限' },
  { value: 'lower', label: '越下限' },
  { value: 'status', label: '状态变位' },
  { value: 'comm', label: '通讯中断' },
] as const;
export const ALARM_RULE_TYPE_VALUES = ['upper', 'lower', 'status', 'comm'] as const;
export type AlarmRuleType = (typeof ALARM_RULE_TYPE_VALUES)[number];

/** Level 1 is the most severe (the console sounds levels 1–2 and reminds unconfirmed level 1). */
export const ALARM_LEVELS = [
  { value: 1, label: '紧急' },
  { value: 2, label: '严重' },
  { value: 3, label: '一般' },
  { value: 4, label: '提示' },
] as const;

/** Site messages are always sent; the others when configured (issue 4). */
export const ALARM_CHANNELS = [
  { value: 'site', label: '站内消息' },
  { value: 'email', label: '邮件' },
  { value: 'sms', label: '短信' },
  { value: 'webhook', label: 'Webhook' },
] as const;
export const ALARM_CHANNEL_VALUES = ['site', 'email', 'sms', 'webhook'] as const;
export type AlarmChannel = (typeof ALARM_CHANNEL_VALUES)[number];

export const MAX_ALARM_DELAY_S = 86_400;
export const MIN_COMM_DELAY_S = 60;
export const MAX_RULES_PER_TARGET = 20;

const nullableNum = (label: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), num(label, { min: -1e12, max: 1e12 }).nullable());

export const alarmRuleInput = z.object({
  ruleType: oneOf('告警类型', ALARM_RULE_TYPE_VALUES),
  threshold: nullableNum('阈值'),
  statusValue: z.preprocess((v) => (v === '' || v === undefined ? null : v), int('告警状态值', { min: 0, max: 1 }).nullable()),
  deadband: num('回差', { min: 0, max: 1e9 }).default(0),
  delayS: int('延时(秒)', { min: 0, max: MAX_ALARM_DELAY_S }).default(0),
  level: int('告警级别', { min: 1, max: 4 }),
  channels: z
    .array(oneOf('通知方式', ALARM_CHANNEL_VALUES), { error: '通知方式必须是列表' })
    .default(['site'])
    .transform((list) => [...new Set<AlarmChannel>(['site', ...list])]),
  message: optionalText('告警内容', 255),
  enabled: flag('是否启用').default(true),
});
export type AlarmRuleInput = z.infer<typeof alarmRuleInput>;

/**
 * POST /api/device/alarmConfig/save: replaces, atomically, the rules of one equipment (no
 * pointId: only `comm` rules) or of one of its points (upper / lower on 遥测 and 遥脉 points,
 * status on 遥信 points). An empty list clears them.
 */
export const alarmConfigSaveBody = z
  .object({
    equipmentId: id('设备'),
    pointId: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('测点').optional()),
    rules: z.array(alarmRuleInput, { error: '告警规则必须是列表' }).max(MAX_RULES_PER_TARGET, `每个对象最多${MAX_RULES_PER_TARGET}条告警规则`),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const r of body.rules) {
      if ((r.ruleType === 'upper' || r.ruleType === 'lower') && r.threshold === null)
        ctx.addIssue({ code: 'custom', message: `${r.ruleType === 'upper' ? '越上限' : '越下限'}告警必须填写阈值` });
      if (r.ruleType === 'status' && r.statusValue === null) ctx.addIssue({ code: 'custom', message: '状态变位告警必须填写告警状态值' });
      if (r.ruleType === 'comm' && body.pointId !== undefined) ctx.addIssue({ code: 'custom', message: '通讯中断告警只能配置在设备上，不能配置在测点上' });
      if (r.ruleType !== 'comm' && body.pointId === undefined) ctx.addIssue({ code: 'custom', message: '越限和变位告警必须选择测点' });
      if (r.ruleType === 'comm' && r.delayS < MIN_COMM_DELAY_S) ctx.addIssue({ code: 'custom', message: `通讯中断判定时间不能少于${MIN_COMM_DELAY_S}秒` });
      const key = `${r.ruleType}:${r.ruleType === 'status' ? r.statusValue : r.ruleType === 'comm' ? '' : r.threshold}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: '存在重复的告警规则' });
      seen.add(key);
    }
    const uppers = body.rules.filter((r) => r.ruleType === 'upper' && r.threshold !== null).map((r) => r.threshold!);
    const lowers = body.rules.filter((r) => r.ruleType === 'lower' && r.threshold !== null).map((r) => r.threshold!);
    if (uppers.length && lowers.length && Math.max(...lowers) >= Math.min(...uppers)) {
      ctx.addIssue({ code: 'custom', message: '下限阈值必须小于上限阈值' });
    }
  });
export type AlarmConfigSaveInput = z.infer<typeof alarmConfigSaveBody>;

export const alarmConfigInfoParams = z.object({ id: id('设备') });
/** POST /api/device/alarmConfig/applyTemplate: the suggested rules replace those of the targets they cover. */
export const alarmTemplateApplyBody = z.object({ equipmentId: id('设备') });

export interface AlarmRuleRow {
  id: number;
  equipmentId: number;
  pointId: number | null;
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

export interface AlarmPointRules {
  pointId: number;
  pointKey: string;
  name: string;
  kind: PointKind;
  unit: string | null;
  rules: AlarmRuleRow[];
}

/** GET /api/device/alarmConfig/info/{id}: the equipment's rules, its own and per point. */
export interface AlarmConfigInfo {
  equipmentId: number;
  equipmentCode: string;
  equipmentName: string;
  equipmentType: string;
  equipmentRules: AlarmRuleRow[];
  /** Every point of the equipment, in display order, with its rules (possibly none). */
  points: AlarmPointRules[];
}

/** A suggested rule of the built-in templates (domain §6), keyed by point; not saved until applied. */
export interface AlarmTemplateRule extends Omit<AlarmRuleRow, 'id' | 'equipmentId' | 'pointId'> {
  pointKey: string | null;
}
