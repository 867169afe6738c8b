import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SUPER_ROLE_KEY, type userAddBody, type userEditBody, type userResetPwdBody, type userStatusBody } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import type { Principal } from '../../platform/auth/principal';
import { invalidateGrants } from '../../platform/auth/principal';
import { endUserSessions } from '../../platform/auth/sessions';
import { hashPassword } from '../../platform/auth/passwords';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { deptInScope, userInScope } from '../dept/scope';
import { rolesBeyond } from '../role/access';
import { audited, nameFew, rethrowUnique } from './audited';
import { phoneTaken, roleIdsOf, userCore, userNameTaken } from './user.repo';

type AddInput = z.infer<typeof userAddBody>;
type EditInput = z.infer<typeof userEditBody>;

const NOT_REACHABLE = '用户';
const userExists = (name: string) => `用户名“${name}”已存在`;
const phoneExists = (phone: string) => `手机号码“${phone}”已存在`;

/** A user the caller reaches by data scope; anything else answers 404 without telling why. */
export async function reachUser(ctx: AppContext, p: Principal, id: number) {
  const user = await userCore(ctx.db, id);
  if (!user || !userInScope(p, user)) throw notFound(NOT_REACHABLE);
  return user;
}

/**
 * Only the administrator manages the built-in administrator and users holding roles the caller
 * could not grant: otherwise resetting such a user's password would take over a stronger account.
 */
async function assertManageable(ctx: AppContext, p: Principal, target: { id: number; built_in: number }) {
  if (p.isSuper) return;
  if (target.built_in) throw forbidden('不能操作内置管理员账号');
  const beyond = await rolesBeyond(ctx.db, p, await roleIdsOf(ctx.db, target.id));
  if (beyond.length) throw forbidden('无权操作权限高于您的用户');
}

/** The department must be one the caller reaches, exist and be enabled. */
async function assertDeptAssignable(ctx: AppContext, p: Principal, deptId: number | null) {
  if (!deptInScope(p, deptId)) throw forbidden('只能将用户分配到您有权管理的部门');
  if (deptId === null) return;
  const dept = await ctx.db.selectFrom('sys_dept').select(['enabled']).where('id', '=', deptId).executeTakeFirst();
  if (!dept) throw badRequest('所选部门不存在');
  if (!dept.enabled) throw badRequest('所选部门已停用');
}

/** Every role must exist; a caller who is not the administrator may only give roles they could grant. */
async function assertRolesGrantable(ctx: AppContext, p: Principal, roleIds: number[]) {
  if (!roleIds.length) return;
  const found = await ctx.db.selectFrom('sys_role').select('id').where('id', 'in', roleIds).execute();
  if (found.length !== roleIds.length) throw badRequest('所选角色不存在');
  const beyond = await rolesBeyond(ctx.db, p, roleIds);
  if (beyond.length) throw forbidden(`无权分配角色“${nameFew(beyond.map((r) => r.roleName))}”：${beyond[0].reason}`);
}

const uniqueIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Ends every session of the user and drops their cached grants (disable, reset, remove, roles). */
async function cutOff(ctx: AppContext, userId: number) {
  await endUserSessions(ctx.db, userId);
  invalidateGrants(userId);
  ctx.bus.emit('session.ended', { userId });
}

export async function addUser(ctx: AppContext, req: FastifyRequest, body: AddInput): Promise<{ id: number }> {
  const p = req.auth!;
  return audited(ctx.db, req, { category: 'user', action: '新增用户', target: body.userName }, async (note) => {
    const roleIds = uniqueIds(body.roleIds);
    note.detail = { deptId: body.deptId, roleIds, enabled: body.enabled };
    await assertDeptAssignable(ctx, p, body.deptId);
    await assertRolesGrantable(ctx, p, roleIds);
    if (await userNameTaken(ctx.db, body.userName)) throw conflict(userExists(body.userName));
    if (body.phone && (await phoneTaken(ctx.db, body.phone))) throw conflict(phoneExists(body.phone));
    const hash = await hashPassword(body.password, ctx.config.passwordHash);
    const t = Date.now();
    const id = await ctx.db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('sys_user')
          .values({
            user_name: body.userName,
            nick_name: body.nickName,
            password_hash: hash,
            dept_id: body.deptId,
            phone: body.phone,
            email: body.email,
            avatar: null,
            remark: body.remark,
            logo: null,
            min_logo: null,
            enabled: body.enabled ? 1 : 0,
            built_in: 0,
            landing_path: null,
            created_at: t,
            updated_at: t,
            last_login_at: null,
            last_login_ip: null,
            created_by: p.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (roleIds.length) await trx.insertInto('sys_user_role').values(roleIds.map((roleId) => ({ user_id: row.id, role_id: roleId }))).execute();
        return row.id;
      })
      .catch((err) => rethrowUnique(err, userExists(body.userName)));
    note.detail.id = id;
    return { id };
  });
}

export async function editUser(ctx: AppContext, req: FastifyRequest, body: EditInput): Promise<void> {
  const p = req.auth!;
  await audited(ctx.db, req, { category: 'user', action: '修改用户', target: `#${body.id}` }, async (note) => {
    const target = await reachUser(ctx, p, body.id);
    note.target = target.user_name;
    const self = target.id === p.userId;
    const oldRoles = await roleIdsOf(ctx.db, target.id);
    const newRoles = body.roleIds === undefined ? oldRoles : uniqueIds(body.roleIds);
    const rolesChanged = !sameIds(oldRoles, newRoles);
    const enabled = body.enabled === undefined ? !!target.enabled : body.enabled;
    const disabling = !!target.enabled && !enabled;
    note.detail = { deptId: body.deptId, roleIds: newRoles, enabled };

    if (self && rolesChanged) throw forbidden('不能修改自己的角色');
    if (self && disabling) throw badRequest('不能停用自己的账号');
    if (!self) await assertManageable(ctx, p, target);
    if (target.built_in) {
      if (disabling) throw badRequest('内置管理员账号不能停用');
      const superRole = await ctx.db.selectFrom('sys_role').select('id').where('role_key', '=', SUPER_ROLE_KEY).executeTakeFirst();
      if (superRole && !newRoles.includes(superRole.id)) throw badRequest('内置管理员账号必须保留超级管理员角色');
    }
    if (body.deptId !== target.dept_id) await assertDeptAssignable(ctx, p, body.deptId);
    const added = newRoles.filter((r) => !oldRoles.includes(r));
    await assertRolesGrantable(ctx, p, added);
    if (body.phone && (await phoneTaken(ctx.db, body.phone, target.id))) throw conflict(phoneExists(body.phone));

    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sys_user')
        .set({
          nick_name: body.nickName,
          dept_id: body.deptId,
          phone: body.phone,
          email: body.email,
          remark: body.remark,
          enabled: enabled ? 1 : 0,
          updated_at: Date.now(),
        })
        .where('id', '=', target.id)
        .execute();
      if (rolesChanged) {
        await trx.deleteFrom('sys_user_role').where('user_id', '=', target.id).execute();
        if (newRoles.length) await trx.insertInto('sys_user_role').values(newRoles.map((roleId) => ({ user_id: target.id, role_id: roleId }))).execute();
      }
    });
    if (rolesChanged || disabling) await cutOff(ctx, target.id);
    else invalidateGrants(target.id); // the department decides the data scope
  });
}

export async function changeUserStatus(ctx: AppContext, req: FastifyRequest, body: z.infer<typeof userStatusBody>): Promise<void> {
  const p = req.auth!;
  const action = body.enabled ? '启用用户' : '停用用户';
  await audited(ctx.db, req, { category: 'user', action, target: `#${body.id}` }, async (note) => {
    const target = await reachUser(ctx, p, body.id);
    note.target = target.user_name;
    if (target.id === p.userId) throw badRequest('不能修改自己的账号状态');
    await assertManageable(ctx, p, target);
    if (target.built_in && !body.enabled) throw badRequest('内置管理员账号不能停用');
    await ctx.db.updateTable('sys_user').set({ enabled: body.enabled ? 1 : 0, updated_at: Date.now() }).where('id', '=', target.id).execute();
    if (!body.enabled) await cutOff(ctx, target.id);
    else invalidateGrants(target.id);
  });
}

export async function resetUserPassword(ctx: AppContext, req: FastifyRequest, body: z.infer<typeof userResetPwdBody>): Promise<void> {
  const p = req.auth!;
  await audited(ctx.db, req, { category: 'user', action: '重置密码', target: `#${body.id}` }, async (note) => {
    const target = await reachUser(ctx, p, body.id);
    note.target = target.user_name;
    // Without the old password a stolen session could take the account over; the profile page asks for it.
    if (target.id === p.userId) throw badRequest('请在个人中心修改自己的密码');
    await assertManageable(ctx, p, target);
    const hash = await hashPassword(body.password, ctx.config.passwordHash);
    await ctx.db.updateTable('sys_user').set({ password_hash: hash, updated_at: Date.now() }).where('id', '=', target.id).execute();
    await cutOff(ctx, target.id);
  });
}

/** Removes all the given users or none: every id is checked before anything is deleted. */
export async function removeUsers(ctx: AppContext, req: FastifyRequest, ids: number[]): Promise<void> {
  const p = req.auth!;
  const unique = uniqueIds(ids);
  await audited(ctx.db, req, { category: 'user', action: '删除用户', target: unique.map((i) => `#${i}`).join(',') }, async (note) => {
    const targets = [];
    for (const id of unique) targets.push(await reachUser(ctx, p, id));
    note.target = targets.map((t) => t.user_name).join(',');
    note.detail = { ids: unique };
    for (const t of targets) {
      if (t.id === p.userId) throw badRequest('不能删除自己');
      await assertManageable(ctx, p, t);
      if (t.built_in) throw badRequest('内置管理员账号不能删除');
    }
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_session').where('user_id', 'in', unique).execute();
      await trx.deleteFrom('sys_user_role').where('user_id', 'in', unique).execute();
      await trx.deleteFrom('sys_message_user').where('user_id', 'in', unique).execute();
      await trx.deleteFrom('sys_user').where('id', 'in', unique).execute();
    });
    for (const id of unique) invalidateGrants(id);
  });
}

/** Phone uniqueness for the profile form (the caller's own record). */
export async function assertPhoneFree(ctx: AppContext, phone: string | null, userId: number) {
  if (phone && (await phoneTaken(ctx.db, phone, userId))) throw conflict(phoneExists(phone));
}
