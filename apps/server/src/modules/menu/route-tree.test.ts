import { describe, expect, it } from 'vitest';
import { buildRouteMenus, routeName, type RouteSource } from './route-tree';

const row = (id: number, parent_id: number, menu_type: 'M' | 'C', path: string, over: Partial<RouteSource> = {}): RouteSource => ({
  id,
  parent_id,
  menu_name: `m${id}`,
  menu_type,
  path,
  component: menu_type === 'C' ? `key/${id}` : null,
  icon: null,
  hidden: 0,
  affix: 0,
  keep_alive: 0,
  is_frame: 0,
  menu_scope: 'all',
  ...over,
});

describe('buildRouteMenus', () => {
  it('names routes readably and uniquely', () => {
    expect(routeName('home/index', 12)).toBe('HomeIndex12');
    expect(routeName('/system', 1)).toBe('System1');
    expect(routeName('https://a.b/c', 3)).toBe('HttpsABC3');
    expect(routeName('9x', 4)).toBe('M9x4');
    expect(routeName(null, 5)).toBe('Menu5');
  });

  it('drops a page whose directory is missing (disabled) and a directory with nothing below', () => {
    const rows = [row(1, 0, 'M', '/a'), row(2, 1, 'C', 'p'), row(3, 99, 'C', 'orphan'), row(4, 0, 'M', '/empty')];
    const out = buildRouteMenus(rows, null, null);
    expect(out.map((r) => r.path)).toEqual(['/a']);
    expect(out[0].children!.map((c) => c.path)).toEqual(['p']);
  });

  it('survives a cycle in the stored parents', () => {
    const rows = [row(1, 2, 'M', 'a'), row(2, 1, 'M', 'b'), row(3, 1, 'C', 'p')];
    expect(buildRouteMenus(rows, null, null)).toEqual([]);
  });

  it('adds ancestors of granted pages only, and filters by module', () => {
    const rows = [
      row(1, 0, 'M', '/mon', { menu_scope: 'monitor' }),
      row(2, 1, 'M', 'sub', { menu_scope: 'monitor' }),
      row(3, 2, 'C', 'live', { menu_scope: 'monitor' }),
      row(4, 2, 'C', 'other', { menu_scope: 'monitor' }),
      row(5, 0, 'C', '/home', { menu_scope: 'all' }),
    ];
    const granted = new Set([3, 5]);
    const monitor = buildRouteMenus(rows, granted, 'monitor');
    expect(monitor.map((r) => r.path)).toEqual(['/mon', '/']);
    expect(monitor[0]).toMatchObject({ component: 'Layout', redirect: '/mon/sub/live' });
    expect(monitor[0].children![0]).toMatchObject({ path: 'sub', component: 'ParentView' });
    expect(monitor[0].children![0].children!.map((c) => c.path)).toEqual(['live']);
    expect(buildRouteMenus(rows, granted, 'energy').map((r) => r.path)).toEqual(['/']);
  });

  it('skips hidden pages and links when choosing a redirect', () => {
    const rows = [
      row(1, 0, 'M', '/a'),
      row(2, 1, 'C', 'https://x.y', { is_frame: 1 }),
      row(3, 1, 'C', 'secret', { hidden: 1 }),
      row(4, 1, 'C', 'shown'),
    ];
    const [dir] = buildRouteMenus(rows, null, null);
    expect(dir.redirect).toBe('/a/shown');
    expect(dir.children![0]).toEqual({ name: 'HttpsXY2', path: 'https://x.y', hidden: false, meta: { title: 'm2', icon: null, affix: false, noCache: true, scope: 'all', link: 'https://x.y' } });
  });
});
