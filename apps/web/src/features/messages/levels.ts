import { MESSAGE_TYPE_LABELS, type MessageRow, type MessageType } from '@pdz/contracts';
import { alarmLevel } from '@/features/alarm/levels';

/** Levels 1–4 (design §6): colour and name of each, as the tags show them. */
export const MESSAGE_LEVELS: Record<number, { label: string; color: string }> = {
  1: { label: '紧急', color: 'red' },
  2: { label: '重要', color: 'orange' },
  3: { label: '一般', color: 'blue' },
  4: { label: '提示', color: 'default' },
};

/**
 * A message's level as its tag shows it. An alarm's message carries the alarm's level: it reads and
 * looks as in 实时告警 (严重 in orange, 一般 in gold, 提示 in blue), so one alarm is not 一般 in gold
 * there and 一般 in blue behind the bell.
 */
export function levelMeta(level: number, type?: string): { label: string; color: string } {
  if (type === 'alarm') {
    const a = alarmLevel(level);
    return { label: a.label, color: a.tag };
  }
  return MESSAGE_LEVELS[level] ?? { label: `${level}级`, color: 'default' };
}

export const typeLabel = (type: string) => MESSAGE_TYPE_LABELS[type as MessageType] ?? type;

export const TYPE_OPTIONS = Object.entries(MESSAGE_TYPE_LABELS).map(([value, label]) => ({ value, label }));

export type MessageState = 'confirmed' | 'read' | 'unread';

export function messageState(m: Pick<MessageRow, 'readAt' | 'confirmedAt'>): MessageState {
  if (m.confirmedAt) return 'confirmed';
  return m.readAt ? 'read' : 'unread';
}

export const STATE_TAGS: Record<MessageState, { label: string; color: string }> = {
  confirmed: { label: '已确认', color: 'success' },
  read: { label: '已读未确认', color: 'warning' },
  unread: { label: '未读', color: 'processing' },
};
