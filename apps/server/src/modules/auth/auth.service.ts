import type { FastifyRequest } from 'fastify';
import type { LoginBody, LoginResult, UserInfo } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest } from '../../platform/errors';
import { burnVerify, verifyPassword } from '../../platform/auth/passwords';
import { createSession } from '../../platform/auth/sessions';
import { loadGrants, type Principal } from '../../platform/auth/principal';
import { writeAudit } from '../../platform/audit';
import { clearFailures, lockMinutesLeft, recordFailure } from './lockout';
import { modulesOf } from './modules';
import { notifyAdministrators } from '../message/message.service';

/** One answer for a wrong name and a wrong password, so neither can be probed. */
const WRONG_CREDENTIALS = '用户名或密码错误';

const locked = (minutes: number) => new AppError(423, `账号已被锁定，请${minutes}分钟后再试`);

/** Password sign-in with lockout (default: 5 failures in 10 minutes lock 10 minutes). */
export async function loginWithPassword(ctx: AppContext, req: FastifyRequest, body: LoginBody): Promise<LoginResult> {
  const { db, config } = ctx;
  const userName = body.username;
  const left = await lockMinutesLeft(db, userName);
  if (left) {
    await writeAudit(db, req, { category: 'auth', action: '登录', target: userName, userName, ok: false, detail: '账号锁定中' });
    throw locked(left);
  }
  const user = await db.selectFrom('sys_user').selectAll().where('user_name', '=', userName).executeTakeFirst();
  const valid = user ? await verifyPassword(user.password_hash, body.password) : await burnVerify(body.password, config.passwordHash);
  if (!user || !valid) {
    const nowLocked = await recordFailure(db, config.lockout, userName, req.ip);
    await writeAudit(db, req, { category: 'auth', action: '登录', target: userName, userName, ok: false, detail: WRONG_CREDENTIALS });
    if (nowLocked) {
      await writeAudit(db, req, { category: 'auth', action: '账号锁定', target: userName, userName, ok: false, detail: `连续${config.lockout.maxFailures}次登录失败` });
      if (user) await notifyAdministrators(ctx, { type: 'security', level: 2, title: '账号已锁定', content: `账号 ${userName} 因连续登录失败被锁定${config.lockout.lockMinutes}分钟（来源 ${req.ip}）。` });
      throw locked(config.lockout.lockMinutes);
    }
    throw badRequest(WRONG_CREDENTIALS);
  }
  if (!user.enabled) {
    await writeAudit(db, req, { category: 'auth', action: '登录', target: userName, userId: user.id, userName, ok: false, detail: '账号已停用' });
    throw new AppError(403, '账号已停用，请联系管理员', 4031);
  }
  await clearFailures(db, userName);
  return startSession(ctx, req, user.id, '密码登录');
}

/** Opens a session for a verified user and returns what the console stores (spec §4 Login). */
export async function startSession(ctx: AppContext, req: FastifyRequest, userId: number, how: string): Promise<LoginResult> {
  const { db, config } = ctx;
  const grants = await loadGrants(db, userId);
  if (!grants) throw new AppError(403, '账号已停用，请联系管理员', 4031);
  const user = await db.selectFrom('sys_user').select(['user_name', 'logo', 'landing_path']).where('id', '=', userId).executeTakeFirstOrThrow();
  const modules = await modulesOf(db, grants);
  const token = await createSession(db, config.session, userId, {
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    // No module until the user chooses one: a null module shows every granted menu, so menus of
    // modules added later are not hidden from a session that never had a choice to make.
    module: null,
  });
  await db.updateTable('sys_user').set({ last_login_at: Date.now(), last_login_ip: req.ip }).where('id', '=', userId).execute();
  await writeAudit(db, req, { category: 'auth', action: '登录', target: user.user_name, userId, userName: user.user_name, detail: how });
  return {
    token,
    logo: user.logo,
    component: modules.length > 1 ? '/selectMoudle' : (user.landing_path ?? '/home/index'),
    roles: grants.roles,
    userName: user.user_name,
  };
}

export async function userInfo(ctx: AppContext, p: Principal): Promise<UserInfo> {
  const u = await ctx.db
    .selectFrom('sys_user as u')
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .select(['u.id', 'u.user_name', 'u.nick_name', 'u.avatar', 'u.remark', 'u.logo', 'u.min_logo', 'u.phone', 'u.email', 'd.id as dept_id', 'd.dept_name'])
    .where('u.id', '=', p.userId)
    .executeTakeFirstOrThrow();
  return {
    user: {
      id: u.id,
      userName: u.user_name,
      nickName: u.nick_name,
      avatar: u.avatar,
      remark: u.remark,
      logo: u.logo,
      minLogo: u.min_logo,
      phone: u.phone,
      email: u.email,
      dept: u.dept_id ? { id: u.dept_id, name: u.dept_name ?? '' } : null,
      module: p.module,
    },
    perms: [...p.perms].sort(),
    roles: p.roles,
  };
}
