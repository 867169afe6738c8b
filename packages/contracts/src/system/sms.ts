import { z } from 'zod';
import { pageQuery } from '../envelope';

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
  createdAt: number;
}
