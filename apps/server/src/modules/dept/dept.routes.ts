import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deptAddBody, deptEditBody, deptQuery, deptRemoveQuery, idParam, PERMS } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http';
import { toDeptRow } from './dept.repo';
import { addDept, deptTree, deptTreeSelect, deptUserTree, editDept, reachDept, removeDept } from './dept.service';

/** Department management (system:dept:*) and department pickers, limited to the caller's data scope. */
export async function deptRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['部门管理'];
  const base = '/api/system/dept';
  const P = PERMS.dept;

  app.get(`${base}/list`, { schema: { tags, querystring: deptQuery }, config: { perm: P.list } }, async (req) => ok(await deptTree(ctx, req.auth!, req.query)));

  app.get(`${base}/getById/:id`, { schema: { tags, params: idParam }, config: { perm: [P.query, P.list, P.edit] } }, async (req) =>
    ok(toDeptRow(await reachDept(ctx, req.auth!, req.params.id))),
  );

  app.post(`${base}/add`, { schema: { tags, body: deptAddBody }, config: { perm: P.add } }, async (req) => ok(await addDept(ctx, req, req.body)));
  app.post(`${base}/edit`, { schema: { tags, body: deptEditBody }, config: { perm: P.edit } }, async (req) => {
    await editDept(ctx, req, req.body);
    return ok(null);
  });
  app.get(`${base}/remove`, { schema: { tags, querystring: deptRemoveQuery }, config: { perm: P.remove } }, async (req) => {
    await removeDept(ctx, req, req.query.id);
    return ok(null);
  });

  // Pickers: the user form (department), the role form (custom data scope) and the department form.
  app.get(`${base}/treeSelect`, { schema: { tags }, config: { perm: [P.list, PERMS.user.list, PERMS.role.list] } }, async (req) =>
    ok(await deptTreeSelect(ctx, req.auth!)),
  );

  app.get(`${base}/initDeptUserTreeData`, { schema: { tags }, config: { perm: [PERMS.user.list, P.list] } }, async (req) => ok(await deptUserTree(ctx, req.auth!)));
}
