import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { MENU_SORT_COLUMNS, type MenuRow, type MenuScope, type MenuTreeNode, type MenuType, type Page, menuAddBody, menuPageQuery } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import type { Database, MenuTable } from '../../platform/db/schema';
import { contains } from '../../platform/db/filters';
import { sql } from '../../platform/db/index';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { bit, bool, offsetOf, page, sortColumn } from '../../platform/http';

type Db = Kysely<Database>;
type MenuRecord = Selectable<MenuTable>;
export type MenuInput = z.infer<typeof menuAddBody>;

const SORT: Record<(typeof MENU_SORT_COLUMNS)[number], string> = { orderNum: 'm.order_num', id: 'm.id', createdAt: 'm.created_at' };

export function toMenuRow(m: MenuRecord, hasChildren: boolean): MenuRow {
  return {
    id: m.id,
    parentId: m.parent_id,
    menuName: m.menu_name,
    menuType: m.menu_type as MenuType,
    path: m.path,
    component: m.component,
    perms: m.perms,
    icon: m.icon,
    orderNum: m.order_num,
    hidden: bool(m.hidden),
    affix: bool(m.affix),
    keepAlive: bool(m.keep_alive),
    isFrame: bool(m.is_frame),
    menuScope: m.menu_scope as MenuScope,
    enabled: bool(m.enabled),
    hasChildren,
    createdAt: m.created_at,
  };
}

/** Every menu, in display order. The table holds hundreds of rows, so trees are built in memory. */
async function allMenus(db: Db): Promise<MenuRecord[]> {
  return db.selectFrom('sys_menu').selectAll().orderBy('parent_id').orderBy('order_num').orderBy('id').execute();
}

function childrenIndex(rows: MenuRecord[]): Map<number, MenuRecord[]> {
  const byParent = new Map<number, MenuRecord[]>();
  for (const r of rows) {
    const list = byParent.get(r.parent_id) ?? [];
    list.push(r);
    byParent.set(r.parent_id, list);
  }
  return byParent;
}

/** Children of `pid` for the lazily loaded tree; with a scope, only that module's menus. */
export async function lazyChildren(db: Db, pid: number, scope?: string): Promise<MenuRow[]> {
  const rows = await allMenus(db);
  const inScope = (m: MenuRecord) => !scope || m.menu_scope === scope;
  const byParent = childrenIndex(rows.filter(inScope));
  return (byParent.get(pid) ?? []).map((m) => toMenuRow(m, (byParent.get(m.id) ?? []).length > 0));
}

/** Flat, paged list with filters (menu management's search mode). */
export async function pageMenus(ctx: AppContext, q: z.infer<typeof menuPageQuery>): Promise<Page<MenuRow>> {
  let base = ctx.db.selectFrom('sys_menu as m');
  if (q.menuName) base = base.where(contains(ctx.dialect, 'm.menu_name', q.menuName));
  if (q.menuScope?.length) base = base.where('m.menu_scope', 'in', q.menuScope);
  if (q.menuType?.length) base = base.where('m.menu_type', 'in', q.menuType);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const col = sortColumn(q.orderBy, SORT, 'm.order_num');
  const rows = await base
    .selectAll('m')
    .select((eb) => eb.exists(eb.selectFrom('sys_menu as c').select('c.id').whereRef('c.parent_id', '=', 'm.id')).as('has_children'))
    .orderBy(sql.ref(col), q.order ?? 'asc')
    .orderBy('m.id')
    .limit(q.pageSize)
    .offset(offsetOf(q.pageNum, q.pageSize))
    .execute();
  return page(
    rows.map(({ has_children, ...m }) => toMenuRow(m, !!has_children)),
    Number(n),
    q.pageNum,
    q.pageSize,
  );
}

/** Ancestors of the given menus, each once, top level first (see `superiorBody`). */
export async function superiors(db: Db, ids: number[]): Promise<MenuRow[]> {
  const rows = await allMenus(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byParent = childrenIndex(rows);
  const depth = new Map<number, number>();
  for (const id of ids) {
    const chain: number[] = [];
    let parent = byId.get(id)?.parent_id ?? 0;
    while (parent && byId.has(parent) && !chain.includes(parent)) {
      chain.unshift(parent);
      parent = byId.get(parent)!.parent_id;
    }
    chain.forEach((a, i) => depth.set(a, i));
  }
  return [...depth.keys()]
    .map((id) => byId.get(id)!)
    .sort((a, b) => depth.get(a.id)! - depth.get(b.id)! || a.order_num - b.order_num || a.id - b.id)
    .map((m) => toMenuRow(m, (byParent.get(m.id) ?? []).length > 0));
}

/** Ids of every menu below `id`. */
export async function descendantIds(db: Db, id: number): Promise<number[]> {
  const rows = await allMenus(db);
  if (!rows.some((r) => r.id === id)) throw notFound('菜单');
  return collectDescendants(childrenIndex(rows), id);
}

function collectDescendants(byParent: Map<number, MenuRecord[]>, id: number): number[] {
  const out: number[] = [];
  const stack = [id];
  while (stack.length) {
    for (const c of byParent.get(stack.pop()!) ?? []) {
      if (out.includes(c.id)) continue;
      out.push(c.id);
      stack.push(c.id);
    }
  }
  return out;
}

/** The whole tree (role editor, parent picker). */
export async function menuTree(db: Db): Promise<MenuTreeNode[]> {
  const byParent = childrenIndex(await allMenus(db));
  const build = (pid: number, seen: Set<number>): MenuTreeNode[] =>
    (byParent.get(pid) ?? [])
      .filter((m) => !seen.has(m.id))
      .map((m) => {
        const children = build(m.id, new Set(seen).add(m.id));
        return { ...toMenuRow(m, children.length > 0), children };
      });
  return build(0, new Set());
}

export async function getMenu(db: Db, id: number): Promise<MenuRecord> {
  const m = await db.selectFrom('sys_menu').selectAll().where('id', '=', id).executeTakeFirst();
  if (!m) throw notFound('菜单');
  return m;
}

const isHttp = (p: string | null) => !!p && /^https?:\/\//i.test(p);

/**
 * Rules a menu must meet before it is stored: what each type needs, where it may hang, no
 * cycles, unique names and paths among siblings. Throws the first broken rule in Chinese.
 */
async function checkMenu(db: Db, input: MenuInput, selfId: number | null): Promise<void> {
  if (input.menuType !== 'F' && !input.path) throw badRequest('请输入路由地址');
  if (input.isFrame && input.menuType !== 'F' && !isHttp(input.path)) throw badRequest('外链地址必须以 http:// 或 https:// 开头');
  if (input.menuType === 'C' && !input.component && !input.isFrame) throw badRequest('请输入组件路径');
  if (input.menuType === 'F' && !input.perms) throw badRequest('请输入权限标识');
  if (input.perms && !/^[A-Za-z0-9:_*-]+(,[A-Za-z0-9:_*-]+)*$/.test(input.perms)) throw badRequest('权限标识只能包含字母、数字和 : _ * -，多个用逗号分隔');

  if (input.parentId) {
    if (selfId !== null && input.parentId === selfId) throw badRequest('上级菜单不能选择自身');
    const parent = await db.selectFrom('sys_menu').select(['id', 'menu_type']).where('id', '=', input.parentId).executeTakeFirst();
    if (!parent) throw badRequest('上级菜单不存在');
    if (parent.menu_type === 'F') throw badRequest('按钮下不能添加子菜单');
    if (parent.menu_type === 'C' && input.menuType !== 'F') throw badRequest('菜单下只能添加按钮');
  } else if (input.menuType === 'F') {
    throw badRequest('按钮必须属于某个菜单或目录');
  }

  if (selfId !== null) {
    const rows = await allMenus(db);
    const byParent = childrenIndex(rows);
    if (input.parentId && collectDescendants(byParent, selfId).includes(input.parentId)) throw badRequest('上级菜单不能选择自身的下级');
    const children = byParent.get(selfId) ?? [];
    if (input.menuType === 'F' && children.length) throw badRequest('该菜单存在下级，不能改为按钮');
    if (input.menuType === 'C' && children.some((c) => c.menu_type !== 'F')) throw badRequest('该目录下存在菜单或目录，不能改为菜单');
  }

  let siblings = db.selectFrom('sys_menu').select(['id', 'menu_name', 'path', 'menu_type']).where('parent_id', '=', input.parentId);
  if (selfId !== null) siblings = siblings.where('id', '!=', selfId);
  for (const s of await siblings.execute()) {
    if (s.menu_name === input.menuName) throw conflict(`同级下已存在名称为“${input.menuName}”的菜单`);
    if (input.menuType !== 'F' && s.menu_type !== 'F' && input.path && s.path === input.path) throw conflict(`同级下已存在路由地址“${input.path}”`);
  }
}

function columns(input: MenuInput) {
  return {
    parent_id: input.parentId,
    menu_name: input.menuName,
    menu_type: input.menuType,
    // Buttons have no route; pages and directories carry no component they do not use.
    path: input.menuType === 'F' ? null : input.path,
    component: input.menuType === 'C' ? input.component : null,
    perms: input.perms,
    icon: input.icon,
    order_num: input.orderNum,
    hidden: bit(input.hidden),
    affix: bit(input.affix),
    keep_alive: bit(input.keepAlive),
    is_frame: bit(input.isFrame && input.menuType !== 'F'),
    menu_scope: input.menuScope,
    enabled: bit(input.enabled),
  };
}

export async function addMenu(db: Db, input: MenuInput): Promise<number> {
  await checkMenu(db, input, null);
  const t = Date.now();
  const row = await db
    .insertInto('sys_menu')
    .values({ ...columns(input), created_at: t, updated_at: t })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function editMenu(db: Db, id: number, input: MenuInput): Promise<MenuRecord> {
  const before = await getMenu(db, id);
  await checkMenu(db, input, id);
  await db
    .updateTable('sys_menu')
    .set({ ...columns(input), updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
  return before;
}

/** Removes a menu without children, and its role grants, in one transaction. */
export async function removeMenu(db: Db, id: number): Promise<MenuRecord> {
  const menu = await getMenu(db, id);
  const child = await db.selectFrom('sys_menu').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst();
  if (child) throw badRequest('存在子菜单，不允许删除');
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sys_role_menu').where('menu_id', '=', id).execute();
    await trx.deleteFrom('sys_menu').where('id', '=', id).execute();
  });
  return menu;
}
