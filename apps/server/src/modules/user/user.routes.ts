import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, PERMS, userAddBody, userEditBody, userQuery, userRemoveQuery, userResetPwdBody, userStatusBody } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { offsetOf, ok, page } from '../../platform/http';
import { notFound } from '../../platform/errors';
import { writeAudit } from '../../platform/audit';
import { listUsers, userRowById } from './user.repo';
import { addUser, changeUserStatus, editUser, reachUser, removeUsers, resetUserPassword } from './user.service';
import { EXPORT_MAX_ROWS, exportFileName, sendFile } from '../../platform/xlsx';
import { usersWorkbook } from './user.export';
import { profileRoutes } from './user.profile';

/** User management (system:user:*), always limited to the caller's data scope. */
export async function userRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, dialect } = ctx;
  const tags = ['用户管理'];
  const base = '/api/system/user';
  const P = PERMS.user;

  app.get(`${base}/pageList`, { schema: { tags, querystring: userQuery }, config: { perm: P.list } }, async (req) => {
    const q = req.query;
    const { rows, total } = await listUsers(db, dialect, req.auth!, q, { offset: offsetOf(q.pageNum, q.pageSize), limit: q.pageSize });
    return ok(page(rows, total, q.pageNum, q.pageSize));
  });

  app.get(`${base}/getById/:id`, { schema: { tags, params: idParam }, config: { perm: [P.query, P.list, P.edit] } }, async (req) => {
    await reachUser(ctx, req.auth!, req.params.id);
    const row = await userRowById(db, req.params.id);
    if (!row) throw notFound('用户');
    return ok(row);
  });

  app.post(`${base}/add`, { schema: { tags, body: userAddBody }, config: { perm: P.add } }, async (req) => ok(await addUser(ctx, req, req.body)));
  app.post(`${base}/edit`, { schema: { tags, body: userEditBody }, config: { perm: P.edit } }, async (req) => {
    await editUser(ctx, req, req.body);
    return ok(null);
  });
  app.get(`${base}/remove`, { schema: { tags, querystring: userRemoveQuery }, config: { perm: P.remove } }, async (req) => {
    await removeUsers(ctx, req, req.query.ids);
    return ok(null);
  });
  app.post(`${base}/changeStatus`, { schema: { tags, body: userStatusBody }, config: { perm: P.edit } }, async (req) => {
    await changeUserStatus(ctx, req, req.body);
    return ok(null);
  });
  app.post(`${base}/resetPwd`, { schema: { tags, body: userResetPwdBody }, config: { perm: P.resetPwd } }, async (req) => {
    await resetUserPassword(ctx, req, req.body);
    return ok(null);
  });

  app.get(`${base}/export`, { schema: { tags, querystring: userQuery }, config: { perm: P.export } }, async (req, reply) => {
    const { rows, total } = await listUsers(db, dialect, req.auth!, req.query, { offset: 0, limit: EXPORT_MAX_ROWS });
    const file = await usersWorkbook(rows, ctx.config.zoneOffsetMinutes);
    const name = exportFileName('用户', ctx.config.zoneOffsetMinutes);
    // Personal data leaving the system: recorded like a change.
    await writeAudit(db, req, { category: 'user', action: '导出用户', detail: { rows: rows.length, total, filter: req.query } });
    return sendFile(reply, file, name);
  });

  await profileRoutes(app, ctx);
}
