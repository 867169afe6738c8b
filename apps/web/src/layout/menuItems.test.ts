import { describe, expect, it } from 'vitest';
import type { AppRoute } from '@/router/types';
import { activeMenuKey, ancestorKeys, buildMenuTree, nextOpenKeys, resolvePath } from './menuItems';

const system: AppRoute = {
  path: '/system',
  component: 'Layout',
  alwaysShow: true,
  meta: { title: '系统管理', icon: 'setting' },
  children: [
    { path: 'user', component: 'system/users', meta: { title: '用户管理', icon: 'user' } },
    { path: 'role', component: 'system/roles', meta: { title: '角色管理', icon: 'team' } },
    { path: 'user/detail', component: 'system/user-detail', hidden: true, meta: { title: '用户详情', activeMenu: '/system/user' } },
  ],
};

describe('buildMenuTree', () => {
  it('skips hidden routes', () => {
    const tree = buildMenuTree([{ path: '/secret', hidden: true, meta: { title: '隐藏' } }, system]);
    expect(tree.map((n) => n.title)).toEqual(['系统管理']);
    expect(tree[0].children!.map((n) => n.key)).toEqual(['/system/user', '/system/role']);
  });

  it('collapses a parent with a single visible child into that child', () => {
    const home: AppRoute = { path: '/home', component: 'Layout', children: [{ path: 'index', meta: { title: '首页', icon: 'home', affix: true } }] };
    expect(buildMenuTree([home])).toEqual([{ key: '/home/index', title: '首页', icon: 'home', external: false }]);
  });

  it('counts only visible children when collapsing, and takes the parent icon when the child has none', () => {
    const wrapper: AppRoute = {
      path: '/',
      component: 'Layout',
      meta: { title: '告警', icon: 'alert' },
      children: [{ path: 'alarm', meta: { title: '告警' } }, { path: 'alarm/edit', hidden: true, meta: { title: '编辑' } }],
    };
    expect(buildMenuTree([wrapper])).toEqual([{ key: '/alarm', title: '告警', icon: 'alert', external: false }]);
  });

  it('keeps a submenu for alwaysShow even with one child', () => {
    const one: AppRoute = { ...system, children: [system.children![0]] };
    const [node] = buildMenuTree([one]);
    expect(node.key).toBe('/system');
    expect(node.children).toHaveLength(1);
  });

  it('does not collapse when the only child has children of its own', () => {
    const nested: AppRoute = {
      path: '/ops',
      component: 'Layout',
      meta: { title: '运维' },
      children: [{ path: 'fault', component: 'ParentView', meta: { title: '故障' }, children: [{ path: 'list', meta: { title: '故障列表' } }, { path: 'stats', meta: { title: '故障统计' } }] }],
    };
    const [node] = buildMenuTree([nested]);
    expect(node.key).toBe('/ops');
    expect(node.children![0].key).toBe('/ops/fault');
    expect(node.children![0].children!.map((c) => c.key)).toEqual(['/ops/fault/list', '/ops/fault/stats']);
  });

  it('marks external links (path or meta.link) and keeps their URL', () => {
    const links: AppRoute = {
      path: '/links',
      component: 'Layout',
      meta: { title: '外链' },
      children: [
        { path: 'https://www.example.com/docs', meta: { title: '文档' } },
        { path: 'help', meta: { title: '帮助', link: 'http://help.example.com' } },
      ],
    };
    const [node] = buildMenuTree([links]);
    expect(node.children).toEqual([
      { key: 'https://www.example.com/docs', title: '文档', icon: undefined, external: true },
      { key: 'http://help.example.com', title: '帮助', icon: undefined, external: true },
    ]);
  });

  it('shows a page that is both a fixed route and a server menu once', () => {
    const fixed: AppRoute = { path: '/home', component: 'Layout', children: [{ path: 'index', meta: { title: '首页' } }] };
    const server: AppRoute = { path: '/', component: 'Layout', meta: { title: '首页' }, children: [{ path: 'home/index', meta: { title: '首页' } }] };
    expect(buildMenuTree([fixed, server, system]).map((n) => n.key)).toEqual(['/home/index', '/system']);
  });

  it('lifts the children of an untitled wrapper with several pages', () => {
    const wrapper: AppRoute = { path: '', component: 'Layout', children: [{ path: 'a', meta: { title: 'A' } }, { path: 'b', meta: { title: 'B' } }] };
    expect(buildMenuTree([wrapper]).map((n) => n.key)).toEqual(['/a', '/b']);
  });
});

describe('active entry and open submenus', () => {
  const tree = buildMenuTree([{ path: '/home', children: [{ path: 'index', meta: { title: '首页' } }] }, system]);

  it('resolves child paths against the parent', () => {
    expect(resolvePath('/system', 'user')).toBe('/system/user');
    expect(resolvePath('/', 'alarm')).toBe('/alarm');
    expect(resolvePath('/system', '')).toBe('/system');
    expect(resolvePath('/system', 'https://x.cn')).toBe('https://x.cn');
  });

  it('highlights meta.activeMenu, the path itself, or the entry the path lies under', () => {
    expect(activeMenuKey(tree, '/system/role')).toBe('/system/role');
    expect(activeMenuKey(tree, '/system/user/detail', '/system/user')).toBe('/system/user');
    expect(activeMenuKey(tree, '/system/role/42')).toBe('/system/role');
    expect(activeMenuKey(tree, '/sysmes/mess')).toBeUndefined();
  });

  it('opens the ancestors of the active entry', () => {
    expect(ancestorKeys(tree, '/system/user')).toEqual(['/system']);
    expect(ancestorKeys(tree, '/home/index')).toEqual([]);
  });

  it('keeps one branch open when uniqueOpened', () => {
    const two = buildMenuTree([system, { ...system, path: '/other', meta: { title: '其他' } }]);
    expect(nextOpenKeys(two, ['/system'], ['/system', '/other'], true)).toEqual(['/other']);
    expect(nextOpenKeys(two, ['/system'], ['/system', '/other'], false)).toEqual(['/system', '/other']);
    expect(nextOpenKeys(two, ['/system', '/other'], ['/other'], true)).toEqual(['/other']);
  });
});
