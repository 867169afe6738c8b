import { z } from 'zod';
import { text, optionalText, id, int, flag } from '../fields';
import { pageQuery } from '../envelope';

/** M directory, C menu (a page), F button (a permission). */
export const MENU_TYPES = ['M', 'C', 'F'] as const;
export type MenuType = (typeof MENU_TYPES)[number];
export const MENU_TYPE_LABELS: Record<MenuType, string> = { M: '目录', C: '菜单', F: '按钮' };

export const MENU_SCOPES = ['all', 'monitor', 'energy', 'ops', 'system'] as const;
export type MenuScope = (typeof MENU_SCOPES)[number];

export const lazyMenuQuery = z.object({
  pid: z.coerce.number().int().min(0).default(0),
  menuScope: z.string().trim().max(32).optional(),
});

/** One value, or the key repeated (`menuType=M&menuType=C`: spec §7 "serialised without indices"). */
function oneOrMany<T extends z.ZodType>(item: T) {
  return z.preprocess((v) => (v === undefined || v === null || v === '' ? undefined : Array.isArray(v) ? v : [v]), z.array(item).optional());
}

export const MENU_SORT_COLUMNS = ['orderNum', 'id', 'createdAt'] as const;

/** GET /api/system/menu/pageList: `menuName` contains; `menuScope` and `menuType` one or several. */
export const menuPageQuery = pageQuery.extend({
  menuName: z.string().trim().max(64).optional(),
  menuScope: oneOrMany(z.string().trim().max(32)),
  menuType: oneOrMany(z.enum(MENU_TYPES, { error: '菜单类型取值无效' })),
});

/**
 * POST /api/system/menu/superior: `ids` may be one id or a list. Answers the ancestors of those
 * menus (not the menus themselves) as `MenuRow[]`, each once, from the top level down, so a lazy
 * tree can load and expand each level until the menus are visible.
 */
export const superiorBody = z.object({
  ids: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]), z.array(id('菜单'))),
});

/** GET /api/menus/child?id=: ids of every menu below `id` (not `id` itself), for ticking a parent. */
export const menuChildQuery = z.object({ id: id('菜单') });

const menuFields = {
  parentId: z.coerce.number({ error: '上级菜单必须是数字' }).int().min(0).default(0),
  menuName: text('菜单名称', { max: 50 }),
  menuType: z.enum(MENU_TYPES, { error: '菜单类型取值无效' }),
  path: optionalText('路由地址', 200),
  component: optionalText('组件路径', 255),
  perms: optionalText('权限标识', 100),
  icon: optionalText('菜单图标', 100),
  orderNum: int('显示顺序', { min: 0, max: 9999 }).default(0),
  hidden: flag('是否隐藏').default(false),
  affix: flag('是否固定').default(false),
  keepAlive: flag('是否缓存').default(false),
  isFrame: flag('是否外链').default(false),
  menuScope: z.enum(MENU_SCOPES, { error: '所属模块取值无效' }).default('all'),
  enabled: flag('状态').default(true),
};
export const menuAddBody = z.object(menuFields);
export const menuEditBody = z.object({ id: id('菜单'), ...menuFields });

export interface MenuRow {
  id: number;
  parentId: number;
  menuName: string;
  menuType: MenuType;
  path: string | null;
  component: string | null;
  perms: string | null;
  icon: string | null;
  orderNum: number;
  hidden: boolean;
  affix: boolean;
  keepAlive: boolean;
  isFrame: boolean;
  menuScope: MenuScope;
  enabled: boolean;
  hasChildren: boolean;
  createdAt: number;
}

export interface MenuTreeNode extends MenuRow {
  children: MenuTreeNode[];
}

/**
 * A route entry as the console builds routes from (spec §2 "Dynamic routes"), answered by
 * GET /api/system/menu/selectMenusByUser: `component` is `Layout` (top-level directory, or the
 * wrapper around a top-level page, path "/"), `ParentView` (nested directory), a page key such as
 * "system/users", or absent. Entries with `meta.link` are external links (path = the URL): no
 * route, the sidebar opens them in a new tab. Top-level paths start with "/", nested ones are
 * relative to their parent. A directory's `redirect` is the full path of its first visible page.
 */
export interface RouteMenu {
  name: string;
  path: string;
  component?: string;
  redirect?: string;
  hidden: boolean;
  alwaysShow?: boolean;
  meta: {
    title: string;
    icon?: string | null;
    affix?: boolean;
    noCache?: boolean;
    breadcrumb?: boolean;
    activeMenu?: string;
    link?: string;
    scope?: string;
  };
  children?: RouteMenu[];
}
