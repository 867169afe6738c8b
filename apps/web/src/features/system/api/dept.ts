import { useQuery } from '@tanstack/react-query';
import type { DeptRow, DeptTreeNode, DeptTreeSelectNode, DeptUserTreeNode } from '@pdz/contracts';
import { get, post } from '@/api/request';

export const DEPT_KEY = ['system', 'dept'] as const;

export interface DeptFormValues {
  parentId: number;
  deptName: string;
  orderNum: number;
  leader?: string | null;
  phone?: string | null;
  email?: string | null;
  enabled: boolean;
}

export const fetchDeptTree = (params: { deptName?: string; enabled?: boolean }) => get<DeptTreeNode[]>('/api/system/dept/list', params);
export const fetchDept = (id: number) => get<DeptRow>(`/api/system/dept/getById/${id}`);
export const addDept = (body: DeptFormValues) => post<{ id: number }>('/api/system/dept/add', body);
export const editDept = (body: DeptFormValues & { id: number }) => post<null>('/api/system/dept/edit', body);
export const removeDept = (id: number) => get<null>('/api/system/dept/remove', { id });
export const fetchDeptTreeSelect = () => get<DeptTreeSelectNode[]>('/api/system/dept/treeSelect');
export const fetchDeptUserTree = () => get<DeptUserTreeNode[]>('/api/system/dept/initDeptUserTreeData');

export function useDeptTree(params: { deptName?: string; enabled?: boolean }) {
  return useQuery({ queryKey: [...DEPT_KEY, 'list', params], queryFn: () => fetchDeptTree(params) });
}

export function useDeptDetail(id: number | undefined) {
  return useQuery({ queryKey: [...DEPT_KEY, 'detail', id], queryFn: () => fetchDept(id!), enabled: id !== undefined, staleTime: 0 });
}

/** Departments for pickers (disabled ones cannot be chosen). */
export function useDeptTreeSelect(enabled = true) {
  return useQuery({ queryKey: [...DEPT_KEY, 'treeSelect'], queryFn: fetchDeptTreeSelect, enabled });
}

/** Departments with their users as leaves (recipients pickers). */
export function useDeptUserTree(enabled = true) {
  return useQuery({ queryKey: [...DEPT_KEY, 'users'], queryFn: fetchDeptUserTree, enabled });
}
