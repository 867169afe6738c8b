import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuRow, MenuTreeNode, Page, RouteMenu } from '@pdz/contracts';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../../test/harness';
import { createLimitedUser } from '../../../test/limited-user';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = t.adminToken;
});
afterAll(async () => t?.close());

const idOf = async (name: string) => (await t.ctx.db.selectFrom('sys_menu').select('id').where('menu_name', '=', name).executeTakeFirstOrThrow()).id;
const menuCount = async () => Number((await t.ctx.db.selectFrom('sys_menu').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
const add = (payload: object, token = admin) => t.call<{ id: number }>({ method: 'POST', url: '/api/system/menu/add', payload, token });

describe('reading menus', () => {
  it('lazy answers the children of a parent with hasChildren', async () => {
    const top = await t.call<MenuRow[]>({ method: 'GET', url: '/api/system/menu/lazy?pid=0', token: admin });
    expect(top.status).toBe(200);
    const system = top.body.data.find((m) => m.menuName === '系统管理')!;
    expect(system).toMatchObject({ menuType: 'M', path: '/system', hasChildren: true, menuScope: 'system', enabled: true });
    const children = await t.call<MenuRow[]>({ method: 'GET', url: `/api/system/menu/lazy?pid=${system.id}`, token: admin });
    expect(children.body.data.map((m) => m.menuName).slice(0, 2)).toEqual(['用户管理', '角色管理']);
    expect(children.body.data[0]).toMatchObject({ component: 'system/users', hasChildren: true, parentId: system.id });
    const buttons = await t.call<MenuRow[]>({ method: 'GET', url: `/api/system/menu/lazy?pid=${children.body.data[0].id}`, token: admin });
    expect(buttons.body.data.every((b) => b.menuType === 'F' && !b.hasChildren)).toBe(true);
    const scoped = await t.call<MenuRow[]>({ method: 'GET', url: '/api/system/menu/lazy?pid=0&menuScope=system', token: admin });
    expect(scoped.body.data.length).toBeGreaterThan(0);
    expect(scoped.body.data.every((m) => m.menuScope === 'system')).toBe(true);
    const none = await t.call<MenuRow[]>({ method: 'GET', url: '/api/system/menu/lazy?pid=0&menuScope=nosuch', token: admin });
    expect(none.body.data).toEqual([]);
  });

  it('pageList filters by name, and by types sent without indices', async () => {
    const res = await t.call<Page<MenuRow>>({ method: 'GET', url: '/api/system/menu/pageList?menuType=M&menuType=C&pageSize=5', token: admin });
    expect(res.body.data.list.length).toBe(5);
    const pages = await t.ctx.db.selectFrom('sys_menu').select('id').where('menu_type', 'in', ['M', 'C']).execute();
    expect(res.body.data.total).toBe(pages.length);
    expect(res.body.data.list.every((m) => m.menuType !== 'F')).toBe(true);
    const named = await t.call<Page<MenuRow>>({ method: 'GET', url: `/api/system/menu/pageList?menuName=${encodeURIComponent('字典')}&menuType=C`, token: admin });
    expect(named.body.data.list.map((m) => m.menuName)).toEqual(['字典管理']);
    const wildcard = await t.call<Page<MenuRow>>({ method: 'GET', url: '/api/system/menu/pageList?menuName=%25', token: admin });
    expect(wildcard.body.data.total).toBe(0);
    const bad = await t.call({ method: 'GET', url: '/api/system/menu/pageList?menuType=X', token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('菜单类型取值无效');
  });

  it('superior answers the ancestors top down, for one id or several', async () => {
    const system = await idOf('系统管理');
    const users = await idOf('用户管理');
    const button = (await t.ctx.db.selectFrom('sys_menu').select('id').where('perms', '=', 'system:user:add').executeTakeFirstOrThrow()).id;
    const one = await t.call<MenuRow[]>({ method: 'POST', url: '/api/system/menu/superior', payload: { ids: users }, token: admin });
    expect(one.body.data.map((m) => m.id)).toEqual([system]);
    const many = await t.call<MenuRow[]>({ method: 'POST', url: '/api/system/menu/superior', payload: { ids: [button, users] }, token: admin });
    expect(many.body.data.map((m) => m.id)).toEqual([system, users]);
    const top = await t.call<MenuRow[]>({ method: 'POST', url: '/api/system/menu/superior', payload: { ids: [system] }, token: admin });
    expect(top.body.data).toEqual([]);
  });

  it('child answers every descendant id', async () => {
    const system = await idOf('系统管理');
    const res = await t.call<number[]>({ method: 'GET', url: `/api/menus/child?id=${system}`, token: admin });
    const all = await t.ctx.db.selectFrom('sys_menu').select(['id', 'parent_id']).execute();
    const below = (id: number): number[] => all.filter((m) => m.parent_id === id).flatMap((m) => [m.id, ...below(m.id)]);
    expect(res.body.data.sort((a, b) => a - b)).toEqual(below(system).sort((a, b) => a - b));
    expect(res.body.data.length).toBeGreaterThan(30);
    expect(res.body.data).not.toContain(system);
    expect((await t.call({ method: 'GET', url: '/api/menus/child?id=99999', token: admin })).status).toBe(404);
    const missing = await t.call({ method: 'GET', url: '/api/menus/child', token: admin });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('菜单必须是数字');
  });

  it('tree is readable by role managers, and refused to others', async () => {
    const roleManager = await createLimitedUser(t, { perms: ['system:role:list'] });
    const res = await t.call<MenuTreeNode[]>({ method: 'GET', url: '/api/system/menu/tree', token: roleManager.token });
    expect(res.status).toBe(200);
    const system = res.body.data.find((m) => m.menuName === '系统管理')!;
    expect(system.children.length).toBe((await t.ctx.db.selectFrom('sys_menu').select('id').where('parent_id', '=', system.id).execute()).length);
    expect(system.children[0].children.length).toBeGreaterThan(0);
    const nobody = await createLimitedUser(t, { perms: ['system:dict:list'] });
    expect((await t.call({ method: 'GET', url: '/api/system/menu/tree', token: nobody.token })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/system/menu/lazy', token: nobody.token })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/system/menu/superior', payload: { ids: [1] }, token: nobody.token })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/menus/child?id=1', token: nobody.token })).status).toBe(403);
  });

  it('refuses callers without a token', async () => {
    for (const url of ['/api/system/menu/lazy', '/api/system/menu/pageList', '/api/system/menu/tree', '/api/menus/child?id=1', '/api/system/menu/selectMenusByUser', '/api/system/menu/remove/1']) {
      expect((await t.call({ method: 'GET', url })).status).toBe(401);
    }
    expect((await t.call({ method: 'POST', url: '/api/system/menu/add', payload: {} })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/system/menu/edit', payload: {} })).status).toBe(401);
  });
});

describe('changing menus', () => {
  it('adds a directory, a page and a button, with audit', async () => {
    const dir = await add({ menuName: '测试监控', menuType: 'M', path: '/t-monitor', icon: 'monitor', menuScope: 'monitor', orderNum: 2 });
    expect(dir.body.code).toBe(0);
    const page = await add({ parentId: dir.body.data.id, menuName: '测试实时', menuType: 'C', path: 'realtime', component: 'monitor/realtime', perms: 'monitor:realtime:list', menuScope: 'monitor' });
    expect(page.body.code).toBe(0);
    const button = await add({ parentId: page.body.data.id, menuName: '控制', menuType: 'F', perms: 'monitor:realtime:control', path: 'ignored' });
    expect(button.body.code).toBe(0);
    const stored = await t.ctx.db.selectFrom('sys_menu').selectAll().where('id', '=', button.body.data.id).executeTakeFirstOrThrow();
    expect(stored.path).toBeNull();
    const audit = await t.ctx.db.selectFrom('sys_audit').selectAll().where('category', '=', 'menu').where('action', '=', '新增菜单').execute();
    expect(audit.length).toBe(3);
    expect(audit[0].user_name).toBe('admin');
  });

  it('refuses invalid menus with a Chinese message and stores nothing', async () => {
    const before = await menuCount();
    const users = await idOf('用户管理');
    const button = (await t.ctx.db.selectFrom('sys_menu').select('id').where('perms', '=', 'system:user:add').executeTakeFirstOrThrow()).id;
    const cases: [object, number, string][] = [
      [{ menuType: 'M', path: '/x' }, 400, '请输入菜单名称'],
      [{ menuName: '目录', menuType: 'M' }, 400, '请输入路由地址'],
      [{ menuName: '页面', menuType: 'C', path: 'p' }, 400, '请输入组件路径'],
      [{ menuName: '页面', menuType: 'C', component: 'a/b' }, 400, '请输入路由地址'],
      [{ menuName: '按钮', menuType: 'F', parentId: users }, 400, '请输入权限标识'],
      [{ menuName: '按钮', menuType: 'F', perms: 'a:b' }, 400, '按钮必须属于某个菜单或目录'],
      [{ menuName: '子', menuType: 'F', perms: 'a:b', parentId: button }, 400, '按钮下不能添加子菜单'],
      [{ menuName: '子', menuType: 'C', path: 'x', component: 'x', parentId: users }, 400, '菜单下只能添加按钮'],
      [{ menuName: '子', menuType: 'C', path: 'x', component: 'x', parentId: 99999 }, 400, '上级菜单不存在'],
      [{ menuName: '外链', menuType: 'C', path: 'www.x.com', isFrame: true }, 400, '外链地址必须以 http:// 或 https:// 开头'],
      [{ menuName: '用户管理', menuType: 'C', path: 'u2', component: 'x', parentId: await idOf('系统管理') }, 409, '同级下已存在名称为“用户管理”的菜单'],
      [{ menuName: '用户2', menuType: 'C', path: 'user', component: 'x', parentId: await idOf('系统管理') }, 409, '同级下已存在路由地址“user”'],
      [{ menuName: '目录', menuType: 'Q', path: '/q' }, 400, '菜单类型取值无效'],
    ];
    for (const [payload, status, msg] of cases) {
      const res = await add(payload);
      expect([res.status, res.body.msg]).toEqual([status, msg]);
    }
    expect(await menuCount()).toBe(before);
  });

  it('edits a menu and refuses a cycle', async () => {
    const dir = await idOf('测试监控');
    const page = await idOf('测试实时');
    const res = await t.call({ method: 'POST', url: '/api/system/menu/edit', token: admin, payload: { id: page, parentId: dir, menuName: '测试实时', menuType: 'C', path: 'live', component: 'monitor/realtime', menuScope: 'monitor', keepAlive: true } });
    expect(res.body.code).toBe(0);
    expect((await t.ctx.db.selectFrom('sys_menu').select(['path', 'keep_alive']).where('id', '=', page).executeTakeFirstOrThrow())).toEqual({ path: 'live', keep_alive: 1 });
    const cycle = await t.call({ method: 'POST', url: '/api/system/menu/edit', token: admin, payload: { id: dir, parentId: page, menuName: '测试监控', menuType: 'M', path: '/t-monitor' } });
    expect(cycle.body.msg).toBe('菜单下只能添加按钮');
    const sub = await add({ parentId: dir, menuName: '测试子目录', menuType: 'M', path: 'sub', menuScope: 'monitor' });
    const loop = await t.call({ method: 'POST', url: '/api/system/menu/edit', token: admin, payload: { id: dir, parentId: sub.body.data.id, menuName: '测试监控', menuType: 'M', path: '/t-monitor' } });
    expect(loop.body.msg).toBe('上级菜单不能选择自身的下级');
    const self = await t.call({ method: 'POST', url: '/api/system/menu/edit', token: admin, payload: { id: dir, parentId: dir, menuName: '测试监控', menuType: 'M', path: '/t-monitor' } });
    expect(self.body.msg).toBe('上级菜单不能选择自身');
    const toButton = await t.call({ method: 'POST', url: '/api/system/menu/edit', token: admin, payload: { id: dir, menuName: '测试监控', menuType: 'F', perms: 'x:y', parentId: page } });
    expect(toButton.status).toBe(400);
    expect((await t.ctx.db.selectFrom('sys_menu').select(['parent_id', 'menu_type']).where('id', '=', dir).executeTakeFirstOrThrow())).toEqual({ parent_id: 0, menu_type: 'M' });
    await t.call({ method: 'GET', url: `/api/system/menu/remove/${sub.body.data.id}`, token: admin });
    const missing = await t.call({ method: 'POST', url: '/api/system/menu/edit', token: admin, payload: { id: 99999, menuName: 'x', menuType: 'M', path: '/x' } });
    expect(missing.status).toBe(404);
  });

  it('refuses to remove a menu with children; removes a leaf and its role grants', async () => {
    const dir = await idOf('测试监控');
    const refused = await t.call({ method: 'GET', url: `/api/system/menu/remove/${dir}`, token: admin });
    expect([refused.status, refused.body.msg]).toEqual([400, '存在子菜单，不允许删除']);
    const leaf = await add({ parentId: dir, menuName: '测试临时页', menuType: 'C', path: 'tmp', component: 'monitor/tmp', menuScope: 'monitor' });
    const holder = await createLimitedUser(t, { menuIds: [leaf.body.data.id] });
    const res = await t.call({ method: 'GET', url: `/api/system/menu/remove/${leaf.body.data.id}`, token: admin });
    expect(res.body.code).toBe(0);
    expect(await t.ctx.db.selectFrom('sys_role_menu').select('menu_id').where('role_id', '=', holder.roleId).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('sys_audit').select('id').where('action', '=', '删除菜单').where('target', '=', `测试临时页(${leaf.body.data.id})`).execute()).toHaveLength(1);
  });

  it('refuses changes to users without the permission', async () => {
    const reader = await createLimitedUser(t, { perms: ['system:menu:list'] });
    const before = await menuCount();
    expect((await add({ menuName: '目录X', menuType: 'M', path: '/x' }, reader.token)).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/system/menu/edit', token: reader.token, payload: { id: 1, menuName: 'x', menuType: 'M', path: '/x' } })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/system/menu/remove/${await idOf('测试临时页').catch(() => 1)}`, token: reader.token })).status).toBe(403);
    expect(await menuCount()).toBe(before);
  });
});

describe('selectMenusByUser', () => {
  let sysId: number;
  beforeAll(async () => {
    sysId = await idOf('系统管理');
    await add({ menuName: '测试首页', menuType: 'C', path: '/t-home/index', component: 'dashboard', icon: 'home', affix: true, orderNum: 0 });
    await add({ menuName: '测试帮助', menuType: 'C', path: 'https://example.com/help', isFrame: true, parentId: sysId, menuScope: 'system', orderNum: 99 });
    await add({ menuName: '测试隐藏页', menuType: 'C', path: 'secret', component: 'system/secret', hidden: true, parentId: sysId, menuScope: 'system', orderNum: 98 });
    const energy = await add({ menuName: '测试能耗', menuType: 'M', path: '/t-energy', menuScope: 'energy', enabled: false });
    await add({ menuName: '测试能耗页', menuType: 'C', path: 'analysis', component: 'energy/analysis', parentId: energy.body.data.id, menuScope: 'energy' });
    const nested = await add({ menuName: '测试告警', menuType: 'M', path: 'alarm', parentId: await idOf('测试监控'), menuScope: 'monitor' });
    await add({ menuName: '测试实时告警', menuType: 'C', path: 'active', component: 'alarm/active', parentId: nested.body.data.id, menuScope: 'monitor' });
  });

  it('gives the administrator every enabled page, shaped for the console', async () => {
    // A fresh session: with several modules now, none is chosen yet, so every module shows.
    const token = await t.login('admin', ADMIN_PASSWORD);
    const res = await t.call<RouteMenu[]>({ method: 'GET', url: '/api/system/menu/selectMenusByUser', token });
    expect(res.status).toBe(200);
    const menus = res.body.data;
    // Other migrations seed more menus; ours keep their order among them.
    expect(menus.map((m) => m.meta.title).filter((x) => ['测试首页', '系统管理', '测试监控'].includes(x))).toEqual(['测试首页', '系统管理', '测试监控']);
    const home = menus.find((m) => m.meta.title === '测试首页')!;
    expect(home).toMatchObject({ path: '/', component: 'Layout' });
    expect(home.children![0]).toMatchObject({ path: 't-home/index', component: 'dashboard', meta: { title: '测试首页', affix: true, noCache: true, scope: 'all' } });
    const system = menus.find((m) => m.meta.title === '系统管理')!;
    expect(system).toMatchObject({ path: '/system', component: 'Layout', alwaysShow: true, redirect: '/system/user', hidden: false, meta: { icon: 'setting', scope: 'system' } });
    const user = system.children![0];
    expect(user).toMatchObject({ path: 'user', component: 'system/users', hidden: false, meta: { title: '用户管理', noCache: true } });
    expect(user.children).toBeUndefined();
    const names = new Set<string>();
    const walk = (list: RouteMenu[]) => list.forEach((m) => (names.add(m.name), walk(m.children ?? [])));
    walk(menus);
    expect(names.size).toBeGreaterThan(12);
    expect(system.children!.find((c) => c.meta.title === '测试隐藏页')!.hidden).toBe(true);
    const link = system.children!.find((c) => c.meta.title === '测试帮助')!;
    expect(link).toMatchObject({ path: 'https://example.com/help', meta: { link: 'https://example.com/help' } });
    expect(link.component).toBeUndefined();
    const monitor = menus.find((m) => m.meta.title === '测试监控')!;
    const alarm = monitor.children!.find((c) => c.meta.title === '测试告警')!;
    expect(alarm).toMatchObject({ path: 'alarm', component: 'ParentView', alwaysShow: true, redirect: '/t-monitor/alarm/active' });
    expect(alarm.children![0]).toMatchObject({ path: 'active', component: 'alarm/active' });
    // The disabled 能耗分析 directory hides its page.
    expect(JSON.stringify(menus)).not.toContain('energy/analysis');
  });

  it('gives a limited user only granted pages and their directories', async () => {
    const u = await createLimitedUser(t, { menuIds: [await idOf('用户管理'), await idOf('测试实时告警')], perms: ['system:user:add'] });
    const res = await t.call<RouteMenu[]>({ method: 'GET', url: '/api/system/menu/selectMenusByUser', token: u.token });
    const menus = res.body.data;
    expect(menus.map((m) => m.meta.title)).toEqual(['系统管理', '测试监控']);
    expect(menus[0].children!.map((c) => c.meta.title)).toEqual(['用户管理']);
    expect(menus[1].children!.map((c) => c.meta.title)).toEqual(['测试告警']);
    expect(menus[1].children![0].children!.map((c) => c.meta.title)).toEqual(['测试实时告警']);
    expect(menus[1].redirect).toBe('/t-monitor/alarm/active');
  });

  it('follows the module chosen for the session; scope "all" always shows', async () => {
    const u = await createLimitedUser(t, { menuIds: [await idOf('用户管理'), await idOf('测试实时告警'), await idOf('测试首页')] });
    const chosen = await t.call({ method: 'POST', url: '/api/system/user/selectModule', token: u.token, payload: { module: 'monitor' } });
    expect(chosen.body.code).toBe(0);
    const res = await t.call<RouteMenu[]>({ method: 'GET', url: '/api/system/menu/selectMenusByUser', token: u.token });
    expect(res.body.data.map((m) => m.meta.title)).toEqual(['测试首页', '测试监控']);
    await t.call({ method: 'POST', url: '/api/system/user/selectModule', token: u.token, payload: { module: 'system' } });
    const sys = await t.call<RouteMenu[]>({ method: 'GET', url: '/api/system/menu/selectMenusByUser', token: u.token });
    expect(sys.body.data.map((m) => m.meta.title)).toEqual(['测试首页', '系统管理']);
  });

  it('answers an empty list to a user without menus', async () => {
    const u = await createLimitedUser(t, {});
    const res = await t.call<RouteMenu[]>({ method: 'GET', url: '/api/system/menu/selectMenusByUser', token: u.token });
    expect(res.body.data).toEqual([]);
  });
});
