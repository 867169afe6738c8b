import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserRow } from '@pdz/contracts';

vi.mock('../api', async (importOriginal) => {
  const { useQuery } = await import('@tanstack/react-query');
  const fetchOwnProfile = vi.fn(async (): Promise<Partial<UserRow> | null> => ({ roleNames: ['运维主管'], createdAt: Date.UTC(2026, 0, 2, 3, 4, 5) }));
  return {
    ...(await importOriginal<typeof import('../api')>()),
    editProfile: vi.fn(async () => null),
    changePassword: vi.fn(async () => null),
    fetchOwnProfile,
    useOwnProfile: () => useQuery({ queryKey: ['auth', 'profile'], queryFn: () => fetchOwnProfile() }),
  };
});

const { renderAt } = await import('../test-utils');
const api = await import('../api');
const { default: ProfilePage } = await import('./profile');
const { useSessionStore } = await import('@/stores/session');

const WAIT = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

function signedIn() {
  const getInfo = vi.fn(async () => ({}) as never);
  useSessionStore.setState({
    token: 't',
    roles: ['ops'],
    getInfo,
    user: {
      token: 't', logo: null, component: '/home/index', roles: ['ops'], userName: 'zhangsan',
      nickName: '张三', phone: '13800138000', email: null, remark: null, avatar: null, dept: { id: 2, name: '运维部' },
    },
  });
  return getInfo;
}

describe('个人中心', () => {
  it('shows who the user is, with role names from the own row', async () => {
    signedIn();
    renderAt('/user/center', <ProfilePage />);
    expect(screen.getAllByText('张三').length).toBeGreaterThan(0);
    expect(screen.getByText('13800138000')).toBeTruthy();
    expect(screen.getByText('运维部')).toBeTruthy();
    expect(await screen.findByText('运维主管', {}, WAIT)).toBeTruthy();
  });

  it('基本资料 saves blanks as null, then refreshes the session user', async () => {
    const getInfo = signedIn();
    renderAt('/user/center', <ProfilePage />);
    fireEvent.change(screen.getByPlaceholderText('配电站智能监控系统'), { target: { value: ' 华东配电监控中心 ' } });
    fireEvent.change(screen.getByPlaceholderText('请输入邮箱'), { target: { value: 'bad@' } });
    fireEvent.click(screen.getAllByText(/^保\s*存$/)[0].closest('button')!);
    expect(await screen.findByText('请输入正确的邮箱', {}, WAIT)).toBeTruthy();
    expect(api.editProfile).not.toHaveBeenCalled();

    fireEvent.change(screen.getByPlaceholderText('请输入邮箱'), { target: { value: '' } });
    fireEvent.click(screen.getAllByText(/^保\s*存$/)[0].closest('button')!);
    await waitFor(() => expect(api.editProfile).toHaveBeenCalledWith({ nickName: '张三', phone: '13800138000', email: null, remark: '华东配电监控中心' }), WAIT);
    await waitFor(() => expect(getInfo).toHaveBeenCalled(), WAIT);
    expect(await screen.findByText('修改成功', {}, WAIT)).toBeTruthy();
  });

  it('修改密码 checks the confirmation, then says 修改成功', async () => {
    signedIn();
    renderAt('/user/center', <ProfilePage />);
    fireEvent.click(screen.getByText('修改密码'));
    fireEvent.change(await screen.findByPlaceholderText('请输入旧密码', {}, WAIT), { target: { value: 'old-pass1' } });
    fireEvent.change(screen.getByPlaceholderText('请输入新密码'), { target: { value: 'newpass123' } });
    fireEvent.change(screen.getByPlaceholderText('请再次输入新密码'), { target: { value: 'newpass124' } });
    const save = () => fireEvent.click(screen.getAllByText(/^保\s*存$/).at(-1)!.closest('button')!);
    save();
    expect(await screen.findByText('两次输入的密码不一致', {}, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请再次输入新密码'), { target: { value: 'newpass123' } });
    save();
    await waitFor(() => expect(api.changePassword).toHaveBeenCalledWith('old-pass1', 'newpass123'), WAIT);
    expect(await screen.findByText('修改成功', {}, WAIT)).toBeTruthy();
  });
});
