import { isExternal, joinPath } from '@/router/buildRoutes';
import type { AppRoute } from '@/router/types';

/** One sidebar entry, independent of antd so the rules can be tested. */
export interface MenuNode {
  /** Full path (or the URL of an external link): also the antd menu key. */
  key: string;
  title: string;
  icon?: string | null;
  external: boolean;
  children?: MenuNode[];
}

/** A child path against its parent's full path; external links stay as they are. */
export function resolvePath(basePath: string, routePath: string): string {
  if (isExternal(routePath)) return routePath;
  if (isExternal(basePath)) return basePath;
  if (!routePath) return normalise(basePath || '/');
  return normalise(joinPath(basePath || '/', routePath));
}

function normalise(p: string): string {
  const s = ('/' + p).replace(/\/+/g, '/');
  return s.length > 1 ? s.replace(/\/$/, '') : s;
}

const visibleChildren = (r: AppRoute) => (r.children ?? []).filter((c) => !c.hidden);

/** The link of a route: an external `meta.link` wins over the path. */
const linkOf = (r: AppRoute, base: string) => (r.meta?.link && isExternal(r.meta.link) ? r.meta.link : resolvePath(base, r.path));

/**
 * Server routes → sidebar entries (spec §2 Layout/Sidebar):
 * - hidden routes are skipped;
 * - a parent with exactly one visible child (or none) shows that child in its place, unless it is
 *   marked alwaysShow or the child has visible children of its own;
 * - external http(s) links are kept as links (the sidebar opens them in a new tab).
 */
export function buildMenuTree(routes: AppRoute[], basePath = ''): MenuNode[] {
  return dedupe(buildLevel(routes, basePath), new Set());
}

function buildLevel(routes: AppRoute[], basePath: string): MenuNode[] {
  const out: MenuNode[] = [];
  for (const r of routes) {
    if (!r.hidden) out.push(...toNodes(r, basePath));
  }
  return out;
}

/**
 * One entry per page: a page that is both a fixed route and a server menu (首页) shows once,
 * where it first appears. Submenus left empty by this disappear.
 */
function dedupe(nodes: MenuNode[], seen: Set<string>): MenuNode[] {
  const out: MenuNode[] = [];
  for (const n of nodes) {
    if (seen.has(n.key)) continue;
    seen.add(n.key);
    if (!n.children) {
      out.push(n);
      continue;
    }
    const children = dedupe(n.children, seen);
    if (children.length) out.push({ ...n, children });
  }
  return out;
}

function toNodes(r: AppRoute, basePath: string): MenuNode[] {
  const node = toNode(r, basePath);
  if (node !== 'lift') return node ? [node] : [];
  // A title-less wrapper with several children has nothing to label a submenu with: its
  // children join the level above rather than disappear.
  return buildLevel(visibleChildren(r), resolvePath(basePath, r.path));
}

function toNode(r: AppRoute, basePath: string): MenuNode | 'lift' | undefined {
  const full = resolvePath(basePath, r.path);
  const shown = visibleChildren(r);
  const hasChildren = !!r.children?.length;
  if (!r.alwaysShow && hasChildren && shown.length <= 1) {
    const only = shown[0];
    if (!only) return leaf(r, basePath, r.meta?.title);
    if (!visibleChildren(only).length) {
      // The child stands in for its parent: its title and icon, falling back to the parent's.
      return leaf(only, full, only.meta?.title ?? r.meta?.title, only.meta?.icon ?? r.meta?.icon);
    }
  }
  if (!shown.length) return leaf(r, basePath, r.meta?.title);
  if (!r.meta?.title) return 'lift';
  return { key: full, title: r.meta.title, icon: r.meta.icon, external: false, children: buildLevel(shown, full) };
}

function leaf(r: AppRoute, base: string, title: string | undefined, icon = r.meta?.icon): MenuNode | undefined {
  if (!title) return undefined;
  const key = linkOf(r, base);
  return { key, title, icon, external: isExternal(key) };
}

/** Keys from the top down to the entry with `key` (its submenus to open), or [] if absent. */
export function ancestorKeys(nodes: MenuNode[], key: string, trail: string[] = []): string[] | undefined {
  for (const n of nodes) {
    if (n.key === key) return trail;
    if (n.children) {
      const found = ancestorKeys(n.children, key, [...trail, n.key]);
      if (found) return found;
    }
  }
  return trail.length ? undefined : [];
}

/** Every page key in the tree (leaves only), for finding the active entry. */
export function leafKeys(nodes: MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.children ? leafKeys(n.children) : n.external ? [] : [n.key]));
}

/**
 * The entry to highlight: meta.activeMenu when set, the path when it is a menu entry, otherwise
 * the deepest entry the path lies under (a detail page below a list keeps the list highlighted).
 */
export function activeMenuKey(nodes: MenuNode[], pathname: string, activeMenu?: string): string | undefined {
  const target = activeMenu || pathname;
  const keys = leafKeys(nodes);
  if (keys.includes(target)) return target;
  return keys.filter((k) => k !== '/' && target.startsWith(k + '/')).sort((a, b) => b.length - a.length)[0];
}

/**
 * Accordion behaviour (settings.uniqueOpened): opening a submenu closes the others except its own
 * ancestors.
 */
export function nextOpenKeys(nodes: MenuNode[], previous: string[], next: string[], unique: boolean): string[] {
  if (!unique) return next;
  const opened = next.find((k) => !previous.includes(k));
  if (!opened) return next;
  return [...(ancestorKeys(nodes, opened) ?? []), opened];
}
