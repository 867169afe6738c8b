import { describe, expect, it } from 'vitest';
import Fuse from 'fuse.js';
import type { AppRoute } from '@/router/types';
import { buildSearchPool, FUSE_OPTIONS } from './searchIndex';

const routes: AppRoute[] = [
  { path: '/login', hidden: true, meta: { title: '登录' } },
  { path: '/home', component: 'Layout', children: [{ path: 'index', meta: { title: '首页' } }] },
  {
    path: '/system',
    component: 'Layout',
    meta: { title: '系统管理' },
    children: [
      { path: 'user', meta: { title: '用户管理' } },
      { path: 'role', meta: { title: '角色管理' } },
      { path: 'secret', hidden: true, meta: { title: '隐藏页' } },
    ],
  },
  { path: '/', component: 'Layout', meta: { title: '告警' }, children: [{ path: 'alarm', meta: { title: '告警' } }] },
  { path: '/docs', component: 'Layout', meta: { title: '帮助' }, children: [{ path: 'https://help.example.com', meta: { title: '在线文档' } }] },
];

describe('search index', () => {
  it('lists visible pages with their parent titles and full paths', () => {
    expect(buildSearchPool(routes)).toEqual([
      { path: '/home/index', title: '首页' },
      { path: '/system/user', title: '系统管理 > 用户管理' },
      { path: '/system/role', title: '系统管理 > 角色管理' },
      { path: '/alarm', title: '告警' },
      { path: 'https://help.example.com', title: '帮助 > 在线文档' },
    ]);
  });

  it('uses the spec fuse options', () => {
    expect(FUSE_OPTIONS).toMatchObject({ threshold: 0.4, minMatchCharLength: 1, keys: [{ name: 'title', weight: 0.7 }, { name: 'path', weight: 0.3 }] });
  });

  it('finds pages by title and by path', () => {
    const fuse = new Fuse(buildSearchPool(routes), FUSE_OPTIONS);
    expect(fuse.search('用户')[0].item.path).toBe('/system/user');
    expect(fuse.search('role')[0].item.path).toBe('/system/role');
    expect(fuse.search('登录')).toEqual([]);
  });
});
