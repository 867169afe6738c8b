import crypto from 'node:crypto';
import { SUPER_ROLE_KEY } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { hashPassword } from '../../platform/auth/passwords';
import { writeAudit } from '../../platform/audit';

/**
 * On an empty database, creates the administrator `admin` with ADMIN_PASSWORD or a random
 * password that is returned (and printed once by main.ts). There is no fixed default password.
 */
export async function ensureAdministrator(ctx: AppContext): Promise<string | null> {
  const { db } = ctx;
  const existing = await db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirst();
  if (existing) return null;
  const generated = ctx.config.adminPassword ? null : crypto.randomBytes(12).toString('base64url');
  const password = ctx.config.adminPassword ?? generated!;
  const t = Date.now();
  const role = await db.selectFrom('sys_role').select('id').where('role_key', '=', SUPER_ROLE_KEY).executeTakeFirstOrThrow();
  const dept = await db.selectFrom('sys_dept').select('id').where('parent_id', '=', 0).orderBy('id').executeTakeFirst();
  const hash = await hashPassword(password, ctx.config.passwordHash);
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('sys_user')
      .values({
        user_name: 'admin',
        nick_name: '系统管理员',
        password_hash: hash,
        dept_id: dept?.id ?? null,
        phone: null,
        email: null,
        avatar: null,
        remark: null,
        logo: null,
        min_logo: null,
        enabled: 1,
        built_in: 1,
        landing_path: null,
        created_at: t,
        updated_at: t,
        last_login_at: null,
        last_login_ip: null,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('sys_user_role').values({ user_id: user.id, role_id: role.id }).execute();
  });
  await writeAudit(db, null, { category: 'user', action: '创建管理员', target: 'admin', detail: generated ? '随机密码' : '使用 ADMIN_PASSWORD' });
  return generated;
}
