import { describe, expect, it } from 'vitest';
import { indexRoutes } from '@/router/buildRoutes';
import type { AppRoute } from '@/router/types';
import { breadcrumbTrail } from './breadcrumbTrail';

const routes: AppRoute[] = [
  { path: '/home', component: 'Layout', children: [{ path: 'index', name: 'Index', meta: { title: '首页', affix: true } }] },
  {
    path: '',
    component: 'Layout',
    hidden: true,
    children: [
      { path: 'dashboard', name: 'Dashboard', meta: { title: '首页' } },
      { path: 'sysmes/mess', meta: { title: '系统消息' } },
    ],
  },
  {
    path: '/system',
    component: 'Layout',
    redirect: '/system/user',
    meta: { title: '系统管理' },
    children: [
      { path: 'user', meta: { title: '用户管理' } },
      { path: 'user/:id', meta: { title: '用户详情', breadcrumb: false } },
    ],
  },
  { path: '/ops', component: 'Layout', redirect: 'noRedirect', meta: { title: '智能运维' }, children: [{ path: 'tasks', meta: { title: '巡检任务' } }] },
  { path: '/', component: 'Layout', meta: { title: '告警' }, children: [{ path: 'alarm', meta: { title: '告警' } }] },
];
const index = indexRoutes(routes);

describe('breadcrumbTrail', () => {
  it('starts with 首页 → /dashboard and links parents to their redirect', () => {
    expect(breadcrumbTrail(index, '/system/user')).toEqual([
      { title: '首页', to: '/dashboard' },
      { title: '系统管理', to: '/system/user' },
      { title: '用户管理', to: undefined },
    ]);
  });

  it('does not repeat 首页 when the first matched route is the dashboard', () => {
    expect(breadcrumbTrail(index, '/dashboard')).toEqual([{ title: '首页', to: undefined }]);
    expect(breadcrumbTrail(index, '/home/index')).toEqual([{ title: '首页', to: undefined }]);
  });

  it('hides breadcrumb:false routes and makes noRedirect parents plain text', () => {
    expect(breadcrumbTrail(index, '/system/user/7').map((c) => c.title)).toEqual(['首页', '系统管理']);
    expect(breadcrumbTrail(index, '/ops/tasks')).toEqual([
      { title: '首页', to: '/dashboard' },
      { title: '智能运维', to: undefined },
      { title: '巡检任务', to: undefined },
    ]);
  });

  it('shows a layout wrapper titled like its only page once', () => {
    expect(breadcrumbTrail(index, '/alarm').map((c) => c.title)).toEqual(['首页', '告警']);
  });

  it('is empty for unknown paths', () => {
    expect(breadcrumbTrail(index, '/nowhere')).toEqual([]);
  });
});
