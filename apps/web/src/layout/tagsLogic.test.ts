import { beforeEach, describe, expect, it } from 'vitest';
import { indexRoutes } from '@/router/buildRoutes';
import { useTagsViewStore, type TagView } from '@/stores/tagsView';
import { affixViews, lastViewTarget, scrollToTag, viewOf } from './tagsLogic';

const index = indexRoutes([
  { path: '/home', component: 'Layout', children: [{ path: 'index', name: 'Index', meta: { title: '首页', affix: true } }] },
  { path: '/redirect', component: 'Layout', hidden: true, children: [{ path: '*' }] },
  { path: '/system', component: 'Layout', meta: { title: '系统管理' }, children: [{ path: 'user', name: 'User', meta: { title: '用户管理' } }, { path: 'role', name: 'Role', meta: { title: '角色管理' } }] },
]);

const tag = (path: string, title: string, affix = false): TagView => ({ path, fullPath: path, name: path, title, affix });

describe('tags', () => {
  beforeEach(() => useTagsViewStore.setState({ visitedViews: [], cachedViews: [] }));

  it('pins affixed routes', () => {
    expect(affixViews(index)).toEqual([{ path: '/home/index', fullPath: '/home/index', name: 'Index', title: '首页', affix: true, noCache: undefined }]);
  });

  it('takes a tab title from the route index and ignores /redirect', () => {
    expect(viewOf(index, '/system/user', '?a=1')).toMatchObject({ path: '/system/user', fullPath: '/system/user?a=1', title: '用户管理' });
    expect(viewOf(index, '/redirect/system/user')).toBeUndefined();
  });

  it('puts affixed tabs first and close-others / close-all keep them', () => {
    const s = useTagsViewStore.getState();
    s.addView(tag('/system/user', '用户管理'));
    s.addView(tag('/system/role', '角色管理'));
    s.addAffixViews(affixViews(index));
    expect(useTagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/home/index', '/system/user', '/system/role']);

    s.delOthersViews(tag('/system/role', '角色管理'));
    expect(useTagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/home/index', '/system/role']);

    s.addView(tag('/system/user', '用户管理'));
    s.delAllViews();
    expect(useTagsViewStore.getState().visitedViews.map((v) => v.path)).toEqual(['/home/index']);
  });

  it('a pinned tab cannot be closed', () => {
    const s = useTagsViewStore.getState();
    s.addAffixViews(affixViews(index));
    s.delView(affixViews(index)[0]);
    expect(useTagsViewStore.getState().visitedViews).toHaveLength(1);
  });

  it('after closing the active tab goes to the last remaining one, else home', () => {
    expect(lastViewTarget([tag('/home/index', '首页', true), tag('/system/role', '角色管理')], tag('/system/user', '用户管理'))).toEqual({ to: '/system/role' });
    expect(lastViewTarget([], tag('/system/user', '用户管理'))).toEqual({ to: '/' });
    expect(lastViewTarget([], { ...tag('/dashboard', '首页'), name: 'Dashboard' })).toEqual({ to: '/redirect/dashboard', replace: true });
  });

  it('scrolls so the active tag and its neighbours are visible, with 4 px padding', () => {
    const tags = Array.from({ length: 10 }, (_, i) => ({ left: i * 100, width: 96 }));
    const base = { containerWidth: 300, scrollWidth: 1000, scrollLeft: 0, tags };
    expect(scrollToTag({ ...base, scrollLeft: 500, active: 0 })).toBe(0);
    expect(scrollToTag({ ...base, active: 9 })).toBe(700);
    // Tag 5's right neighbour ends at 696 (+4 padding) → 700 − 300.
    expect(scrollToTag({ ...base, active: 5 })).toBe(400);
    // Tag 2's left neighbour starts at 100 (−4 padding).
    expect(scrollToTag({ ...base, scrollLeft: 600, active: 2 })).toBe(96);
    // Already in view: no movement.
    expect(scrollToTag({ ...base, containerWidth: 400, scrollLeft: 150, active: 3 })).toBe(150);
  });
});
