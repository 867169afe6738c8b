import type { IndexedRoute } from '@/router/buildRoutes';
import { isExternal } from '@/router/buildRoutes';
import { findRoute } from '@/router/findRoute';
import type { TagView } from '@/stores/tagsView';

/** Spec §9 tag scroll padding. */
export const TAG_SCROLL_PADDING = 4;

/** Tabs pinned by meta.affix (e.g. 首页), in route order; parameterised paths cannot be pinned. */
export function affixViews(index: IndexedRoute[]): TagView[] {
  return index
    .filter((r) => r.route.meta?.affix && r.route.meta.title && !isExternal(r.fullPath) && !/[:*]/.test(r.fullPath))
    .map((r) => ({ path: r.fullPath, fullPath: r.fullPath, name: r.route.name ?? r.fullPath, title: r.route.meta!.title!, affix: true, noCache: r.route.meta?.noCache }))
    .filter((v, i, all) => all.findIndex((o) => o.path === v.path) === i);
}

/** The tab of a location, or undefined for untitled helpers such as /redirect/… */
export function viewOf(index: IndexedRoute[], pathname: string, search = ''): TagView | undefined {
  if (pathname.startsWith('/redirect')) return undefined;
  const match = findRoute(index, pathname);
  const meta = match?.route.meta;
  if (!match || !meta?.title) return undefined;
  return { path: pathname, fullPath: pathname + search, name: match.route.name ?? pathname, title: meta.title, affix: meta.affix, noCache: meta.noCache };
}

/**
 * Where to go after the active tab was closed (spec: the last visited tab; with none left, the
 * dashboard is re-rendered if it was the one closed, otherwise home).
 */
export function lastViewTarget(remaining: TagView[], closed: TagView): { to: string; replace?: boolean } {
  const latest = remaining[remaining.length - 1];
  if (latest) return { to: latest.fullPath };
  if (closed.name === 'Dashboard') return { to: '/redirect' + closed.fullPath, replace: true };
  return { to: '/' };
}

export interface ScrollGeometry {
  containerWidth: number;
  scrollLeft: number;
  scrollWidth: number;
  /** offsetLeft and offsetWidth of each tag, in order. */
  tags: { left: number; width: number }[];
  active: number;
}

/**
 * The scroll position that shows the active tag with its neighbours' edges in view (padding
 * 4 px): first tag → start, last → end, otherwise the least movement that reveals both.
 */
export function scrollToTag(g: ScrollGeometry, padding = TAG_SCROLL_PADDING): number {
  const { tags, active, containerWidth, scrollLeft, scrollWidth } = g;
  if (active < 0 || !tags.length) return scrollLeft;
  if (active === 0) return 0;
  if (active === tags.length - 1) return Math.max(0, scrollWidth - containerWidth);
  const prev = tags[active - 1];
  const next = tags[active + 1];
  const afterNext = next.left + next.width + padding;
  const beforePrev = prev.left - padding;
  if (afterNext > scrollLeft + containerWidth) return afterNext - containerWidth;
  if (beforePrev < scrollLeft) return beforePrev;
  return scrollLeft;
}
