import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { LoginResult } from '@pdz/contracts';

// The api module's functions are replaced; the session store and the page run for real.
vi.mock('../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api')>()),
  login: vi.fn(),
  loginByPhone: vi.fn(),
  getPhoneCode: vi.fn(),
  dictByType: vi.fn(async () => []),
  fetchSiteConfig: vi.fn(async () => null),
}));

const { renderAt } = await import('../test-utils');
const api = await import('../api');
const { default: LoginPage, SESSION_EXPIRED_MESSAGE } = await import('./login');
const { useSessionStore } = await import('@/stores/session');

const result: LoginResult = { token: 'tok-123', logo: null, component: '/selectMoudle', roles: ['admin'], userName: 'admin' };

const WAIT = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });

const renderLogin = (entry = '/login') => renderAt('/login', <LoginPage />, entry);

// getByRole is slow on antd's large trees in jsdom; text lookups keep these tests quick.
const loginButton = () => screen.getAllByText(/^登\s*录$/)[0].closest('button')!;
const rememberBox = () => screen.getAllByText('记住我')[0].closest('label')!.querySelector('input')!;

async function fillAndSubmit(user: string, password: string) {
  fireEvent.change(screen.getByPlaceholderText('账号'), { target: { value: user } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: password } });
  fireEvent.click(loginButton());
}

beforeEach(() => {
  vi.mocked(api.login).mockResolvedValue(result);
  localStorage.clear();
  Cookies.remove('TOEKN');
  Cookies.remove('point');
  useSessionStore.setState({ token: undefined, user: null, roles: [] });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.mocked(api.login).mockReset();
});

describe('login page', () => {
  it('shows the platform name, both tabs and the fields scripts rely on', () => {
    renderLogin();
    expect(screen.getAllByText('配电站智能监控系统').length).toBeGreaterThan(0);
    expect(screen.getByText('账号密码登录')).toBeTruthy();
    expect(screen.getByText('手机号登录')).toBeTruthy();
    expect(screen.getByPlaceholderText('账号')).toBeTruthy();
    expect(screen.getByPlaceholderText('密码')).toBeTruthy();
    expect(rememberBox()).toBeTruthy();
    expect(screen.getByText('忘记密码')).toBeTruthy();
  });

  it('asks for account and password before calling the server', async () => {
    renderLogin();
    fireEvent.click(loginButton());
    expect(await screen.findByText('请输入账号', {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('请输入密码', {}, WAIT)).toBeTruthy();
    expect(api.login).not.toHaveBeenCalled();
  });

  it('checks the phone number on the phone tab: 11 digits starting with 1', async () => {
    renderLogin();
    fireEvent.click(screen.getByText('手机号登录'));
    const phone = await screen.findByPlaceholderText('手机号码', {}, WAIT);
    fireEvent.change(phone, { target: { value: '2380013800' } });
    fireEvent.click(screen.getByText('获取验证码').closest('button')!);
    expect(await screen.findByText('请输入正确的手机号码', {}, WAIT)).toBeTruthy();
    expect(api.getPhoneCode).not.toHaveBeenCalled();
  });

  it('without 记住我 the token cookie ends with the browser session, and the server component path is followed', async () => {
    const set = vi.spyOn(Cookies, 'set');
    renderLogin();
    await fillAndSubmit(' admin ', 'pw');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/selectMoudle'), WAIT);
    expect(api.login).toHaveBeenCalledWith({ username: 'admin', password: 'pw' });
    const call = set.mock.calls.find(([name]) => name === 'TOEKN');
    expect(call?.[1]).toBe('tok-123');
    expect(call?.[2]).toBeUndefined();
    expect(useSessionStore.getState().token).toBe('tok-123');
    expect(localStorage.getItem('component')).toBe('/selectMoudle');
  });

  it('with 记住我 the token cookie lasts one day, and ?redirect= wins over the component path', async () => {
    const set = vi.spyOn(Cookies, 'set');
    renderLogin(`/login?redirect=${encodeURIComponent('/system/user?x=1')}`);
    fireEvent.click(rememberBox());
    await fillAndSubmit('admin', 'pw');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/system/user?x=1'), WAIT);
    const call = set.mock.calls.find(([name]) => name === 'TOEKN');
    expect(call?.[2]).toEqual({ expires: 1 });
  });

  it('a refused sign-in stays on the page without a token', async () => {
    vi.mocked(api.login).mockRejectedValue(new Error('用户名或密码错误'));
    renderLogin();
    await fillAndSubmit('admin', 'bad');
    await waitFor(() => expect(api.login).toHaveBeenCalled(), WAIT);
    expect(screen.queryByTestId('where')).toBeNull();
    expect(useSessionStore.getState().token).toBeUndefined();
  });

  it('after a 401 says once that the session expired and clears the point cookie', async () => {
    Cookies.set('point', '401');
    renderLogin();
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE, {}, WAIT)).toBeTruthy();
    expect(Cookies.get('point')).toBeUndefined();
  });
});
