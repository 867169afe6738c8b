import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMS, type Page, type RoleOption, type RoleRow } from '@pdz/contracts';
import type { TestApp } from '../../../test/harness';
import { addDept, addUser, auditRows, count, menusWith, rootDeptId, startSystemApp, superRoleId, userWith } from '../user/testkit';

let t: TestApp;
let root: number;
beforeAll(async () => {
  t = await startSystemApp();
  root = await rootDeptId(t);
});
afterAll(async () => t?.close());

const add = (payload: Record<string, unknown>, token = t.adminToken) => t.call<{ id: number }>({ method: 'POST', url: '/api/system/role/add', token, payload });
const edit = (payload: Record<string, unknown>, token = t.adminToken) => t.call({ method: 'POST', url: '/api/system/role/edit', token, payload });
const get = (id: number, token = t.adminToken) => t.call<RoleRow>({ method: 'GET', url: `/api/system/role/getById/${id}`, token });

describe('role calls need a session and the permission', () => {
  it('answers 401 without a token and 403 without the permission', async () => {
    for (const url of ['/api/system/role/pageList', '/api/system/role/getById/1', '/api/system/role/remove?ids=1', '/api/system/role/options']) {
      expect((await t.call({ method: 'GET', url })).status, url).toBe(401);
    }
    expect((await t.call({ method: 'POST', url: '/api/system/role/add', payload: {} })).status).toBe(401);
    const nobody = await userWith(t, 'nobody', [PERMS.dict.list]);
    const before = await count(t, 'sys_role');
    for (const [method, url] of [
      ['GET', '/api/system/role/pageList'],
      ['GET', '/api/system/role/options'],
      ['POST', '/api/system/role/add'],
      ['POST', '/api/system/role/edit'],
      ['POST', '/api/system/role/changeStatus'],
      ['GET', '/api/system/role/remove?ids=1'],
    ] as const) {
      const res = await t.call({ method, url, token: nobody.token, payload: method === 'POST' ? { roleName: 'x', roleKey: 'x' } : undefined });
      expect(res.status, url).toBe(403);
    }
    expect(await count(t, 'sys_role')).toBe(before);
    // The user form's role picker opens for user managers too.
    const userAdmin = await userWith(t, 'useradmin', [PERMS.user.list]);
    const options = await t.call<RoleOption[]>({ method: 'GET', url: '/api/system/role/options', token: userAdmin.token });
    expect(options.status).toBe(200);
    expect(options.body.data.map((r) => r.roleKey)).toContain('admin');
  });
});

describe('role CRUD', () => {
  let id: number;
  let deptId: number;

  it('adds a role with menus and custom departments', async () => {
    deptId = await addDept(t, '调度中心', root);
    const menuIds = await menusWith(t, [PERMS.user.list, PERMS.user.add]);
    const res = await add({ roleName: '调度员', roleKey: 'dispatcher', orderNum: 3, dataScope: 'custom', deptIds: [deptId], menuIds, remark: '负责调度' });
    expect(res.body.code).toBe(0);
    id = res.body.data.id;
    const got = await get(id);
    expect(got.body.data).toMatchObject({ id, roleName: '调度员', roleKey: 'dispatcher', orderNum: 3, dataScope: 'custom', enabled: true, builtIn: false, deptIds: [deptId], userCount: 0, remark: '负责调度' });
    expect(got.body.data.menuIds.sort()).toEqual(menuIds.sort());
    expect((await auditRows(t, 'role', '新增角色'))[0]).toMatchObject({ target: 'dispatcher', ok: 1 });
  });

  it('lists with filters and paging', async () => {
    const res = await t.call<Page<RoleRow>>({ method: 'GET', url: '/api/system/role/pageList?roleName=调度&pageSize=5', token: t.adminToken });
    expect(res.body.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 5 });
    expect(res.body.data.list[0].roleKey).toBe('dispatcher');
    const all = await t.call<Page<RoleRow>>({ method: 'GET', url: '/api/system/role/pageList?orderBy=id&order=desc', token: t.adminToken });
    const ids = all.body.data.list.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const disabled = await t.call<Page<RoleRow>>({ method: 'GET', url: '/api/system/role/pageList?enabled=false', token: t.adminToken });
    expect(disabled.body.data.total).toBe(0);
  });

  it('edits a role; departments are dropped unless the scope is custom', async () => {
    const res = await edit({ id, roleName: '调度员', roleKey: 'dispatcher', dataScope: 'dept', deptIds: [deptId], menuIds: await menusWith(t, [PERMS.user.list]) });
    expect(res.body.code).toBe(0);
    const got = await get(id);
    expect(got.body.data).toMatchObject({ dataScope: 'dept', deptIds: [] });
    expect(got.body.data.menuIds).toHaveLength((await menusWith(t, [PERMS.user.list])).length);
    expect((await auditRows(t, 'role', '修改角色'))[0]).toMatchObject({ target: 'dispatcher', ok: 1 });
  });

  it('names the invalid field in Chinese and stores nothing', async () => {
    const before = await count(t, 'sys_role');
    const cases: [Record<string, unknown>, string][] = [
      [{ roleKey: 'k1' }, '请输入角色名称'],
      [{ roleName: '甲' }, '请输入权限字符'],
      [{ roleName: '甲', roleKey: '1abc' }, '权限字符只能以字母开头，包含字母、数字和 _ : -'],
      [{ roleName: '甲', roleKey: 'k1', dataScope: 'everything' }, '数据范围取值无效'],
      [{ roleName: '甲', roleKey: 'k1', menuIds: [0] }, '菜单无效'],
      [{ roleName: '甲', roleKey: 'k1', orderNum: -1 }, '显示顺序不能小于0'],
    ];
    for (const [payload, msg] of cases) {
      const res = await add(payload);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await add({ roleName: '甲', roleKey: 'k1', menuIds: [999999] })).body.msg).toBe('所选菜单不存在');
    expect((await add({ roleName: '甲', roleKey: 'k1', dataScope: 'custom', deptIds: [999999] })).body.msg).toBe('所选部门不存在');
    expect(await count(t, 'sys_role')).toBe(before);
    const bad = await edit({ id, roleName: '', roleKey: 'dispatcher' });
    expect(bad.body.msg).toBe('请输入角色名称');
    expect((await get(id)).body.data.roleName).toBe('调度员');
  });

  it('refuses duplicate keys (any case) and names with 409', async () => {
    const before = await count(t, 'sys_role');
    const key = await add({ roleName: '另一个', roleKey: 'Dispatcher' });
    expect(key.status).toBe(409);
    expect(key.body.msg).toBe('权限字符“Dispatcher”已存在');
    const name = await add({ roleName: '调度员', roleKey: 'other' });
    expect(name.status).toBe(409);
    expect(name.body.msg).toBe('角色名称“调度员”已存在');
    const onEdit = await edit({ id, roleName: '调度员', roleKey: 'admin' });
    expect(onEdit.status).toBe(409);
    expect(await count(t, 'sys_role')).toBe(before);
  });

  it('protects the built-in administrator role', async () => {
    const admin = await superRoleId(t);
    const rm = await t.call({ method: 'GET', url: `/api/system/role/remove?ids=${admin}`, token: t.adminToken });
    expect(rm.status).toBe(400);
    expect(rm.body.msg).toBe('内置角色“超级管理员”不能删除');
    const off = await t.call({ method: 'POST', url: '/api/system/role/changeStatus', token: t.adminToken, payload: { id: admin, enabled: false } });
    expect(off.body.msg).toBe('内置角色不能停用');
    const rekey = await edit({ id: admin, roleName: '超级管理员', roleKey: 'root' });
    expect(rekey.body.msg).toBe('内置角色的权限字符不能修改');
    expect((await get(admin)).body.data).toMatchObject({ roleKey: 'admin', enabled: true });
    expect((await auditRows(t, 'role', '删除角色'))[0]).toMatchObject({ ok: 0 });
  });

  it('refuses to remove a role still held by users; removes it once free', async () => {
    const u = await addUser(t, { userName: 'holder', roleIds: [id] });
    const rm = await t.call({ method: 'GET', url: `/api/system/role/remove?ids=${id}`, token: t.adminToken });
    expect(rm.status).toBe(409);
    expect(rm.body.msg).toBe('角色“调度员”已分配给1个用户，请先取消分配再删除');
    await t.call({ method: 'POST', url: '/api/system/user/edit', token: t.adminToken, payload: { id: u, roleIds: [] } });
    const ok = await t.call({ method: 'GET', url: `/api/system/role/remove?ids=${id}`, token: t.adminToken });
    expect(ok.body.code).toBe(0);
    expect((await get(id)).status).toBe(404);
    expect(await t.ctx.db.selectFrom('sys_role_menu').select('menu_id').where('role_id', '=', id).execute()).toEqual([]);
    expect((await auditRows(t, 'role', '删除角色'))[0]).toMatchObject({ target: 'dispatcher', ok: 1 });
  });
});

describe('role changes take effect at once', () => {
  it('removing a permission from a role, or disabling the role, applies to the next call', async () => {
    const u = await userWith(t, 'listener', [PERMS.user.list]);
    const call = () => t.call({ method: 'GET', url: '/api/system/user/pageList', token: u.token });
    expect((await call()).status).toBe(200);
    await edit({ id: u.roleId, roleName: 'r_listener', roleKey: 'r_listener', dataScope: 'all', menuIds: [] });
    expect((await call()).status).toBe(403);
    await edit({ id: u.roleId, roleName: 'r_listener', roleKey: 'r_listener', dataScope: 'all', menuIds: await menusWith(t, [PERMS.user.list]) });
    expect((await call()).status).toBe(200);
    const off = await t.call({ method: 'POST', url: '/api/system/role/changeStatus', token: t.adminToken, payload: { id: u.roleId, enabled: false } });
    expect(off.body.code).toBe(0);
    expect((await call()).status).toBe(403);
    expect((await auditRows(t, 'role', '停用角色'))[0]).toMatchObject({ target: 'r_listener', ok: 1 });
    const options = await t.call<RoleOption[]>({ method: 'GET', url: '/api/system/role/options', token: t.adminToken });
    expect(options.body.data.map((r) => r.id)).not.toContain(u.roleId);
  });
});

describe('role privilege escalation', () => {
  const rolePerms = [PERMS.role.list, PERMS.role.add, PERMS.role.edit, PERMS.role.remove, PERMS.user.list];

  it('a role manager cannot grant menus they do not hold, and the attempt is audited', async () => {
    const mgr = await userWith(t, 'rolemgr', rolePerms);
    const before = await count(t, 'sys_role');
    const res = await add({ roleName: '越权', roleKey: 'grab', dataScope: 'all', menuIds: await menusWith(t, [PERMS.menu.add]) }, mgr.token);
    expect(res.status).toBe(403);
    expect(res.body.msg).toMatch(/^不能授予您自己没有的权限：/);
    expect(await count(t, 'sys_role')).toBe(before);
    const audit = (await auditRows(t, 'role', '新增角色'))[0];
    expect(audit).toMatchObject({ user_name: 'rolemgr', target: 'grab', ok: 0 });
    expect(audit.detail).toContain('不能授予您自己没有的权限');
    // Within what they hold it works.
    const ok = await add({ roleName: '只读', roleKey: 'readonly', dataScope: 'all', menuIds: await menusWith(t, [PERMS.user.list]) }, mgr.token);
    expect(ok.body.code).toBe(0);
    // Nor can they widen an existing role, or touch roles stronger than theirs.
    const widen = await edit({ id: ok.body.data.id, roleName: '只读', roleKey: 'readonly', dataScope: 'all', menuIds: await menusWith(t, [PERMS.user.list, PERMS.user.remove]) }, mgr.token);
    expect(widen.status).toBe(403);
    const admin = await superRoleId(t);
    const touchAdmin = await edit({ id: admin, roleName: '超级管理员', roleKey: 'admin', dataScope: 'all' }, mgr.token);
    expect(touchAdmin.status).toBe(403);
    expect(touchAdmin.body.msg).toBe('无权操作权限高于您的角色“超级管理员”');
    const rmAdmin = await t.call({ method: 'GET', url: `/api/system/role/remove?ids=${admin}`, token: mgr.token });
    expect(rmAdmin.status).toBe(403);
  });

  it('a manager limited to their department cannot grant wider data scopes', async () => {
    const dA = await addDept(t, '甲站', root);
    const dA1 = await addDept(t, '甲站一班', dA);
    const dB = await addDept(t, '乙站', root);
    const mgr = await userWith(t, 'deptrolemgr', rolePerms, { dataScope: 'dept', deptId: dA });
    const menuIds = await menusWith(t, [PERMS.user.list]);
    const all = await add({ roleName: '全部', roleKey: 'wide_all', dataScope: 'all', menuIds }, mgr.token);
    expect(all.status).toBe(403);
    expect(all.body.msg).toBe('不能授予超出您数据范围的数据权限（全部数据）');
    const below = await add({ roleName: '以下', roleKey: 'wide_below', dataScope: 'deptAndBelow', menuIds }, mgr.token);
    expect(below.status).toBe(403); // 甲站一班 is below 甲站 but outside "本部门"
    const custom = await add({ roleName: '自定', roleKey: 'wide_custom', dataScope: 'custom', deptIds: [dB], menuIds }, mgr.token);
    expect(custom.body.msg).toBe('不能授予超出您数据范围的部门');
    const fine = await add({ roleName: '本部门', roleKey: 'narrow', dataScope: 'custom', deptIds: [dA], menuIds }, mgr.token);
    expect(fine.body.code).toBe(0);
    expect(dA1).toBeGreaterThan(0);
  });
});
