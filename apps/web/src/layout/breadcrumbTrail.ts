import type { IndexedRoute } from '@/router/buildRoutes';
import { findRoute } from '@/router/findRoute';
import { DASHBOARD_PATH, HOME_PATH } from '@/router/constantRoutes';

export interface Crumb {
  title: string;
  /** Where a click goes; undefined for the last crumb and for routes marked noRedirect. */
  to?: string;
}

export const HOME_CRUMB_TITLE = '首页';

const isDashboard = (r: IndexedRoute | undefined) =>
  !!r && (r.fullPath === DASHBOARD_PATH || r.fullPath === HOME_PATH || r.route.name === 'Dashboard' || r.route.name === 'Index');

/**
 * The breadcrumb of a path (spec §2): the matched route's ancestors that have a title and are
 * not marked breadcrumb:false, preceded by 首页 → /dashboard unless the first of them is the
 * dashboard. A layout wrapper titled like its only page shows once.
 */
export function breadcrumbTrail(index: IndexedRoute[], pathname: string): Crumb[] {
  const match = findRoute(index, pathname);
  if (!match) return [];
  const matched = match.trail
    .map((route) => index.find((r) => r.route === route))
    .filter((r): r is IndexedRoute => !!r && !!r.route.meta?.title && r.route.meta.breadcrumb !== false)
    .filter((r, i, all) => i === 0 || all[i - 1].route.meta!.title !== r.route.meta!.title);
  if (!matched.length) return [];
  const crumbs: Crumb[] = matched.map((r, i) => {
    const last = i === matched.length - 1;
    const noRedirect = r.route.redirect === 'noRedirect';
    return { title: r.route.meta!.title!, to: last || noRedirect ? undefined : (r.route.redirect ?? r.fullPath) };
  });
  if (!isDashboard(matched[0])) crumbs.unshift({ title: HOME_CRUMB_TITLE, to: DASHBOARD_PATH });
  return crumbs;
}
