import crypto from 'node:crypto';
import type { DataScope } from '@pdz/contracts';
import { hashPassword } from '../src/platform/auth/passwords';
import { invalidateGrants } from '../src/platform/auth/principal';
import type { TestApp } from './harness';

export const LIMITED_PASSWORD = 'Limited#2026';

export interface LimitedUser {
  id: number;
  roleId: number;
  userName: string;
  token: string;
}

/**
 * A signed-in user whose one role grants exactly the given menus (rows written straight into the
 * database, so tests do not depend on the role API). `perms` picks every menu carrying one of
 * those permission codes; `menuIds` adds menus by id.
 */
export async function createLimitedUser(
  t: TestApp,
  opts: { perms?: string[]; menuIds?: number[]; deptId?: number | null; dataScope?: DataScope; userName?: string; enabled?: boolean } = {},
): Promise<LimitedUser> {
  const db = t.ctx.db;
  const now = Date.now();
  const suffix = crypto.randomBytes(4).toString('hex');
  const userName = opts.userName ?? `u_${suffix}`;
  const role = await db
    .insertInto('sys_role')
    .values({ role_name: `测试角色${suffix}`, role_key: `r_${suffix}`, order_num: 9, data_scope: opts.dataScope ?? 'all', enabled: 1, built_in: 0, remark: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menuIds = new Set(opts.menuIds ?? []);
  if (opts.perms?.length) {
    const rows = await db.selectFrom('sys_menu').select('id').where('perms', 'in', opts.perms).execute();
    for (const r of rows) menuIds.add(r.id);
  }
  if (menuIds.size) await db.insertInto('sys_role_menu').values([...menuIds].map((menu_id) => ({ role_id: role.id, menu_id }))).execute();
  const root = await db.selectFrom('sys_dept').select('id').where('parent_id', '=', 0).orderBy('id').executeTakeFirstOrThrow();
  const user = await db
    .insertInto('sys_user')
    .values({
      user_name: userName,
      nick_name: userName,
      password_hash: await hashPassword(LIMITED_PASSWORD, t.config.passwordHash),
      dept_id: opts.deptId === undefined ? root.id : opts.deptId,
      phone: null,
      email: null,
      avatar: null,
      remark: null,
      logo: null,
      min_logo: null,
      enabled: opts.enabled === false ? 0 : 1,
      built_in: 0,
      landing_path: null,
      created_at: now,
      updated_at: now,
      last_login_at: null,
      last_login_ip: null,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('sys_user_role').values({ user_id: user.id, role_id: role.id }).execute();
  invalidateGrants();
  const token = opts.enabled === false ? '' : await t.login(userName, LIMITED_PASSWORD);
  return { id: user.id, roleId: role.id, userName, token };
}
