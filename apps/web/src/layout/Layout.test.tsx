import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { usePermissionStore } from '@/stores/permission';
import { useSettingsStore, defaultSettings } from '@/stores/settings';
import { useTagsViewStore } from '@/stores/tagsView';
import { useAppStore } from '@/stores/app';
import { constantRoutes } from '@/router/constantRoutes';
import { indexRoutes } from '@/router/buildRoutes';
import type { AppRoute } from '@/router/types';
import { Layout } from './Layout';

const system: AppRoute = {
  path: '/system',
  name: 'System',
  component: 'Layout',
  alwaysShow: true,
  redirect: '/system/user',
  meta: { title: '系统管理', icon: 'setting' },
  children: [
    { path: 'user', name: 'User', meta: { title: '用户管理', icon: 'user' } },
    { path: 'role', name: 'Role', meta: { title: '角色管理', icon: 'team' } },
    { path: 'secret', name: 'Secret', hidden: true, meta: { title: '隐藏页' } },
    { path: 'https://docs.example.com', name: 'Docs', meta: { title: '在线文档', link: 'https://docs.example.com' } },
  ],
};

function renderAt(path: string) {
  return render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={<p>页面内容</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </AntApp>,
  );
}

describe('Layout', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 404 })));
    const routes = [...constantRoutes, system];
    usePermissionStore.setState({ routes, sidebarRouters: routes, index: indexRoutes(routes), loaded: true });
    useSettingsStore.setState({ ...defaultSettings, tagsView: true });
    useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
    useAppStore.setState({ device: 'desktop', sidebar: { opened: true, withoutAnimation: false } });
  });

  it('renders the menu, breadcrumb, title, tabs and page', async () => {
    renderAt('/system/user');
    expect(await screen.findByText('页面内容')).toBeTruthy();
    const sidebar = document.querySelector('.pdz-sidebar') as HTMLElement;
    expect(within(sidebar).getByText('首页')).toBeTruthy();
    expect(within(sidebar).getAllByText('用户管理').length).toBeGreaterThan(0);
    expect(within(sidebar).queryByText('隐藏页')).toBeNull();
    expect(within(sidebar).getByText('在线文档').closest('a')?.getAttribute('target')).toBe('_blank');

    const crumbs = document.querySelector('.pdz-breadcrumb') as HTMLElement;
    expect(crumbs.textContent).toContain('首页');
    expect(crumbs.textContent).toContain('系统管理');
    expect(screen.getByText('配电站智能监控系统', { selector: '.pdz-navbar-title' })).toBeTruthy();

    const tags = Array.from(document.querySelectorAll('.pdz-tag')).map((t) => t.textContent);
    expect(tags).toEqual(['首页', '用户管理']);
    expect(document.querySelector('.pdz-tag.is-active')?.textContent).toBe('用户管理');
  });

  it('opens a 105 px context menu on a tab', async () => {
    renderAt('/system/user');
    const tag = await screen.findByText('用户管理', { selector: '.pdz-tag' });
    act(() => {
      fireEvent.contextMenu(tag, { clientX: 100, clientY: 60 });
    });
    const menu = document.querySelector('.pdz-contextmenu') as HTMLElement;
    expect(menu.style.width).toBe('105px');
    expect(menu.textContent).toBe('刷新页面关闭当前关闭其他全部关闭');
  });

  it('hides the bell and full screen on mobile and shows a mask when the sidebar opens', async () => {
    useAppStore.setState({ device: 'mobile', sidebar: { opened: true, withoutAnimation: false } });
    renderAt('/system/user');
    await screen.findByText('页面内容');
    // jsdom has no layout (body width 0 → innerWidth 1024 is desktop), so force the device back.
    act(() => useAppStore.setState({ device: 'mobile', sidebar: { opened: true, withoutAnimation: false } }));
    expect(screen.queryByLabelText(/系统消息/)).toBeNull();
    expect(screen.queryByLabelText('全屏')).toBeNull();
    const mask = document.querySelector('.pdz-drawer-mask') as HTMLElement;
    act(() => {
      fireEvent.click(mask);
    });
    expect(useAppStore.getState().sidebar.opened).toBe(false);
  });
});
