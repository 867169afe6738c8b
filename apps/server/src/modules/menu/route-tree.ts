import type { Kysely } from 'kysely';
import type { RouteMenu } from '@pdz/contracts';
import type { Database } from '../../platform/db/schema';
import type { Principal } from '../../platform/auth/principal';
import { bool } from '../../platform/http';

/** The columns of an enabled directory (M) or page (C) the route builder reads. */
export interface RouteSource {
  id: number;
  parent_id: number;
  menu_name: string;
  menu_type: string;
  path: string | null;
  component: string | null;
  icon: string | null;
  hidden: number;
  affix: number;
  keep_alive: number;
  is_frame: number;
  menu_scope: string;
}

interface Node extends RouteSource {
  children: Node[];
}

export const LAYOUT = 'Layout';
export const PARENT_VIEW = 'ParentView';

/**
 * The sidebar and dynamic routes of one user (spec §2): enabled pages the user was granted
 * (`granted` null = all, the administrator), limited to the chosen module (`module` null = all;
 * scope "all" always passes), plus every directory above them. A page under a disabled or missing
 * directory is left out, and so is a directory with nothing visible below it.
 */
export function buildRouteMenus(rows: RouteSource[], granted: Set<number> | null, module: string | null): RouteMenu[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<number>();
  for (const page of rows) {
    if (page.menu_type !== 'C') continue;
    if (granted && !granted.has(page.id)) continue;
    if (module && page.menu_scope !== 'all' && page.menu_scope !== module) continue;
    const chain = [page.id];
    let parentId = page.parent_id;
    let attached = true;
    while (parentId) {
      const parent = byId.get(parentId);
      if (!parent || parent.menu_type !== 'M' || chain.includes(parentId)) {
        attached = false;
        break;
      }
      chain.push(parentId);
      parentId = parent.parent_id;
    }
    if (attached) for (const id of chain) keep.add(id);
  }

  const nodes = new Map<number, Node>();
  for (const r of rows) if (keep.has(r.id)) nodes.set(r.id, { ...r, children: [] });
  const top: Node[] = [];
  // rows arrive in display order, so children lists are ordered too.
  for (const r of rows) {
    const n = nodes.get(r.id);
    if (!n) continue;
    if (r.parent_id === 0) top.push(n);
    else nodes.get(r.parent_id)?.children.push(n);
  }
  return top.map((n) => toRoute(n, '', 0));
}

const isLink = (n: RouteSource) => bool(n.is_frame) && !!n.path && /^https?:\/\//i.test(n.path);
const trimSlashes = (p: string) => p.trim().replace(/^\/+|\/+$/g, '');

/** "home/index" + 12 → "HomeIndex12": readable and unique (ids are). */
export function routeName(path: string | null, id: number): string {
  const words = (path ?? '').split(/[^A-Za-z0-9]+/).filter(Boolean);
  const base = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('') || 'Menu';
  return `${/^[A-Za-z]/.test(base) ? base : `M${base}`}${id}`;
}

function joinFull(parent: string, child: string) {
  return ('/' + [parent, child].map(trimSlashes).filter(Boolean).join('/')).replace(/\/+/g, '/');
}

function meta(n: RouteSource): RouteMenu['meta'] {
  return {
    title: n.menu_name,
    icon: n.icon,
    affix: bool(n.affix),
    noCache: !bool(n.keep_alive),
    scope: n.menu_scope,
    ...(isLink(n) ? { link: n.path! } : {}),
  };
}

/** Full path of the first visible page below a directory, for its redirect. */
function firstPage(n: Node, full: string): string | undefined {
  for (const c of n.children) {
    if (bool(c.hidden) || isLink(c)) continue;
    const path = joinFull(full, c.path ?? '');
    if (c.menu_type === 'C') return path;
    const deeper = firstPage(c, path);
    if (deeper) return deeper;
  }
  return undefined;
}

function toRoute(n: Node, parentFull: string, depth: number): RouteMenu {
  const name = routeName(n.path, n.id);
  const hidden = bool(n.hidden);
  if (isLink(n)) return { name, path: n.path!.trim(), hidden, meta: meta(n) };
  const relative = trimSlashes(n.path ?? '');
  if (n.menu_type === 'M') {
    const path = depth === 0 ? `/${relative}` : relative;
    const full = joinFull(parentFull, relative);
    return {
      name,
      path,
      component: depth === 0 ? LAYOUT : PARENT_VIEW,
      redirect: firstPage(n, full),
      hidden,
      alwaysShow: n.children.length > 0,
      meta: meta(n),
      children: n.children.map((c) => toRoute(c, full, depth + 1)),
    };
  }
  const pageRoute: RouteMenu = { name, path: relative, component: n.component?.trim() || undefined, hidden, meta: meta(n) };
  if (depth > 0) return pageRoute;
  // A top-level page still needs the main layout around it.
  return { name: `${name}Layout`, path: '/', component: LAYOUT, hidden, meta: { title: n.menu_name, icon: n.icon, scope: n.menu_scope }, children: [pageRoute] };
}

/** Loads the menus and grants of one principal and builds their routes. */
export async function routeMenusFor(db: Kysely<Database>, p: Pick<Principal, 'isSuper' | 'roleIds' | 'module'>): Promise<RouteMenu[]> {
  const rows = await db
    .selectFrom('sys_menu')
    .select(['id', 'parent_id', 'menu_name', 'menu_type', 'path', 'component', 'icon', 'hidden', 'affix', 'keep_alive', 'is_frame', 'menu_scope'])
    .where('enabled', '=', 1)
    .where('menu_type', 'in', ['M', 'C'])
    .orderBy('parent_id')
    .orderBy('order_num')
    .orderBy('id')
    .execute();
  let granted: Set<number> | null = null;
  if (!p.isSuper) {
    const links = p.roleIds.length ? await db.selectFrom('sys_role_menu').select('menu_id').where('role_id', 'in', p.roleIds).execute() : [];
    granted = new Set(links.map((l) => l.menu_id));
  }
  return buildRouteMenus(rows, granted, p.module);
}
