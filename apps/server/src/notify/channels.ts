import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { SmsProvider } from '../platform/sms';
import type { StoredNotifyConfig } from './config';
import type { DeliveryPayload } from './messages';

/** Bounds of one attempt: a hung server costs at most this, never a stuck worker. */
export const SEND_TIMEOUTS = { smtpConnectMs: 10_000, smtpSocketMs: 20_000, webhookMs: 5_000, smsMs: 15_000 };

export function signature(secret: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('hex');
}

/** Network and SMTP error codes in words an operator can act on; the original text follows. */
const REASONS: Record<string, string> = {
  ECONNREFUSED: '连接被拒绝，请检查地址和端口',
  ENOTFOUND: '无法解析服务器域名',
  EAI_AGAIN: '域名解析暂时失败',
  ETIMEDOUT: '连接超时',
  ECONNRESET: '连接被对方断开',
  EHOSTUNREACH: '无法连接到服务器',
  EAUTH: '登录认证失败，请检查用户名和密码',
  EENVELOPE: '收件人或发件人被服务器拒绝',
  ETLS: 'TLS加密连接失败，请检查SSL/TLS设置与端口是否匹配',
  ESOCKET: '网络连接失败',
};

function reasonOf(err: unknown): string {
  const e = err as { code?: string; message?: string; cause?: { code?: string } };
  const raw = e?.message || String(err);
  const inner = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|EHOSTUNREACH)\b/.exec(raw)?.[1];
  const code = e?.cause?.code ?? inner ?? e?.code;
  const words = code ? REASONS[code] : undefined;
  return words ? `${words}（${raw}）` : raw;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}超时（${ms / 1000}秒）`)), ms);
  });
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

async function sendEmail(c: StoredNotifyConfig['email'], p: Extract<DeliveryPayload, { channel: 'email' }>): Promise<void> {
  if (!c.host || !c.from) throw new Error('未配置SMTP服务器或发件人地址');
  const transport = nodemailer.createTransport({
    host: c.host,
    port: c.port,
    secure: c.secure,
    auth: c.user ? { user: c.user, pass: c.password } : undefined,
    connectionTimeout: SEND_TIMEOUTS.smtpConnectMs,
    greetingTimeout: SEND_TIMEOUTS.smtpConnectMs,
    socketTimeout: SEND_TIMEOUTS.smtpSocketMs,
  });
  try {
    await transport.sendMail({ from: c.from, to: p.to, subject: p.subject, text: p.text });
  } catch (err) {
    throw new Error(`邮件发送失败：${reasonOf(err)}`, { cause: err });
  } finally {
    transport.close();
  }
}

async function sendWebhook(c: StoredNotifyConfig['webhook'], body: string): Promise<void> {
  if (!c.url) throw new Error('未配置Webhook地址');
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'pdz-notify/1' };
  if (c.secret) headers['x-pdz-signature'] = signature(c.secret, body);
  let res: Response;
  try {
    res = await fetch(c.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(SEND_TIMEOUTS.webhookMs), redirect: 'manual' });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError') throw new Error(`Webhook请求超时（${SEND_TIMEOUTS.webhookMs / 1000}秒）`, { cause: err });
    throw new Error(`Webhook请求失败：${reasonOf(e.cause ?? e)}`, { cause: err });
  }
  // The body is not needed; reading it frees the connection.
  await res.arrayBuffer().catch(() => undefined);
  if (res.status < 200 || res.status >= 300) throw new Error(`Webhook返回HTTP ${res.status}`);
}

/**
 * Sends one delivery with the current settings. Throws with a readable reason on failure; site
 * messages are not sent here (the caller stores them).
 */
export async function sendPayload(p: DeliveryPayload, config: StoredNotifyConfig, sms: SmsProvider): Promise<void> {
  switch (p.channel) {
    case 'email':
      return sendEmail(config.email, p);
    case 'sms':
      return withTimeout(sms.send({ phone: p.phone, purpose: 'alarm', content: p.content, ip: null }), SEND_TIMEOUTS.smsMs, '短信发送');
    case 'webhook':
      return sendWebhook(config.webhook, p.body);
    case 'site':
      throw new Error('站内消息不经此通道发送');
  }
}
