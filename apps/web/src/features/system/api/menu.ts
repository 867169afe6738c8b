import { useQuery } from '@tanstack/react-query';
import type { MenuRow, MenuTreeNode, MenuType, MenuScope, Page } from '@pdz/contracts';
import { get, post } from '@/api/request';

export const MENU_KEY = ['system', 'menu'] as const;

export interface MenuFormValues {
  parentId: number;
  menuName: string;
  menuType: MenuType;
  path?: string | null;
  component?: string | null;
  perms?: string | null;
  icon?: string | null;
  orderNum: number;
  hidden: boolean;
  affix: boolean;
  keepAlive: boolean;
  isFrame: boolean;
  menuScope: MenuScope;
  enabled: boolean;
}

/** One level of the tree: the children of `pid` (0 = top level), optionally of one module. */
export const fetchMenuLevel = (pid: number, menuScope?: string) => get<MenuRow[]>('/api/system/menu/lazy', { pid, menuScope: menuScope || undefined });
/** Search across all levels; several scopes / types go as repeated keys (spec §7: without indices). */
export const fetchMenuPage = (params: { menuName?: string; menuScope?: string[]; menuType?: MenuType[]; pageNum?: number; pageSize?: number }) =>
  get<Page<MenuRow>>('/api/system/menu/pageList', params, { noIndices: true });
/** The ancestors of the given menus, top level first (to open a lazy tree down to them). */
export const fetchMenuSuperiors = (ids: number[]) => post<MenuRow[]>('/api/system/menu/superior', { ids });
export const fetchMenuTree = () => get<MenuTreeNode[]>('/api/system/menu/tree');
export const addMenu = (body: MenuFormValues) => post<{ id: number }>('/api/system/menu/add', body);
export const editMenu = (body: MenuFormValues & { id: number }) => post<null>('/api/system/menu/edit', body);
export const removeMenu = (id: number) => get<null>(`/api/system/menu/remove/${id}`);

/** The whole tree, for permission trees and the parent picker. */
export function useMenuTree(enabled = true) {
  return useQuery({ queryKey: [...MENU_KEY, 'tree'], queryFn: fetchMenuTree, enabled });
}
