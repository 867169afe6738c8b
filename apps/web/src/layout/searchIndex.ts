import type { IFuseOptions } from 'fuse.js';
import type { AppRoute } from '@/router/types';
import { isExternal } from '@/router/buildRoutes';
import { resolvePath } from './menuItems';

/** One searchable page: its full path and its title with the titles of its parents. */
export interface SearchEntry {
  path: string;
  /** e.g. "系统管理 > 用户管理" */
  title: string;
}

/** Spec §2/§9: threshold 0.4, title weight 0.7, path weight 0.3, minimum match length 1. */
export const FUSE_OPTIONS: IFuseOptions<SearchEntry> = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

export const TITLE_SEPARATOR = ' > ';

/**
 * The permitted, visible pages with their titles. Hidden routes (and everything below them) are
 * left out, and so are directories: only something that opens a page is worth jumping to.
 */
export function buildSearchPool(routes: AppRoute[], basePath = '/', parentTitles: string[] = []): SearchEntry[] {
  const out: SearchEntry[] = [];
  for (const r of routes) {
    if (r.hidden) continue;
    const path = r.meta?.link && isExternal(r.meta.link) ? r.meta.link : resolvePath(basePath, r.path);
    const title = r.meta?.title;
    // A layout wrapper titled like its only page would read "告警 > 告警": say it once.
    const titles = title && parentTitles[parentTitles.length - 1] !== title ? [...parentTitles, title] : parentTitles;
    const children = (r.children ?? []).filter((c) => !c.hidden);
    if (children.length && !isExternal(path)) out.push(...buildSearchPool(children, path, titles));
    else if (title && r.redirect !== 'noRedirect') out.push({ path, title: titles.join(TITLE_SEPARATOR) });
  }
  // One entry per path (a page reachable twice, e.g. also as a top-level shortcut, shows once).
  return out.filter((e, i) => out.findIndex((o) => o.path === e.path) === i);
}
