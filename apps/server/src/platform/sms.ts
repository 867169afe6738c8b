import type { Kysely } from 'kysely';
import type { Database } from './db/schema';

export interface SmsMessage {
  phone: string;
  purpose: string;
  content: string;
  ip: string | null;
}

/** Sends a text message. A site with an SMS contract plugs its gateway in here. */
export interface SmsProvider {
  readonly name: string;
  send(msg: SmsMessage): Promise<void>;
}

/**
 * Default provider: keeps every message in an outbox table that administrators read in the
 * console (系统管理 → 短信记录), so a site without an SMS contract still works.
 */
export class OutboxSmsProvider implements SmsProvider {
  readonly name = 'outbox';
  constructor(private readonly db: Kysely<Database>) {}
  async send(msg: SmsMessage): Promise<void> {
    await this.db
      .insertInto('sys_sms_outbox')
      .values({ ...msg, provider: this.name, status: 'sent', error: null, created_at: Date.now() })
      .execute();
  }
}
