import type { RouteMenu } from '@pdz/contracts';
import { LAYOUT, PARENT_VIEW, type AppRoute } from './types';

/**
 * Server menus → routes (spec §2 "Dynamic routes"):
 * - component "Layout" gets the main layout, "ParentView" a pass-through container;
 * - an entry without component takes its view from the part of its path after "//";
 * - children of a pass-through parent are flattened by prefixing the parent path.
 */
export function buildRoutes(menus: RouteMenu[]): AppRoute[] {
  return menus.map((m) => toRoute(m));
}

function toRoute(m: RouteMenu): AppRoute {
  const route: AppRoute = {
    path: m.path,
    name: m.name,
    component: m.component ?? viewFromPath(m.path),
    redirect: m.redirect,
    hidden: m.hidden,
    alwaysShow: m.alwaysShow,
    meta: { title: m.meta.title, icon: m.meta.icon, affix: m.meta.affix, noCache: m.meta.noCache, breadcrumb: m.meta.breadcrumb, activeMenu: m.meta.activeMenu, link: m.meta.link },
  };
  if (m.children?.length) {
    const children = m.children.map(toRoute);
    route.children = route.component === LAYOUT ? flattenParentViews(children) : children;
  }
  return route;
}

/** "a//system/users" → "system/users"; undefined when the path holds no view. */
export function viewFromPath(path: string): string | undefined {
  const i = path.indexOf('//');
  return i >= 0 && !/^https?:/.test(path) ? path.slice(i + 2) : undefined;
}

/** Children under ParentView become siblings with the parent path as prefix. */
export function flattenParentViews(routes: AppRoute[], prefix = ''): AppRoute[] {
  const out: AppRoute[] = [];
  for (const r of routes) {
    const path = joinPath(prefix, r.path);
    if (r.component === PARENT_VIEW && r.children?.length) {
      out.push(...flattenParentViews(r.children, path));
    } else {
      out.push({ ...r, path });
    }
  }
  return out;
}

export function joinPath(parent: string, child: string): string {
  if (!parent || child.startsWith('/') || /^https?:/.test(child)) return child;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

export const isExternal = (path: string | undefined) => !!path && /^(https?:|mailto:|tel:)/.test(path);

/** Full path of every route, for meta lookup, search and breadcrumbs. */
export interface IndexedRoute {
  fullPath: string;
  route: AppRoute;
  /** Ancestors from the top, for the breadcrumb. */
  trail: AppRoute[];
}

export function indexRoutes(routes: AppRoute[], parentPath = '', trail: AppRoute[] = []): IndexedRoute[] {
  const out: IndexedRoute[] = [];
  for (const r of routes) {
    const full = isExternal(r.path) ? r.path : normalise(joinPath(parentPath || '/', r.path));
    const here = [...trail, r];
    out.push({ fullPath: full, route: r, trail: here });
    if (r.children) out.push(...indexRoutes(r.children, full, here));
  }
  return out;
}

function normalise(p: string) {
  const s = ('/' + p).replace(/\/+/g, '/');
  return s.length > 1 ? s.replace(/\/$/, '') : s;
}
