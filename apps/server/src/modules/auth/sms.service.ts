import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { SmsPurpose } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest, tooMany } from '../../platform/errors';
import { hashToken, newSmsCode, newToken } from '../../platform/auth/tokens';
import { writeAudit } from '../../platform/audit';

const MAX_ATTEMPTS = 5;
const TICKET_TTL_MS = 10 * 60_000;
const PURPOSE_TEXT: Record<SmsPurpose, string> = { login: '登录', resetPwd: '重置密码', bindPhone: '绑定手机' };

const codeHash = (phone: string, purpose: string, code: string) => hashToken(`${phone}:${purpose}:${code}`);

/** Start of today in the configured zone (daily limits reset at local midnight). */
function startOfLocalDay(zoneOffsetMinutes: number, t = Date.now()): number {
  const shift = zoneOffsetMinutes * 60_000;
  return Math.floor((t + shift) / 86_400_000) * 86_400_000 - shift;
}

/**
 * Issues a 6-digit code bound to phone and purpose, valid for the configured time (5 min).
 * The answer is the same whether or not the phone belongs to an account; only a bound phone
 * receives a message.
 */
export async function sendCode(ctx: AppContext, req: FastifyRequest, phone: string, purpose: SmsPurpose): Promise<{ resendAfter: number }> {
  const { db, config } = ctx;
  const t = Date.now();
  const last = await db
    .selectFrom('sys_sms_code')
    .select('created_at')
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const wait = last ? Math.ceil((last.created_at + config.sms.resendSeconds * 1000 - t) / 1000) : 0;
  if (wait > 0) throw tooMany(`验证码发送过于频繁，请${wait}秒后再试`);
  const dayStart = startOfLocalDay(config.zoneOffsetMinutes, t);
  const count = async (column: 'phone' | 'ip', value: string) =>
    Number(
      (
        await db
          .selectFrom('sys_sms_code')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column, '=', value)
          .where('created_at', '>=', dayStart)
          .executeTakeFirstOrThrow()
      ).n,
    );
  if ((await count('phone', phone)) >= config.sms.perPhonePerDay) throw tooMany('该手机号今日获取验证码次数已达上限');
  if ((await count('ip', req.ip)) >= config.sms.perIpPerDay) throw tooMany('今日获取验证码次数已达上限');

  const code = newSmsCode();
  await db
    .insertInto('sys_sms_code')
    .values({ phone, purpose, code_hash: codeHash(phone, purpose, code), created_at: t, expires_at: t + config.sms.codeTtlSeconds * 1000, used_at: null, attempts: 0, ip: req.ip, ticket_hash: null })
    .execute();
  const owner = await db.selectFrom('sys_user').select('id').where('phone', '=', phone).where('enabled', '=', 1).executeTakeFirst();
  if (owner || purpose === 'bindPhone') {
    const minutes = Math.round(config.sms.codeTtlSeconds / 60);
    await ctx.sms.send({ phone, purpose, ip: req.ip, content: `【配电站智能监控系统】您的${PURPOSE_TEXT[purpose]}验证码为${code}，${minutes}分钟内有效。如非本人操作，请忽略本短信。` });
  }
  await writeAudit(db, req, { category: 'sms', action: '发送验证码', target: maskPhone(phone), detail: { purpose, delivered: !!owner } });
  return { resendAfter: config.sms.resendSeconds };
}

/** Checks and spends a code: single use, at most 5 tries, expired codes refused. */
export async function consumeCode(ctx: AppContext, phone: string, purpose: SmsPurpose, code: string): Promise<number> {
  const { db } = ctx;
  const row = await db
    .selectFrom('sys_sms_code')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.expires_at <= Date.now() || row.attempts >= MAX_ATTEMPTS) throw badRequest('验证码已失效，请重新获取');
  const matches = crypto.timingSafeEqual(Buffer.from(row.code_hash), Buffer.from(codeHash(phone, purpose, code)));
  if (!matches) {
    await db.updateTable('sys_sms_code').set({ attempts: row.attempts + 1 }).where('id', '=', row.id).execute();
    throw badRequest('验证码错误');
  }
  const spent = await db.updateTable('sys_sms_code').set({ used_at: Date.now() }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw badRequest('验证码已失效，请重新获取');
  return row.id;
}

/** validPhoneCode: spends the code and hands back a one-time ticket for the password reset. */
export async function issueResetTicket(ctx: AppContext, phone: string, code: string): Promise<string> {
  const codeId = await consumeCode(ctx, phone, 'resetPwd', code);
  const ticket = newToken();
  await ctx.db.updateTable('sys_sms_code').set({ ticket_hash: hashToken(ticket) }).where('id', '=', codeId).execute();
  return ticket;
}

/** Spends a reset ticket; returns nothing if it is unknown, used or older than 10 minutes. */
export async function spendResetTicket(ctx: AppContext, phone: string, ticket: string): Promise<void> {
  const { db } = ctx;
  const row = await db
    .selectFrom('sys_sms_code')
    .select(['id', 'used_at'])
    .where('phone', '=', phone)
    .where('purpose', '=', 'resetPwd')
    .where('ticket_hash', '=', hashToken(ticket))
    .executeTakeFirst();
  if (!row || !row.used_at || row.used_at + TICKET_TTL_MS < Date.now()) throw badRequest('验证已过期，请重新获取验证码');
  const spent = await db.updateTable('sys_sms_code').set({ ticket_hash: null }).where('id', '=', row.id).where('ticket_hash', '=', hashToken(ticket)).executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new AppError(400, '验证已过期，请重新获取验证码');
}

export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
