import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { testWrapper } from '@/components/crud/test-utils';
import type { DashboardSummary } from '@pdz/contracts';

const get = vi.hoisted(() => vi.fn());
vi.mock('@/api/request', () => ({ get, post: vi.fn(), request: vi.fn(), RequestError: class extends Error {} }));
// jsdom has no canvas; the chart wrapper has its own tests.
vi.mock('@/components/EChart', () => ({ EChart: ({ ariaLabel }: { ariaLabel?: string }) => <div role="img" aria-label={ariaLabel} /> }));

const { default: HomePage } = await import('./index');
const { useSessionStore } = await import('@/stores/session');

const summary: DashboardSummary = {
  users: { total: 12, enabled: 10 },
  roles: 4,
  depts: 6,
  signInsToday: 9,
  signInFailuresToday: 2,
  activeSessions: 3,
  unconfirmedMessages: 5,
  signInsByDay: [
    { day: '2026-11-01', ok: 1, failed: 0 },
    { day: '2026-11-02', ok: 4, failed: 1 },
  ],
  recentAudit: [{ id: 7, ts: Date.now(), userId: 1, userName: 'admin', category: 'user', action: '新增用户', target: 'zhangsan', detail: null, ip: '127.0.0.1', ok: true }],
};

function renderPage() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
    { wrapper: testWrapper() },
  );
}

beforeEach(() => {
  get.mockReset();
  useSessionStore.setState({ user: { token: 't', logo: null, component: '', roles: [], userName: 'admin', nickName: '管理员' } });
});
afterEach(() => cleanup());

// The first antd render in jsdom compiles its styles and can take several seconds on a busy machine.
describe('HomePage', { timeout: 30_000 }, () => {
  it('greets the user with the date and weekday', async () => {
    get.mockResolvedValue(summary);
    renderPage();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/好，管理员$/);
    expect(screen.getByText(/^今天是 \d{4}年\d{1,2}月\d{1,2}日 星期[一二三四五六日]$/)).toBeTruthy();
    await screen.findByLabelText('平台概况');
  });

  it('shows every count from GET /api/dashboard/summary', async () => {
    get.mockResolvedValue(summary);
    renderPage();
    const stats = await screen.findByLabelText('平台概况');
    expect(get).toHaveBeenCalledWith('/api/dashboard/summary');
    const text = stats.textContent ?? '';
    for (const part of ['用户总数12启用 10', '角色4', '部门6', '今日登录9', '今日登录失败2', '在线会话3', '未确认消息5']) expect(text).toContain(part);
  });

  it('links the unconfirmed-message card to /sysmes/mess', async () => {
    get.mockResolvedValue(summary);
    renderPage();
    const link = await screen.findByRole('link', { name: /未确认消息 5/ });
    expect(link.getAttribute('href')).toBe('/sysmes/mess');
  });

  it('draws the 7-day chart and lists recent operations', async () => {
    get.mockResolvedValue(summary);
    renderPage();
    expect(await screen.findByRole('img', { name: '近7日登录：成功 5 次，失败 1 次' })).toBeTruthy();
    const recent = screen.getByText('最近操作').closest('.ant-card') as HTMLElement;
    expect(within(recent).getByText('admin')).toBeTruthy();
    expect(within(recent).getByText(/新增用户：zhangsan/)).toBeTruthy();
    expect(within(recent).getByText('成功')).toBeTruthy();
  });

  it('hides 最近操作 when there is none and shows an empty chart state without days', async () => {
    get.mockResolvedValue({ ...summary, signInsByDay: [], recentAudit: [] });
    renderPage();
    expect(await screen.findByText('暂无登录记录')).toBeTruthy();
    expect(screen.queryByText('最近操作')).toBeNull();
    expect(screen.queryByRole('img', { name: /近7日登录/ })).toBeNull();
  });

  it('offers a retry when the summary cannot be loaded', async () => {
    get.mockRejectedValueOnce(new Error('down')).mockResolvedValue(summary);
    renderPage();
    const retry = await screen.findByRole('button', { name: /重\s*试/ });
    expect(screen.getByText('首页数据加载失败')).toBeTruthy();
    retry.click();
    await waitFor(() => expect(screen.getByLabelText('平台概况')).toBeTruthy());
  });
});
