import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Page, UserRow } from '@pdz/contracts';
import { testWrapper } from '@/components/crud/test-utils';
import { useSessionStore } from '@/stores/session';
import UsersPage from './pages/users';
import * as userApi from './api/user';

// The fetchers are mocked at the hook boundary: the page, the kit and react-query run for real.
vi.mock('./api/user', async (importOriginal) => {
  const real = await importOriginal<typeof import('./api/user')>();
  return { ...real, fetchUsers: vi.fn(), removeUsers: vi.fn(), changeUserStatus: vi.fn() };
});
// The department tree's query hook answers from a fixture.
vi.mock('./api/dept', async (importOriginal) => {
  const real = await importOriginal<typeof import('./api/dept')>();
  const tree = [{ id: 1, label: '总部', disabled: false, children: [{ id: 2, label: '运维部', disabled: false }] }];
  return { ...real, useDeptTreeSelect: () => ({ data: tree, isLoading: false }) };
});

const user = (over: Partial<UserRow>): UserRow => ({
  id: 2,
  userName: 'zhangsan',
  nickName: '张三',
  deptId: 2,
  deptName: '运维部',
  phone: '13800000000',
  email: null,
  avatar: null,
  remark: null,
  enabled: true,
  builtIn: false,
  roleIds: [2],
  roleNames: ['运维人员'],
  createdAt: new Date(2026, 2, 1, 8, 0, 0).getTime(),
  lastLoginAt: null,
  lastLoginIp: null,
  ...over,
});

const pageOf = (list: UserRow[]): Page<UserRow> => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

describe('用户管理 page', () => {
  beforeEach(() => {
    vi.mocked(userApi.fetchUsers).mockResolvedValue(pageOf([user({ id: 1, userName: 'admin', nickName: '系统管理员', builtIn: true, roleNames: ['超级管理员'] }), user({})]));
    vi.mocked(userApi.removeUsers).mockResolvedValue(null);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists users with Chinese columns, total and time format', async () => {
    useSessionStore.setState({ perms: ['admin'] });
    render(<UsersPage />, { wrapper: testWrapper() });
    expect(await screen.findByText('zhangsan')).toBeTruthy();
    for (const h of ['用户名', '姓名', '部门', '手机号码', '角色', '状态', '创建时间', '最近登录']) expect(screen.getAllByText(h).length).toBeGreaterThan(0);
    expect(screen.getByText('共 2 条')).toBeTruthy();
    expect(screen.getAllByText('2026-03-01 08:00:00').length).toBe(2);
    expect(screen.getAllByText('从未登录').length).toBe(2);
    expect(userApi.fetchUsers).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
  }, 30_000);

  it('filters by the department clicked in the tree', async () => {
    useSessionStore.setState({ perms: ['admin'] });
    render(<UsersPage />, { wrapper: testWrapper() });
    fireEvent.click((await screen.findAllByTitle('运维部'))[0]);
    await waitFor(() => expect(userApi.fetchUsers).toHaveBeenLastCalledWith({ deptId: 2, pageNum: 1, pageSize: 10 }));
  }, 30_000);

  it('asks before deleting and then calls the server', async () => {
    useSessionStore.setState({ perms: ['admin'] });
    render(<UsersPage />, { wrapper: testWrapper() });
    const row = (await screen.findByText('zhangsan')).closest('tr')!;
    fireEvent.click(within(row).getByText(/删\s*除/));
    const question = await screen.findByText('是否确认删除用户“zhangsan”？');
    const dialog = question.closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByText(/确\s*定/));
    await waitFor(() => expect(userApi.removeUsers).toHaveBeenCalledWith([2]));
  }, 30_000);

  it('hides buttons the user has no permission for', async () => {
    useSessionStore.setState({ perms: ['system:user:list'] });
    const { container } = render(<UsersPage />, { wrapper: testWrapper() });
    await screen.findByText('zhangsan');
    for (const label of [/新\s*增/, /导\s*出/, /删\s*除/, /修\s*改/, /重置密码/]) expect(within(container).queryByText(label)).toBeNull();
  }, 30_000);
});
