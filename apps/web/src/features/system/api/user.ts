import { useQuery } from '@tanstack/react-query';
import type { Page, UserRow } from '@pdz/contracts';
import { get, post } from '@/api/request';
import type { ListParams } from '@/components/crud';

/** Every user query lives under this key; every user mutation invalidates it. */
export const USER_KEY = ['system', 'user'] as const;
export const USER_EXPORT_URL = '/api/system/user/export';

export interface UserFormValues {
  userName?: string;
  password?: string;
  nickName?: string | null;
  deptId?: number | null;
  phone?: string | null;
  email?: string | null;
  remark?: string | null;
  roleIds?: number[];
  enabled?: boolean;
}

export const fetchUsers = (params: ListParams) => get<Page<UserRow>>('/api/system/user/pageList', params);
export const fetchUser = (id: number) => get<UserRow>(`/api/system/user/getById/${id}`);
export const addUser = (body: UserFormValues) => post<{ id: number }>('/api/system/user/add', body);
export const editUser = (body: UserFormValues & { id: number }) => post<null>('/api/system/user/edit', body);
export const removeUsers = (ids: number[]) => get<null>('/api/system/user/remove', { ids: ids.join(',') });
export const changeUserStatus = (id: number, enabled: boolean) => post<null>('/api/system/user/changeStatus', { id, enabled });
export const resetUserPwd = (id: number, password: string) => post<null>('/api/system/user/resetPwd', { id, password });

export function useUserDetail(id: number | undefined) {
  return useQuery({ queryKey: [...USER_KEY, 'detail', id], queryFn: () => fetchUser(id!), enabled: id !== undefined, staleTime: 0 });
}
