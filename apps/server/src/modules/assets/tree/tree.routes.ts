import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, assetChildrenQuery, assetDwidQuery, assetMoveBody, assetSearchQuery, assetTreeQuery } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { ok } from '../../../platform/http';
import { assetAudited, scopeOf } from './site-access';
import { childrenOf, fullTree, pathTo } from './tree.service';
import { searchTree } from './tree.search';
import { moveNode } from './tree.move';

/** The asset tree (spec §7 "Assets"): lookups under /api/assetMaintenance, moves under /api/assetManage. */
export async function treeRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['资产树'];
  const base = '/api/assetMaintenance';
  const list = { perm: PERMS.assetTree.list };

  app.get(`${base}/initData`, { schema: { tags }, config: list }, async (req) => ok(await childrenOf(db, await scopeOf(db, req), undefined, {})));
  app.get(`${base}/initDataAll`, { schema: { tags, querystring: assetTreeQuery }, config: list }, async (req) => ok(await fullTree(db, await scopeOf(db, req), req.query)));
  app.get(`${base}/initDataAllByParentNode`, { schema: { tags, querystring: assetChildrenQuery }, config: list }, async (req) =>
    ok(await childrenOf(db, await scopeOf(db, req), req.query.id, { equipmentTypes: req.query.equipmentTypes, cabinetTypes: req.query.cabinetTypes })),
  );
  app.get(`${base}/initDataAllByDwid`, { schema: { tags, querystring: assetDwidQuery }, config: list }, async (req) => ok(await pathTo(db, await scopeOf(db, req), req.query.dwid)));
  app.get(`${base}/search`, { schema: { tags, querystring: assetSearchQuery }, config: list }, async (req) => ok(await searchTree(db, ctx.dialect, await scopeOf(db, req), req.query)));

  app.post('/api/assetManage/move', { schema: { tags, body: assetMoveBody }, config: { perm: PERMS.assetTree.move } }, async (req) => {
    const { dwid, targetDwid } = req.body;
    const result = await assetAudited(db, req, '移动资产', dwid, async (note) => {
      note.detail = { dwid, targetDwid };
      const r = await moveNode(db, await scopeOf(db, req), dwid, targetDwid);
      note.target = `${r.name}（${dwid}）`;
      note.detail = { dwid, from: r.from, to: targetDwid, moved: r.moved };
      return { dwid: r.dwid, targetDwid: r.targetDwid, moved: r.moved };
    });
    return ok(result);
  });
}
