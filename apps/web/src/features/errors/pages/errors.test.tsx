import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';

vi.mock('@/features/auth/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/auth/api')>()),
  logout: vi.fn(async () => null),
}));

const { renderAt } = await import('@/features/auth/test-utils');
const { default: RedirectPage } = await import('./redirect');
const { default: NotFoundPage } = await import('./not-found');
const { default: UnauthorizedPage } = await import('./unauthorized');
const { default: NoDataPage } = await import('./no-data');
const { useSessionStore } = await import('@/stores/session');

const WAIT = { timeout: 10_000 };
vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

describe('error and helper pages', () => {
  it('/redirect/* forwards to the rest of the path with its query', async () => {
    renderAt('/redirect/*', <RedirectPage />, '/redirect/system/user?pageNum=3');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/system/user?pageNum=3'), WAIT);
  });

  it('/404 offers 返回首页', async () => {
    renderAt('/404', <NotFoundPage />);
    expect(screen.getByText('抱歉，您访问的页面不存在')).toBeTruthy();
    fireEvent.click(screen.getByText('返回首页').closest('button')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'), WAIT);
  });

  it('/401 says 您没有访问权限 and 重新登录 signs out first', async () => {
    useSessionStore.setState({ token: 't', roles: ['x'] });
    renderAt('/401', <UnauthorizedPage />);
    expect(screen.getByText('您没有访问权限')).toBeTruthy();
    expect(screen.getByText('返回首页')).toBeTruthy();
    fireEvent.click(screen.getByText('重新登录').closest('button')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'), WAIT);
    expect(useSessionStore.getState().token).toBeUndefined();
  });

  it('/noData is an empty 个人中心 with 暂无数据 and 返回', async () => {
    renderAt('/noData/*', <NoDataPage />, '/noData/back');
    expect(screen.getByText('个人中心')).toBeTruthy();
    expect(screen.getAllByText('暂无数据').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('返回').closest('button')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'), WAIT);
  });
});
