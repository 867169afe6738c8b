import { useQuery } from '@tanstack/react-query';
import type { Page, RoleOption, RoleRow, SkipRole, DataScope } from '@pdz/contracts';
import { get, post } from '@/api/request';
import type { ListParams } from '@/components/crud';

export const ROLE_KEY = ['system', 'role'] as const;

export interface RoleFormValues {
  roleName: string;
  roleKey: string;
  orderNum: number;
  dataScope: DataScope;
  menuIds: number[];
  deptIds: number[];
  enabled: boolean;
  remark?: string | null;
}

export const fetchRoles = (params: ListParams) => get<Page<RoleRow>>('/api/system/role/pageList', params);
export const fetchRole = (id: number) => get<RoleRow>(`/api/system/role/getById/${id}`);
export const addRole = (body: RoleFormValues) => post<{ id: number }>('/api/system/role/add', body);
export const editRole = (body: RoleFormValues & { id: number }) => post<null>('/api/system/role/edit', body);
export const removeRoles = (ids: number[]) => get<null>('/api/system/role/remove', { ids: ids.join(',') });
export const changeRoleStatus = (id: number, enabled: boolean) => post<null>('/api/system/role/changeStatus', { id, enabled });
export const fetchRoleOptions = () => get<RoleOption[]>('/api/system/role/options');
export const fetchSkipRoles = () => get<SkipRole[]>('/api/system/role/selectSkipRole');

export function useRoleDetail(id: number | undefined) {
  return useQuery({ queryKey: [...ROLE_KEY, 'detail', id], queryFn: () => fetchRole(id!), enabled: id !== undefined, staleTime: 0 });
}

/** Enabled roles for the user form. */
export function useRoleOptions(enabled = true) {
  return useQuery({ queryKey: [...ROLE_KEY, 'options'], queryFn: fetchRoleOptions, enabled });
}

/** Roles the signed-in user may not grant (spec §6 selectSkipRole). */
export function useSkipRoles(enabled = true) {
  return useQuery({ queryKey: [...ROLE_KEY, 'skip'], queryFn: fetchSkipRoles, enabled });
}
