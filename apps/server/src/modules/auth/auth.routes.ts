import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginBody,
  loginByPhoneBody,
  resetPwdQuery,
  selectModuleBody,
  sendSmsQuery,
  validPhoneCodeQuery,
  type ServerAddr,
} from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http';
import { badRequest } from '../../platform/errors';
import { endSession, endUserSessions, setSessionModule } from '../../platform/auth/sessions';
import { hashPassword } from '../../platform/auth/passwords';
import { invalidateGrants } from '../../platform/auth/principal';
import { writeAudit } from '../../platform/audit';
import { loginWithPassword, startSession, userInfo } from './auth.service';
import { consumeCode, issueResetTicket, maskPhone, sendCode, spendResetTicket } from './sms.service';
import { modulesOf } from './modules';

/** Sign-in, sign-out, phone codes, password reset, user info, modules (spec §7 "Auth and user"). */
export async function authRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = ctx;
  const loginLimit = { rateLimit: { max: config.rateLimit.loginPerMinute, timeWindow: '1 minute' } };
  const smsLimit = { rateLimit: { max: config.rateLimit.smsPerMinute, timeWindow: '1 minute' } };
  const tags = ['认证'];

  app.post('/admin/login', { schema: { tags, body: loginBody }, config: { public: true, ...loginLimit } }, async (req) =>
    ok(await loginWithPassword(ctx, req, req.body)),
  );

  // Public: the console signs out even when its session has already ended (spec §4 Logout).
  app.get('/admin/logout', { schema: { tags }, config: { public: true } }, async (req) => {
    if (req.auth) {
      await endSession(db, req.auth.tokenHash);
      ctx.bus.emit('session.ended', { userId: req.auth.userId });
      await writeAudit(db, req, { category: 'auth', action: '退出登录', target: req.auth.userName });
    }
    return ok(null);
  });

  app.get('/api/system/user/selectUserInfo', { schema: { tags }, config: { signedIn: true } }, async (req) => ok(await userInfo(ctx, req.auth!)));

  const send = (purpose?: 'login') => async (req: { query: z.infer<typeof sendSmsQuery> } & Parameters<typeof sendCode>[1]) =>
    ok(await sendCode(ctx, req, req.query.phone, purpose ?? req.query.purpose));
  app.get('/ignore/sms/sendSms', { schema: { tags, querystring: sendSmsQuery }, config: { public: true, ...smsLimit } }, send());
  // The phone-code sign-in tab's "获取验证码": always a sign-in code.
  app.get('/ignore/sms/getPhoneCode', { schema: { tags, querystring: sendSmsQuery }, config: { public: true, ...smsLimit } }, send('login'));

  app.get('/ignore/sms/validPhoneCode', { schema: { tags, querystring: validPhoneCodeQuery }, config: { public: true, ...loginLimit } }, async (req) => {
    const ticket = await issueResetTicket(ctx, req.query.phone, req.query.code);
    return ok({ ticket });
  });

  const resetPwd = async (req: Parameters<typeof writeAudit>[1] & object, input: z.infer<typeof resetPwdQuery>) => {
    const users = await db.selectFrom('sys_user').select(['id', 'user_name']).where('phone', '=', input.phone).where('enabled', '=', 1).execute();
    if (users.length !== 1) throw badRequest(users.length ? '该手机号绑定了多个账号，请联系管理员重置密码' : '验证已过期，请重新获取验证码');
    await spendResetTicket(ctx, input.phone, input.ticket);
    const hash = await hashPassword(input.password, config.passwordHash);
    await db.updateTable('sys_user').set({ password_hash: hash, updated_at: Date.now() }).where('id', '=', users[0].id).execute();
    await endUserSessions(db, users[0].id);
    ctx.bus.emit('session.ended', { userId: users[0].id });
    invalidateGrants(users[0].id);
    await writeAudit(db, req, { category: 'auth', action: '找回密码', target: users[0].user_name, userId: users[0].id, userName: users[0].user_name, detail: maskPhone(input.phone) });
    return ok(null);
  };
  app.get('/ignore/admin/resetPwd', { schema: { tags, querystring: resetPwdQuery }, config: { public: true, ...loginLimit } }, (req) => resetPwd(req, req.query));
  app.post('/ignore/admin/resetPwd', { schema: { tags, body: resetPwdQuery }, config: { public: true, ...loginLimit } }, (req) => resetPwd(req, req.body));

  app.post('/ignore/admin/loginByPhone', { schema: { tags, body: loginByPhoneBody }, config: { public: true, ...loginLimit } }, async (req) => {
    const users = await db.selectFrom('sys_user').select(['id', 'enabled']).where('phone', '=', req.body.phone).execute();
    if (users.length > 1) throw badRequest('该手机号绑定了多个账号，请使用账号密码登录');
    await consumeCode(ctx, req.body.phone, 'login', req.body.code);
    if (!users.length || !users[0].enabled) throw badRequest('该手机号未绑定可用账号');
    return ok(await startSession(ctx, req, users[0].id, '手机验证码登录'));
  });

  app.get('/api/getServerAddr', { schema: { tags }, config: { signedIn: true } }, async () => {
    const addr: ServerAddr = {
      socketUrl: '/ws',
      uploadUrl: '/api/common/upload',
      avatarUrl: '/api/system/user/profile/avatar',
      logoUrl: '/api/system/user/profile/logo',
      fileDownloadUrl: '/common/fileDownload',
      resourceUrl: '/common/download/resource',
      swaggerUrl: '/swagger-ui',
    };
    return ok(addr);
  });

  app.get('/api/system/user/modules', { schema: { tags }, config: { signedIn: true } }, async (req) => ok(await modulesOf(db, req.auth!)));

  app.post('/api/system/user/selectModule', { schema: { tags, body: selectModuleBody }, config: { signedIn: true } }, async (req) => {
    const modules = await modulesOf(db, req.auth!);
    const chosen = modules.find((m) => m.key === req.body.module);
    if (!chosen) throw badRequest('无权进入该模块');
    await setSessionModule(db, req.auth!.tokenHash, chosen.key);
    return ok(chosen);
  });
}
