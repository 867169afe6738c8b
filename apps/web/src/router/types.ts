import type { ComponentType } from 'react';

/** Spec §2 Route meta. */
export interface RouteMeta {
  title?: string;
  icon?: string | null;
  affix?: boolean;
  activeMenu?: string;
  /** false hides the route from the breadcrumb. */
  breadcrumb?: boolean;
  noCache?: boolean;
  link?: string;
}

/**
 * A route as the sidebar, tags and breadcrumb see it. Children paths are relative to their
 * parent (as in the server's menus) unless they start with "/".
 */
export interface AppRoute {
  path: string;
  name?: string;
  /** 'Layout', 'ParentView', or a page key from the registry (e.g. "system/users"). */
  component?: string;
  /** For fixed routes: the page to render directly. */
  page?: () => Promise<{ default: ComponentType }>;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta?: RouteMeta;
  children?: AppRoute[];
}

export const LAYOUT = 'Layout';
export const PARENT_VIEW = 'ParentView';
