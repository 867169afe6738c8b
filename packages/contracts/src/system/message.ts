import { z } from 'zod';
import { text, id, int } from '../fields';
import { pageQuery } from '../envelope';

/**
 * A site message (spec "mail"): a system notice or, from the telemetry issue on, an alarm.
 * Confirmation is per message; a message addressed to a user is theirs to read and confirm.
 */
export const MESSAGE_TYPES = ['notice', 'security', 'alarm'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_TYPE_LABELS: Record<MessageType, string> = { notice: '系统通知', security: '安全提醒', alarm: '告警' };

export const MESSAGE_SORT_COLUMNS = ['id', 'createdAt', 'level'] as const;

/**
 * GET /api/pdfznjkpt/mail/pageList: the caller's own messages, newest first. `keyword` is found
 * in the title or the content.
 */
export const messageQuery = pageQuery.extend({
  type: z.enum(MESSAGE_TYPES).optional(),
  confirmed: z.enum(['true', 'false']).optional(),
  read: z.enum(['true', 'false']).optional(),
  keyword: z.string().trim().max(64).optional(),
});

/** GET /api/pdfznjkpt/mail/confirm?id=&note=: a message is confirmed once, with a note. */
export const confirmQuery = z.object({
  id: id('消息'),
  note: text('确认说明', { max: 255 }),
});

/** POST /api/system/notice/add: an administrator's notice to chosen users or every enabled user in reach. */
export const noticeAddBody = z.object({
  title: text('标题', { max: 100 }),
  content: text('内容', { max: 2000 }),
  level: int('级别', { min: 1, max: 4 }).default(4),
  /** Empty: everyone. */
  userIds: z.array(id('接收人')).default([]),
});

/** What POST /api/system/notice/add answers. */
export interface NoticeResult {
  id: number;
  recipients: number;
}

export interface MessageRow {
  id: number;
  type: MessageType;
  level: number;
  title: string;
  content: string;
  createdAt: number;
  readAt: number | null;
  confirmedAt: number | null;
  confirmedBy: string | null;
  confirmNote: string | null;
}

/**
 * GET /api/pdfznjkpt/mail/alarmCount: the caller's alarm messages. `byLevel` counts the
 * unconfirmed ones per level, keys "1"–"4" always present.
 */
export interface AlarmCount {
  total: number;
  unconfirmed: number;
  byLevel: Record<string, number>;
}
