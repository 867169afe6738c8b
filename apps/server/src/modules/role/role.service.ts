import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { roleAddBody, roleEditBody, roleStatusBody } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import type { Database } from '../../platform/db/schema';
import type { Principal } from '../../platform/auth/principal';
import { invalidateGrants } from '../../platform/auth/principal';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { audited, rethrowUnique } from '../user/audited';
import { exceedReason, holdingsOf, rolesBeyond } from './access';
import { countExisting, menusByIds, roleById, roleClash } from './role.repo';

type RoleInput = z.infer<typeof roleAddBody>;

const keyExists = (key: string) => `权限字符“${key}”已存在`;
const nameExists = (name: string) => `角色名称“${name}”已存在`;
const unique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * Checks a role's content before it is stored: unique name and key, existing menus and
 * departments, and (for callers other than the administrator) nothing beyond what they hold.
 */
async function checkRole(ctx: AppContext, p: Principal, input: RoleInput, exceptId?: number) {
  const menuIds = unique(input.menuIds);
  const deptIds = input.dataScope === 'custom' ? unique(input.deptIds) : [];
  if (await roleClash(ctx.db, 'role_key', input.roleKey, exceptId)) throw conflict(keyExists(input.roleKey));
  if (await roleClash(ctx.db, 'role_name', input.roleName, exceptId)) throw conflict(nameExists(input.roleName));
  const menus = await menusByIds(ctx.db, menuIds);
  if (menus.length !== menuIds.length) throw badRequest('所选菜单不存在');
  if ((await countExisting(ctx.db, 'sys_dept', deptIds)) !== deptIds.length) throw badRequest('所选部门不存在');
  const reason = exceedReason(await holdingsOf(ctx.db, p), { roleKey: input.roleKey, dataScope: input.dataScope, menus, deptIds });
  if (reason) throw forbidden(reason);
  return { menuIds, deptIds };
}

async function writeLinks(trx: Transaction<Database> | Kysely<Database>, roleId: number, menuIds: number[], deptIds: number[]) {
  await trx.deleteFrom('sys_role_menu').where('role_id', '=', roleId).execute();
  await trx.deleteFrom('sys_role_dept').where('role_id', '=', roleId).execute();
  if (menuIds.length) await trx.insertInto('sys_role_menu').values(menuIds.map((menuId) => ({ role_id: roleId, menu_id: menuId }))).execute();
  if (deptIds.length) await trx.insertInto('sys_role_dept').values(deptIds.map((deptId) => ({ role_id: roleId, dept_id: deptId }))).execute();
}

/** A role the caller may manage: it exists and grants nothing beyond what they hold. */
async function manageableRole(ctx: AppContext, p: Principal, id: number) {
  const role = await roleById(ctx.db, id);
  if (!role) throw notFound('角色');
  const beyond = await rolesBeyond(ctx.db, p, [id]);
  if (beyond.length) throw forbidden(`无权操作权限高于您的角色“${role.role_name}”`);
  return role;
}

export async function addRole(ctx: AppContext, req: FastifyRequest, body: RoleInput): Promise<{ id: number }> {
  const p = req.auth!;
  return audited(ctx.db, req, { category: 'role', action: '新增角色', target: body.roleKey }, async (note) => {
    note.detail = { roleName: body.roleName, dataScope: body.dataScope, menuIds: body.menuIds, deptIds: body.deptIds, enabled: body.enabled };
    const { menuIds, deptIds } = await checkRole(ctx, p, body);
    const t = Date.now();
    const id = await ctx.db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('sys_role')
          .values({
            role_name: body.roleName,
            role_key: body.roleKey,
            order_num: body.orderNum,
            data_scope: body.dataScope,
            enabled: body.enabled ? 1 : 0,
            built_in: 0,
            remark: body.remark,
            created_at: t,
            updated_at: t,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeLinks(trx, row.id, menuIds, deptIds);
        return row.id;
      })
      .catch((err) => rethrowUnique(err, keyExists(body.roleKey)));
    note.detail.id = id;
    return { id };
  });
}

export async function editRole(ctx: AppContext, req: FastifyRequest, body: z.infer<typeof roleEditBody>): Promise<void> {
  const p = req.auth!;
  await audited(ctx.db, req, { category: 'role', action: '修改角色', target: `#${body.id}` }, async (note) => {
    note.detail = { roleName: body.roleName, roleKey: body.roleKey, dataScope: body.dataScope, menuIds: body.menuIds, deptIds: body.deptIds, enabled: body.enabled };
    const role = await manageableRole(ctx, p, body.id);
    note.target = role.role_key;
    if (role.built_in) {
      if (body.roleKey !== role.role_key) throw badRequest('内置角色的权限字符不能修改');
      if (!body.enabled) throw badRequest('内置角色不能停用');
    }
    const { menuIds, deptIds } = await checkRole(ctx, p, body, role.id);
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('sys_role')
          .set({
            role_name: body.roleName,
            role_key: body.roleKey,
            order_num: body.orderNum,
            data_scope: body.dataScope,
            enabled: body.enabled ? 1 : 0,
            remark: body.remark,
            updated_at: Date.now(),
          })
          .where('id', '=', role.id)
          .execute();
        await writeLinks(trx, role.id, menuIds, deptIds);
      })
      .catch((err) => rethrowUnique(err, keyExists(body.roleKey)));
    // Everyone holding the role gets the new permissions and data scope on their next call.
    invalidateGrants();
  });
}

export async function changeRoleStatus(ctx: AppContext, req: FastifyRequest, body: z.infer<typeof roleStatusBody>): Promise<void> {
  const p = req.auth!;
  await audited(ctx.db, req, { category: 'role', action: body.enabled ? '启用角色' : '停用角色', target: `#${body.id}` }, async (note) => {
    const role = await manageableRole(ctx, p, body.id);
    note.target = role.role_key;
    if (role.built_in && !body.enabled) throw badRequest('内置角色不能停用');
    await ctx.db.updateTable('sys_role').set({ enabled: body.enabled ? 1 : 0, updated_at: Date.now() }).where('id', '=', role.id).execute();
    invalidateGrants();
  });
}

/** Removes all the given roles or none; built-in roles and roles still held by users stay. */
export async function removeRoles(ctx: AppContext, req: FastifyRequest, ids: number[]): Promise<void> {
  const p = req.auth!;
  const list = unique(ids);
  await audited(ctx.db, req, { category: 'role', action: '删除角色', target: list.map((i) => `#${i}`).join(',') }, async (note) => {
    const roles = [];
    for (const id of list) roles.push(await manageableRole(ctx, p, id));
    note.target = roles.map((r) => r.role_key).join(',');
    for (const r of roles) if (r.built_in) throw badRequest(`内置角色“${r.role_name}”不能删除`);
    const held = await ctx.db
      .selectFrom('sys_user_role')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('role_id', 'in', list)
      .groupBy('role_id')
      .execute();
    if (held.length) {
      const r = roles.find((x) => x.id === held[0].role_id)!;
      throw conflict(`角色“${r.role_name}”已分配给${Number(held[0].n)}个用户，请先取消分配再删除`);
    }
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_role_menu').where('role_id', 'in', list).execute();
      await trx.deleteFrom('sys_role_dept').where('role_id', 'in', list).execute();
      await trx.deleteFrom('sys_role').where('id', 'in', list).execute();
    });
    invalidateGrants();
  });
}
