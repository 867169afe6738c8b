import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, capacitorAddBody, capacitorEditBody, capacitorQuery, capacitorRemoveQuery, idParam } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { auditAsset, scopeOf } from '../equipment/access';
import { addCapacitor, editCapacitor, getCapacitor, pageCapacitors, removeCapacitor } from './capacitor.service';

/** Capacitor banks (spec §7 "Capacitor", under /api/pdfznjkpt/tfcapacitor). */
export async function capacitorRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['电容器'];
  const base = '/api/pdfznjkpt/tfcapacitor';
  const P = PERMS.capacitor;

  app.get(`${base}/getById/:id`, { schema: { tags, params: idParam }, config: { perm: [P.list, P.query] } }, async (req) =>
    ok(await getCapacitor(db, await scopeOf(db, req), req.params.id)),
  );
  app.get(`${base}/list`, { schema: { tags, querystring: capacitorQuery }, config: { perm: P.list } }, async (req) => ok(await pageCapacitors(ctx, await scopeOf(db, req), req.query)));

  app.post(`${base}/add`, { schema: { tags, body: capacitorAddBody }, config: { perm: P.add } }, async (req) => {
    const id = await addCapacitor(db, await scopeOf(db, req), req.body);
    await auditAsset(db, req, '新增电容器', req.body.code, req.body);
    return ok({ id });
  });

  app.post(`${base}/edit`, { schema: { tags, body: capacitorEditBody }, config: { perm: P.edit } }, async (req) => {
    const before = await editCapacitor(db, await scopeOf(db, req), req.body);
    await auditAsset(db, req, '修改电容器', req.body.code, { before, after: req.body });
    return ok(null);
  });

  app.get(`${base}/remove`, { schema: { tags, querystring: capacitorRemoveQuery }, config: { perm: P.remove } }, async (req) => {
    const before = await removeCapacitor(db, await scopeOf(db, req), req.query.id);
    await auditAsset(db, req, '删除电容器', before.code, before);
    return ok(null);
  });
}
