import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, idParam, lazyMenuQuery, menuAddBody, menuChildQuery, menuEditBody, menuPageQuery, superiorBody } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http';
import { writeAudit } from '../../platform/audit';
import { invalidateGrants } from '../../platform/auth/principal';
import { addMenu, descendantIds, editMenu, lazyChildren, menuTree, pageMenus, removeMenu, superiors } from './menu.service';
import { routeMenusFor } from './route-tree';

/** Menu management and the signed-in user's routes (spec §7 "Menus"). */
export async function menuRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['菜单'];
  const list = { perm: PERMS.menu.list };
  // The role editor ticks menus too, so role managers may read the tree.
  const treeReaders = { perm: [PERMS.menu.list, PERMS.role.list] };

  app.get('/api/system/menu/lazy', { schema: { tags, querystring: lazyMenuQuery }, config: list }, async (req) =>
    ok(await lazyChildren(db, req.query.pid, req.query.menuScope || undefined)),
  );

  app.get('/api/system/menu/pageList', { schema: { tags, querystring: menuPageQuery }, config: list }, async (req) => ok(await pageMenus(ctx, req.query)));

  app.post('/api/system/menu/superior', { schema: { tags, body: superiorBody }, config: treeReaders }, async (req) => ok(await superiors(db, req.body.ids)));

  app.get('/api/menus/child', { schema: { tags, querystring: menuChildQuery }, config: treeReaders }, async (req) => ok(await descendantIds(db, req.query.id)));

  app.get('/api/system/menu/tree', { schema: { tags }, config: treeReaders }, async () => ok(await menuTree(db)));

  app.get('/api/system/menu/selectMenusByUser', { schema: { tags }, config: { signedIn: true } }, async (req) => ok(await routeMenusFor(db, req.auth!)));

  app.post('/api/system/menu/add', { schema: { tags, body: menuAddBody }, config: { perm: PERMS.menu.add } }, async (req) => {
    const id = await addMenu(db, req.body);
    invalidateGrants();
    await writeAudit(db, req, { category: 'menu', action: '新增菜单', target: `${req.body.menuName}(${id})`, detail: req.body });
    return ok({ id });
  });

  app.post('/api/system/menu/edit', { schema: { tags, body: menuEditBody }, config: { perm: PERMS.menu.edit } }, async (req) => {
    const { id, ...input } = req.body;
    const before = await editMenu(db, id, input);
    invalidateGrants();
    await writeAudit(db, req, { category: 'menu', action: '修改菜单', target: `${input.menuName}(${id})`, detail: { before: before.menu_name, after: input } });
    return ok(null);
  });

  app.get('/api/system/menu/remove/:id', { schema: { tags, params: idParam }, config: { perm: PERMS.menu.remove } }, async (req) => {
    const menu = await removeMenu(db, req.params.id);
    invalidateGrants();
    await writeAudit(db, req, { category: 'menu', action: '删除菜单', target: `${menu.menu_name}(${menu.id})` });
    return ok(null);
  });
}
