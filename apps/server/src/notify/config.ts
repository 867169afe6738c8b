import type { Kysely } from 'kysely';
import { EMAIL_PATTERN, type NotifyConfig, type NotifyConfigInput } from '@pdz/contracts';
import type { Database } from '../platform/db/schema';
import { badRequest } from '../platform/errors';

/** What is stored: the public settings plus the two secrets, never answered to a client. */
export interface StoredNotifyConfig {
  email: { enabled: boolean; host: string; port: number; secure: boolean; user: string; password: string; from: string };
  sms: { enabled: boolean };
  webhook: { enabled: boolean; url: string; secret: string };
  minLevel: number;
}

/** One sys_config row holds the whole setting as JSON, so a save is never half applied. */
export const NOTIFY_CONFIG_KEY = 'alarm.notify';

export const DEFAULT_NOTIFY_CONFIG: StoredNotifyConfig = {
  email: { enabled: false, host: '', port: 465, secure: true, user: '', password: '', from: '' },
  sms: { enabled: false },
  webhook: { enabled: false, url: '', secret: '' },
  minLevel: 4,
};

export async function readNotifyConfig(db: Kysely<Database>): Promise<StoredNotifyConfig> {
  const row = await db.selectFrom('sys_config').select('value').where('key', '=', NOTIFY_CONFIG_KEY).executeTakeFirst();
  if (!row) return structuredClone(DEFAULT_NOTIFY_CONFIG);
  const v = JSON.parse(row.value) as Partial<StoredNotifyConfig>;
  const d = DEFAULT_NOTIFY_CONFIG;
  return {
    email: { ...d.email, ...v.email },
    sms: { ...d.sms, ...v.sms },
    webhook: { ...d.webhook, ...v.webhook },
    minLevel: v.minLevel ?? d.minLevel,
  };
}

/** The answer of GET/POST config: secrets only as "is one set". */
export function publicConfig(c: StoredNotifyConfig): NotifyConfig {
  const { password, ...email } = c.email;
  const { secret, ...webhook } = c.webhook;
  return { email: { ...email, passwordSet: !!password }, sms: { ...c.sms }, webhook: { ...webhook, secretSet: !!secret }, minLevel: c.minLevel };
}

/** `"名称" <a@b.cn>` or a bare address: the address part. */
export function addressOf(from: string): string {
  const m = /<([^<>]+)>\s*$/.exec(from);
  return (m ? m[1] : from).trim();
}

export const isHttpUrl = (u: string) => {
  try {
    const p = new URL(u);
    return (p.protocol === 'http:' || p.protocol === 'https:') && !!p.hostname;
  } catch {
    return false;
  }
};

/** Merges the input over the stored setting (empty secrets keep the stored ones) and checks it. */
export function mergeNotifyConfig(stored: StoredNotifyConfig, input: NotifyConfigInput): StoredNotifyConfig {
  const next: StoredNotifyConfig = {
    email: { ...input.email, password: input.email.password ? input.email.password : stored.email.password },
    sms: { enabled: input.sms.enabled },
    webhook: { enabled: input.webhook.enabled, url: input.webhook.url, secret: input.webhook.secret ? input.webhook.secret : stored.webhook.secret },
    minLevel: input.minLevel,
  };
  const e = next.email;
  if (e.enabled && !e.host) throw badRequest('启用邮件通知时必须填写SMTP服务器');
  if (e.enabled && !e.from) throw badRequest('启用邮件通知时必须填写发件人地址');
  if (e.from && !EMAIL_PATTERN.test(addressOf(e.from))) throw badRequest('发件人地址格式不正确');
  const w = next.webhook;
  if (w.enabled && !w.url) throw badRequest('启用Webhook通知时必须填写Webhook地址');
  if (w.url && !isHttpUrl(w.url)) throw badRequest('Webhook地址必须是以http://或https://开头的网址');
  return next;
}

export async function saveNotifyConfig(db: Kysely<Database>, c: StoredNotifyConfig): Promise<void> {
  const row = { key: NOTIFY_CONFIG_KEY, value: JSON.stringify(c), updated_at: Date.now() };
  await db
    .insertInto('sys_config')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, updated_at: row.updated_at }))
    .execute();
}
