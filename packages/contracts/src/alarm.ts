import { z } from 'zod';
import { id, int, optionalId, text } from './fields';
import { pageQuery } from './envelope';
import { ALARM_CHANNEL_VALUES, type AlarmChannel, type AlarmRuleType } from './asset/alarm-config';

/**
 * Alarm events (issue 4). The engine raises one event per rule breach; its lifecycle has two
 * independent facts, confirmation (who, when, note: required) and recovery (the value came back
 * inside the limit + deadband, the status returned, the equipment talks again):
 *
 *   active (未确认) ─confirm→ confirmed (已确认) ─recover→ closed (已结束)
 *        └─recover→ recovered_unconfirmed (已恢复未确认) ─confirm→ closed
 *
 * "Active" lists everything not closed: a recovered alarm that nobody confirmed stays pending.
 * Confirming an alarm also confirms its site message (mail) for every recipient, and confirming
 * the alarm's message (`/api/pdfznjkpt/mail/confirm`) confirms the alarm.
 */
export const ALARM_STATES = ['active', 'confirmed', 'recovered_unconfirmed', 'closed'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];
export const ALARM_STATE_LABELS: Record<AlarmState, string> = {
  active: '未确认',
  confirmed: '已确认',
  recovered_unconfirmed: '已恢复未确认',
  closed: '已结束',
};
export const ALARM_LEVEL_LABELS: Record<number, string> = { 1: '紧急', 2: '严重', 3: '一般', 4: '提示' };
export const ALARM_TYPE_LABELS: Record<AlarmRuleType, string> = { upper: '越上限', lower: '越下限', status: '状态变位', comm: '通讯中断' };

/** Levels whose new alarms pop up with a sound; level 1 unconfirmed is re-announced every 5 min. */
export const ALARM_SOUND_LEVELS = [1, 2] as const;
export const ALARM_REMIND_MS = 5 * 60_000;

export interface AlarmRow {
  id: number;
  customerId: number;
  customerName: string;
  stationId: number;
  stationName: string;
  equipmentId: number;
  equipmentName: string;
  equipmentCode: string;
  pointId: number | null;
  pointName: string | null;
  unit: string | null;
  ruleId: number | null;
  ruleType: AlarmRuleType;
  level: number;
  /** What the operator reads, e.g. "1号变压器 A相绕组温度 越上限：132.5 °C（上限 130 °C）". */
  title: string;
  /** The value that raised it (null for comm), and the rule's threshold / status value. */
  value: number | null;
  threshold: number | null;
  /** Time of the sample that breached (after the delay it is that first sample's time). */
  raisedAt: number;
  state: AlarmState;
  confirmedAt: number | null;
  confirmedBy: string | null;
  confirmNote: string | null;
  recoveredAt: number | null;
  recoveredValue: number | null;
}

/** GET /api/alarm/event/pageList (active list: `active=true`; history: time range etc.). */
export const ALARM_SORT_COLUMNS = ['raisedAt', 'level', 'recoveredAt', 'confirmedAt'] as const;
export const alarmQuery = pageQuery.extend({
  /** true: every alarm that is not closed (active, confirmed, recovered_unconfirmed). */
  active: z.enum(['true', 'false']).optional(),
  state: z.enum(ALARM_STATES, { error: '告警状态取值无效' }).optional(),
  level: int('告警级别', { min: 1, max: 4 }).optional(),
  ruleType: z.enum(['upper', 'lower', 'status', 'comm'], { error: '告警类型取值无效' }).optional(),
  customerId: optionalId('客户').optional(),
  stationId: optionalId('站点').optional(),
  equipmentId: optionalId('设备').optional(),
  /** raisedAt range, epoch ms. */
  from: int('开始时间', { min: 0 }).optional(),
  to: int('结束时间', { min: 0 }).optional(),
  keyword: z.string().trim().max(64).optional(),
});
export type AlarmQuery = z.infer<typeof alarmQuery>;

/** GET /api/alarm/event/export: the same filters, an .xlsx of at most ALARM_EXPORT_MAX rows. */
export const ALARM_EXPORT_MAX = 50_000;

/** POST /api/alarm/event/confirm: one or many alarms, with the note the operator wrote. */
export const alarmConfirmBody = z.object({
  ids: z.array(id('告警'), { error: '请选择告警' }).min(1, '请选择告警').max(500, '一次最多确认500条告警'),
  note: text('确认说明', { max: 255 }),
});
export interface AlarmConfirmResult {
  /** Alarms confirmed now (those already confirmed are left as they were). */
  confirmed: number;
}

/** GET /api/alarm/summary: counts the bell, the overview pages and the alarm screens show. */
export interface AlarmSummary {
  /** Not closed, per level "1"–"4". */
  activeByLevel: Record<string, number>;
  active: number;
  /** Not confirmed (active + recovered_unconfirmed). */
  unconfirmed: number;
  /** Raised today (zone day). */
  today: number;
}

/** GET /api/alarm/stats */
export const ALARM_STATS_GROUPS = ['station', 'level', 'type', 'day', 'equipment'] as const;
export const alarmStatsQuery = z
  .object({
    from: int('开始时间', { min: 0 }),
    to: int('结束时间', { min: 0 }),
    groupBy: z.enum(ALARM_STATS_GROUPS, { error: '统计维度取值无效' }),
    customerId: optionalId('客户').optional(),
    stationId: optionalId('站点').optional(),
  })
  .refine((q) => q.to > q.from, { message: '结束时间必须晚于开始时间' })
  .refine((q) => q.to - q.from <= 366 * 86_400_000, { message: '统计时间范围不能超过一年' });
export interface AlarmStatsRow {
  /** station id / level / rule type / 'YYYY-MM-DD' (zone day) / equipment id, as text. */
  key: string;
  label: string;
  total: number;
  byLevel: Record<string, number>;
  unconfirmed: number;
  /** Mean minutes from raise to confirmation of the confirmed ones (null: none confirmed). */
  avgConfirmMinutes: number | null;
}

/** GET/POST /api/alarm/prefs: the signed-in user's own alarm preferences. */
export const alarmPrefsBody = z.object({ soundMuted: z.boolean({ error: '静音设置必须是是或否' }) });
export interface AlarmPrefs {
  soundMuted: boolean;
}

/**
 * Notification channels (site messages are always sent). GET/POST /api/alarm/notify/config
 * (perm alarm:notify:list / alarm:notify:edit); the SMTP password and webhook secret are
 * write-only: answered as `passwordSet` / `secretSet`.
 */
export const notifyConfigBody = z.object({
  email: z.object({
    enabled: z.boolean(),
    host: z.string().trim().max(255).default(''),
    port: int('SMTP端口', { min: 1, max: 65535 }).default(465),
    secure: z.boolean().default(true),
    user: z.string().trim().max(255).default(''),
    /** Empty: keep the stored one. */
    password: z.string().max(255).optional(),
    from: z.string().trim().max(255).default(''),
  }),
  sms: z.object({ enabled: z.boolean() }),
  webhook: z.object({
    enabled: z.boolean(),
    url: z.string().trim().max(1000).default(''),
    /** HMAC-SHA256 of the body, sent as X-Pdz-Signature; empty: keep the stored one. */
    secret: z.string().max(255).optional(),
  }),
  /** Lowest level (1–4) that goes out on e-mail / SMS / webhook when a rule asks for it. */
  minLevel: int('最低通知级别', { min: 1, max: 4 }).default(4),
});
export type NotifyConfigInput = z.infer<typeof notifyConfigBody>;
export interface NotifyConfig {
  email: { enabled: boolean; host: string; port: number; secure: boolean; user: string; passwordSet: boolean; from: string };
  sms: { enabled: boolean };
  webhook: { enabled: boolean; url: string; secretSet: boolean };
  minLevel: number;
}

/** POST /api/alarm/notify/test: send a test notification on one channel to `to` (or the webhook). */
export const notifyTestBody = z.object({
  channel: z.enum(ALARM_CHANNEL_VALUES, { error: '通知方式取值无效' }),
  to: z.string().trim().max(255).optional(),
});

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** GET /api/alarm/notify/deliveries: every delivery attempt of every channel. */
export const deliveryQuery = pageQuery.extend({
  channel: z.enum(ALARM_CHANNEL_VALUES).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  alarmId: optionalId('告警').optional(),
});
export interface DeliveryRow {
  id: number;
  alarmId: number | null;
  channel: AlarmChannel;
  /** user name / e-mail / phone / URL */
  recipient: string;
  status: DeliveryStatus;
  attempts: number;
  error: string | null;
  createdAt: number;
  sentAt: number | null;
}
