import { ALARM_LEVEL_LABELS, ALARM_TYPE_LABELS, type AlarmEventKind, type AlarmRow } from '@pdz/contracts';
import { formatTime } from '../platform/xlsx';

/** What a delivery row keeps in `payload`: enough to send the same message again. */
export type DeliveryPayload =
  | { channel: 'email'; to: string; subject: string; text: string }
  | { channel: 'sms'; phone: string; content: string }
  | { channel: 'webhook'; body: string }
  | { channel: 'site'; userId: number; title: string; content: string };

const levelText = (level: number) => ALARM_LEVEL_LABELS[level] ?? `${level}级`;

export function emailSubject(a: AlarmRow): string {
  return `【${levelText(a.level)}告警】${a.title}`;
}

/** Plain-text mail: the facts an engineer on call needs, one per line. */
export function emailText(a: AlarmRow, zoneOffsetMinutes: number): string {
  const lines = [
    `告警内容：${a.title}`,
    `告警级别：${levelText(a.level)}`,
    `告警类型：${ALARM_TYPE_LABELS[a.ruleType] ?? a.ruleType}`,
    `客户：${a.customerName}`,
    `站点：${a.stationName}`,
    `设备：${a.equipmentName}（${a.equipmentCode}）`,
  ];
  if (a.pointName) lines.push(`测点：${a.pointName}`);
  if (a.value !== null) lines.push(`当前值：${a.value}${a.unit ? ` ${a.unit}` : ''}`);
  if (a.threshold !== null) lines.push(`阈值：${a.threshold}${a.unit ? ` ${a.unit}` : ''}`);
  lines.push(`发生时间：${formatTime(a.raisedAt, zoneOffsetMinutes, true)}`, '', '请登录配电站智能监控系统查看并确认告警。此邮件由系统自动发送，请勿回复。');
  return lines.join('\n');
}

/** One short text: SMS gateways bill per 70 characters. */
export function smsText(a: AlarmRow, zoneOffsetMinutes: number): string {
  return `【配电站智能监控系统】${levelText(a.level)}告警：${a.stationName} ${a.title}，时间${formatTime(a.raisedAt, zoneOffsetMinutes, true).slice(5, 16)}，请及时处理。`;
}

export function webhookBody(event: AlarmEventKind | 'test', alarm: AlarmRow): string {
  return JSON.stringify({ event, alarm });
}

/** A made-up alarm for 测试发送, so every channel shows what a real one looks like. */
export function sampleAlarm(now: number): AlarmRow {
  return {
    id: 0,
    customerId: 0,
    customerName: '测试客户',
    stationName: '测试站点',
    stationId: 0,
    equipmentId: 0,
    equipmentName: '测试设备',
    equipmentCode: 'TEST-0001',
    pointId: null,
    pointName: 'A相温度',
    unit: '°C',
    ruleId: null,
    ruleType: 'upper',
    level: 3,
    title: '这是一条测试通知，收到即表示通知渠道配置正确',
    value: 85,
    threshold: 80,
    raisedAt: now,
    state: 'active',
    confirmedAt: null,
    confirmedBy: null,
    confirmNote: null,
    recoveredAt: null,
    recoveredValue: null,
  };
}
