import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, PERMS, roleAddBody, roleEditBody, roleQuery, roleRemoveQuery, roleStatusBody, type RoleOption, type SkipRole } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { offsetOf, ok, page } from '../../platform/http';
import { notFound } from '../../platform/errors';
import { listRoles, roleRowById } from './role.repo';
import { addRole, changeRoleStatus, editRole, removeRoles } from './role.service';
import { rolesBeyond } from './access';

/** Role management (system:role:*) and the role lists the user form needs. */
export async function roleRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = ctx;
  const tags = ['角色管理'];
  const base = '/api/system/role';
  const P = PERMS.role;

  app.get(`${base}/pageList`, { schema: { tags, querystring: roleQuery }, config: { perm: P.list } }, async (req) => {
    const q = req.query;
    const { rows, total } = await listRoles(db, dialect, q, { offset: offsetOf(q.pageNum, q.pageSize), limit: q.pageSize });
    return ok(page(rows, total, q.pageNum, q.pageSize));
  });

  app.get(`${base}/getById/:id`, { schema: { tags, params: idParam }, config: { perm: [P.query, P.list, P.edit] } }, async (req) => {
    const row = await roleRowById(db, req.params.id);
    if (!row) throw notFound('角色');
    return ok(row);
  });

  app.post(`${base}/add`, { schema: { tags, body: roleAddBody }, config: { perm: P.add } }, async (req) => ok(await addRole(ctx, req, req.body)));
  app.post(`${base}/edit`, { schema: { tags, body: roleEditBody }, config: { perm: P.edit } }, async (req) => {
    await editRole(ctx, req, req.body);
    return ok(null);
  });
  app.get(`${base}/remove`, { schema: { tags, querystring: roleRemoveQuery }, config: { perm: P.remove } }, async (req) => {
    await removeRoles(ctx, req, req.query.ids);
    return ok(null);
  });
  app.post(`${base}/changeStatus`, { schema: { tags, body: roleStatusBody }, config: { perm: P.edit } }, async (req) => {
    await changeRoleStatus(ctx, req, req.body);
    return ok(null);
  });

  app.get(`${base}/options`, { schema: { tags }, config: { perm: [PERMS.user.list, P.list] } }, async () => {
    const rows = await db.selectFrom('sys_role').select(['id', 'role_name', 'role_key']).where('enabled', '=', 1).orderBy('order_num').orderBy('id').execute();
    const options: RoleOption[] = rows.map((r) => ({ id: r.id, roleName: r.role_name, roleKey: r.role_key }));
    return ok(options);
  });

  // Roles the caller may not grant (spec §6): the console disables them in the user form.
  app.get(`${base}/selectSkipRole`, { schema: { tags }, config: { signedIn: true } }, async (req) => {
    const skip: SkipRole[] = (await rolesBeyond(db, req.auth!)).map(({ id, roleName, roleKey }) => ({ id, roleName, roleKey }));
    return ok(skip);
  });
}
