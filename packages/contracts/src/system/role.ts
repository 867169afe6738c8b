import { z } from 'zod';
import { text, optionalText, id, idList, int, flag } from '../fields';
import { pageQuery } from '../envelope';

/** Data scope of a role (design §4): which departments' records its users may see. */
export const DATA_SCOPES = ['all', 'deptAndBelow', 'dept', 'self', 'custom'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];
export const DATA_SCOPE_LABELS: Record<DataScope, string> = {
  all: '全部数据',
  deptAndBelow: '本部门及以下数据',
  dept: '本部门数据',
  self: '仅本人数据',
  custom: '自定义数据',
};

export const ROLE_SORT_COLUMNS = ['id', 'orderNum', 'createdAt'] as const;

export const roleQuery = pageQuery.extend({
  roleName: z.string().trim().max(64).optional(),
  roleKey: z.string().trim().max(64).optional(),
  enabled: flag('状态').optional(),
});

const roleFields = {
  roleName: text('角色名称', { max: 32 }),
  roleKey: text('权限字符', { max: 64 }).regex(/^[A-Za-z][A-Za-z0-9_:-]*$/, '权限字符只能以字母开头，包含字母、数字和 _ : -'),
  orderNum: int('显示顺序', { min: 0, max: 9999 }).default(0),
  dataScope: z.enum(DATA_SCOPES, { error: '数据范围取值无效' }).default('self'),
  menuIds: z.array(id('菜单'), { error: '菜单必须是列表' }).default([]),
  deptIds: z.array(id('部门'), { error: '部门必须是列表' }).default([]),
  enabled: flag('状态').default(true),
  remark: optionalText('备注', 255),
};
export const roleAddBody = z.object(roleFields);
export const roleEditBody = z.object({ id: id('角色'), ...roleFields });
export const roleStatusBody = z.object({ id: id('角色'), enabled: flag('状态') });
/** GET /api/system/role/remove?ids=1,2 */
export const roleRemoveQuery = z.object({ ids: idList('角色') });

export interface RoleRow {
  id: number;
  roleName: string;
  roleKey: string;
  orderNum: number;
  dataScope: DataScope;
  enabled: boolean;
  remark: string | null;
  builtIn: boolean;
  menuIds: number[];
  deptIds: number[];
  userCount: number;
  createdAt: number;
}

export interface SkipRole {
  id: number;
  roleName: string;
  roleKey: string;
}

/** GET /api/system/role/options: enabled roles for the user form. */
export interface RoleOption {
  id: number;
  roleName: string;
  roleKey: string;
}
