import { z } from 'zod';
import { pageQuery } from '../envelope';

export const SMS_SORT_COLUMNS = ['id', 'createdAt'] as const;

/** GET /api/system/sms/pageList: `phone` contains; newest first. */
export const smsOutboxQuery = pageQuery.extend({
  phone: z.string().trim().max(20).optional(),
});

/** A message the SMS provider sent (or, with the default outbox provider, stored). */
export interface SmsOutboxRow {
  id: number;
  phone: string;
  purpose: string;
  content: string;
  provider: string;
  status: 'sent' | 'failed';
  error: string | null;
  /** Address of the request that caused the message. */
  ip: string | null;
  createdAt: number;
}
