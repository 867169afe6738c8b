import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { deptAddBody, deptEditBody, DeptTreeNode, DeptTreeSelectNode, DeptUserTreeNode } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import type { Principal } from '../../platform/auth/principal';
import { invalidateGrants } from '../../platform/auth/principal';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { audited } from '../user/audited';
import { scopedUsers } from '../user/user.repo';
import { deptInScope, reachableOf } from './scope';
import { buildTree, deptById, descendantsOf, scopedDepts, siblingNamed, toDeptRow, type DeptFilter, type StoredDept } from './dept.repo';

type DeptInput = z.infer<typeof deptAddBody>;

const nameExists = (name: string) => `部门名称“${name}”已存在`;

/** A department the caller reaches; anything else answers 404 without telling why. */
export async function reachDept(ctx: AppContext, p: Principal, id: number, what = '部门'): Promise<StoredDept> {
  const dept = await deptById(ctx.db, id);
  if (!dept || !deptInScope(p, dept.id)) throw notFound(what);
  return dept;
}

/**
 * The parent a department may be placed under: a reachable department, or the top level for
 * callers who reach every department. Returns the ancestors path children of it carry.
 */
async function placeUnder(ctx: AppContext, p: Principal, parentId: number): Promise<{ parent: StoredDept | null; ancestors: string }> {
  if (parentId === 0) {
    if (!reachableOf(p).all) throw forbidden('只能在您有权管理的部门下设置部门');
    return { parent: null, ancestors: '0' };
  }
  const parent = await reachDept(ctx, p, parentId, '上级部门');
  return { parent, ancestors: `${parent.ancestors},${parent.id}` };
}

export async function deptTree(ctx: AppContext, p: Principal, f: DeptFilter): Promise<DeptTreeNode[]> {
  const rows = await scopedDepts(ctx.db, ctx.dialect, p, f);
  return buildTree(rows.map((d) => ({ id: d.id, parentId: d.parent_id, node: { ...toDeptRow(d), children: [] as DeptTreeNode[] } })));
}

export async function deptTreeSelect(ctx: AppContext, p: Principal): Promise<DeptTreeSelectNode[]> {
  const rows = await scopedDepts(ctx.db, ctx.dialect, p);
  // A caller limited to their own record still finds it under its department.
  if (p.deptId !== null && !rows.some((d) => d.id === p.deptId)) {
    const own = await deptById(ctx.db, p.deptId);
    if (own) rows.push(own);
  }
  return buildTree(rows.map((d) => ({ id: d.id, parentId: d.parent_id, node: { id: d.id, label: d.dept_name, disabled: !d.enabled } as DeptTreeSelectNode })));
}

/** Departments with their enabled users as leaves, both limited to the caller's data scope. */
export async function deptUserTree(ctx: AppContext, p: Principal): Promise<DeptUserTreeNode[]> {
  const depts = await scopedDepts(ctx.db, ctx.dialect, p);
  const users = await (await scopedUsers(ctx.db, ctx.dialect, p, { enabled: true }))
    .select(['u.id', 'u.user_name', 'u.nick_name', 'u.dept_id'])
    .orderBy('u.id')
    .execute();
  // A caller limited to their own record still sees it under its department.
  const known = new Set(depts.map((d) => d.id));
  for (const u of users) {
    if (u.dept_id !== null && !known.has(u.dept_id)) {
      const own = await deptById(ctx.db, u.dept_id);
      if (own) {
        depts.push(own);
        known.add(own.id);
      }
    }
  }
  const nodes = new Map<number, DeptUserTreeNode>();
  const roots = buildTree(
    depts.map((d) => {
      const node: DeptUserTreeNode = { id: `dept-${d.id}`, label: d.dept_name, type: 'dept', entityId: d.id, children: [] };
      nodes.set(d.id, node);
      return { id: d.id, parentId: d.parent_id, node };
    }),
  );
  for (const u of users) {
    const leaf: DeptUserTreeNode = { id: `user-${u.id}`, label: u.nick_name || u.user_name, type: 'user', entityId: u.id };
    const home = u.dept_id === null ? undefined : nodes.get(u.dept_id);
    if (home) home.children!.push(leaf);
    else roots.push(leaf);
  }
  return roots;
}

export async function addDept(ctx: AppContext, req: FastifyRequest, body: DeptInput): Promise<{ id: number }> {
  const p = req.auth!;
  return audited(ctx.db, req, { category: 'dept', action: '新增部门', target: body.deptName }, async (note) => {
    note.detail = { ...body };
    const { parent, ancestors } = await placeUnder(ctx, p, body.parentId);
    if (parent && !parent.enabled) throw badRequest('上级部门已停用，不能新增下级部门');
    if (await siblingNamed(ctx.db, body.parentId, body.deptName)) throw conflict(nameExists(body.deptName));
    const t = Date.now();
    const row = await ctx.db
      .insertInto('sys_dept')
      .values({
        parent_id: body.parentId,
        ancestors,
        dept_name: body.deptName,
        order_num: body.orderNum,
        leader: body.leader,
        phone: body.phone,
        email: body.email,
        enabled: body.enabled ? 1 : 0,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    note.detail.id = row.id;
    // "本部门及以下" scopes now include the new department.
    invalidateGrants();
    return { id: row.id };
  });
}

export async function editDept(ctx: AppContext, req: FastifyRequest, body: z.infer<typeof deptEditBody>): Promise<void> {
  const p = req.auth!;
  await audited(ctx.db, req, { category: 'dept', action: '修改部门', target: `#${body.id}` }, async (note) => {
    note.detail = { ...body };
    const dept = await reachDept(ctx, p, body.id);
    note.target = dept.dept_name;
    if (body.parentId === dept.id) throw badRequest('上级部门不能是部门自己');
    const moving = body.parentId !== dept.parent_id;
    let ancestors = dept.ancestors;
    let parent: StoredDept | null = null;
    if (moving) {
      ({ parent, ancestors } = await placeUnder(ctx, p, body.parentId));
      if (parent && parent.ancestors.split(',').includes(String(dept.id))) throw badRequest('不能把部门移动到它自己的下级部门下');
    } else if (dept.parent_id !== 0) {
      parent = (await deptById(ctx.db, dept.parent_id)) ?? null;
    }
    const below = await descendantsOf(ctx.db, dept);
    if (body.enabled && parent && !parent.enabled) throw badRequest('上级部门已停用，请先启用上级部门');
    if (!body.enabled && below.some((d) => d.enabled)) throw badRequest('该部门还有未停用的下级部门，不能停用');
    if (await siblingNamed(ctx.db, body.parentId, body.deptName, dept.id)) throw conflict(nameExists(body.deptName));

    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('sys_dept')
        .set({
          parent_id: body.parentId,
          ancestors,
          dept_name: body.deptName,
          order_num: body.orderNum,
          leader: body.leader,
          phone: body.phone,
          email: body.email,
          enabled: body.enabled ? 1 : 0,
          updated_at: Date.now(),
        })
        .where('id', '=', dept.id)
        .execute();
      if (moving) {
        // Rewrite the path of the whole subtree: "<old>,<id>,…" becomes "<new>,<id>,…".
        const oldPrefix = `${dept.ancestors},${dept.id}`;
        const newPrefix = `${ancestors},${dept.id}`;
        for (const d of below) {
          await trx.updateTable('sys_dept').set({ ancestors: newPrefix + d.ancestors.slice(oldPrefix.length) }).where('id', '=', d.id).execute();
        }
      }
    });
    if (moving) note.detail.movedSubtree = below.length;
    invalidateGrants();
  });
}

export async function removeDept(ctx: AppContext, req: FastifyRequest, id: number): Promise<void> {
  const p = req.auth!;
  await audited(ctx.db, req, { category: 'dept', action: '删除部门', target: `#${id}` }, async (note) => {
    const dept = await reachDept(ctx, p, id);
    note.target = dept.dept_name;
    const child = await ctx.db.selectFrom('sys_dept').select('id').where('parent_id', '=', dept.id).limit(1).executeTakeFirst();
    if (child) throw conflict(`部门“${dept.dept_name}”下还有下级部门，不能删除`);
    const user = await ctx.db.selectFrom('sys_user').select('id').where('dept_id', '=', dept.id).limit(1).executeTakeFirst();
    if (user) throw conflict(`部门“${dept.dept_name}”下还有用户，不能删除`);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sys_role_dept').where('dept_id', '=', dept.id).execute();
      await trx.deleteFrom('sys_dept').where('id', '=', dept.id).execute();
    });
    invalidateGrants();
  });
}
