import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PERMS, type Page, type SkipRole, type UserRow } from '@pdz/contracts';
import type { TestApp } from '../../../test/harness';
import { addDept, addRole, addUser, adminId, auditRows, PW, rootDeptId, startSystemApp, superRoleId, userWith } from './testkit';

const USER_PERMS = Object.values(PERMS.user);

let t: TestApp;
let deptA: number, deptA1: number, deptB: number;
let mgr: { id: number; roleId: number; token: string };
let a1: number, a11: number, b1: number;

beforeAll(async () => {
  t = await startSystemApp();
  const root = await rootDeptId(t);
  deptA = await addDept(t, '一分公司', root);
  deptA1 = await addDept(t, '一分公司运维班', deptA);
  deptB = await addDept(t, '二分公司', root);
  mgr = await userWith(t, 'amgr', USER_PERMS, { dataScope: 'dept', deptId: deptA });
  a1 = await addUser(t, { userName: 'a1', deptId: deptA });
  a11 = await addUser(t, { userName: 'a11', deptId: deptA1 });
  b1 = await addUser(t, { userName: 'b1', deptId: deptB, phone: '13900000001' });
});
afterAll(async () => t?.close());

const names = async (token: string, query = '') => {
  const res = await t.call<Page<UserRow>>({ method: 'GET', url: `/api/system/user/pageList?pageSize=100${query}`, token });
  expect(res.status).toBe(200);
  return res.body.data.list.map((u) => u.userName).sort();
};

describe('data scope of user management', () => {
  it('a role with scope "dept" sees only its own department', async () => {
    expect(await names(mgr.token)).toEqual(['a1', 'amgr']);
    expect(await names(mgr.token, `&deptId=${deptB}`)).toEqual([]);
    expect(await names(t.adminToken)).toEqual(['a1', 'a11', 'admin', 'amgr', 'b1']);
  });

  it('scope "deptAndBelow" includes sub-departments; "self" only the user', async () => {
    const below = await userWith(t, 'belowmgr', [PERMS.user.list], { dataScope: 'deptAndBelow', deptId: deptA });
    expect(await names(below.token)).toEqual(['a1', 'a11', 'amgr', 'belowmgr']);
    const self = await userWith(t, 'selfonly', [PERMS.user.list], { dataScope: 'self', deptId: deptB });
    expect(await names(self.token)).toEqual(['selfonly']);
    const custom = await userWith(t, 'custom', [PERMS.user.list], { dataScope: 'custom', deptIds: [deptA1, deptB], deptId: deptA });
    expect(await names(custom.token)).toEqual(['a11', 'b1', 'custom', 'selfonly']);
  });

  it('answers 404 for users outside the scope, for every call, and changes nothing', async () => {
    const notFound = { status: 404, msg: '用户不存在或无权访问' };
    const calls = [
      { method: 'GET', url: `/api/system/user/getById/${b1}` },
      { method: 'POST', url: '/api/system/user/edit', payload: { id: b1, deptId: deptB, nickName: 'hacked' } },
      { method: 'POST', url: '/api/system/user/changeStatus', payload: { id: b1, enabled: false } },
      { method: 'POST', url: '/api/system/user/resetPwd', payload: { id: b1, password: 'Hacked2026' } },
      { method: 'GET', url: `/api/system/user/remove?ids=${b1}` },
      { method: 'GET', url: `/api/system/user/getById/${a11}` },
    ] as const;
    for (const c of calls) {
      const res = await t.call({ ...c, token: mgr.token });
      expect({ status: res.status, msg: res.body.msg }, c.url).toEqual(notFound);
      expect(res.body.data).toBeUndefined();
    }
    const row = await t.ctx.db.selectFrom('sys_user').select(['nick_name', 'enabled']).where('id', '=', b1).executeTakeFirstOrThrow();
    expect(row).toEqual({ nick_name: null, enabled: 1 });
    await t.login('b1', PW);
    expect((await auditRows(t, 'user', '重置密码'))[0]).toMatchObject({ ok: 0, user_name: 'amgr' });
  });

  it('reaches users in scope', async () => {
    const got = await t.call<UserRow>({ method: 'GET', url: `/api/system/user/getById/${a1}`, token: mgr.token });
    expect(got.body.data.userName).toBe('a1');
    const edit = await t.call({ method: 'POST', url: '/api/system/user/edit', token: mgr.token, payload: { id: a1, deptId: deptA, nickName: '甲一' } });
    expect(edit.body.code).toBe(0);
  });

  it('cannot put a user into a department outside the scope', async () => {
    const add = await t.call({ method: 'POST', url: '/api/system/user/add', token: mgr.token, payload: { userName: 'newb', password: PW, deptId: deptB } });
    expect(add.status).toBe(403);
    expect(add.body.msg).toBe('只能将用户分配到您有权管理的部门');
    const none = await t.call({ method: 'POST', url: '/api/system/user/add', token: mgr.token, payload: { userName: 'newb', password: PW } });
    expect(none.status).toBe(403);
    const move = await t.call({ method: 'POST', url: '/api/system/user/edit', token: mgr.token, payload: { id: a1, deptId: deptB } });
    expect(move.status).toBe(403);
    const ok = await t.call({ method: 'POST', url: '/api/system/user/add', token: mgr.token, payload: { userName: 'newa', password: PW, deptId: deptA } });
    expect(ok.body.code).toBe(0);
    expect((await t.ctx.db.selectFrom('sys_user').select('dept_id').where('id', '=', a1).executeTakeFirstOrThrow()).dept_id).toBe(deptA);
  });

  it('exports only users in scope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/user/export', headers: { authorization: `Bearer ${mgr.token}` } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const exported: string[] = [];
    ws.eachRow((row, n) => n > 1 && exported.push(String(row.getCell(2).value)));
    expect(exported.sort()).toEqual(await names(mgr.token));
    expect(exported).toContain('newa');
    expect(exported).not.toContain('b1');
    expect(exported).not.toContain('a11');
  });
});

describe('privilege escalation', () => {
  let richer: number;
  let adminRole: number;

  beforeAll(async () => {
    adminRole = await superRoleId(t);
    richer = await addRole(t, { roleKey: 'richer', roleName: '更高权限', perms: [...USER_PERMS, PERMS.role.add] });
  });

  it('selectSkipRole lists the administrator role and roles granting more than the caller holds', async () => {
    const skip = await t.call<SkipRole[]>({ method: 'GET', url: '/api/system/role/selectSkipRole', token: mgr.token });
    const keys = skip.body.data.map((r) => r.roleKey);
    expect(keys).toContain('admin');
    expect(keys).toContain('richer');
    expect(keys).not.toContain('r_amgr');
    const forAdmin = await t.call<SkipRole[]>({ method: 'GET', url: '/api/system/role/selectSkipRole', token: t.adminToken });
    expect(forAdmin.body.data).toEqual([]);
    expect((await t.call({ method: 'GET', url: '/api/system/role/selectSkipRole' })).status).toBe(401);
  });

  it('nobody edits their own roles', async () => {
    const res = await t.call({ method: 'POST', url: '/api/system/user/edit', token: mgr.token, payload: { id: mgr.id, deptId: deptA, roleIds: [mgr.roleId, adminRole] } });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('不能修改自己的角色');
    const drop = await t.call({ method: 'POST', url: '/api/system/user/edit', token: t.adminToken, payload: { id: await adminId(t), roleIds: [] } });
    expect(drop.status).toBe(403);
    const roles = await t.ctx.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', mgr.id).execute();
    expect(roles.map((r) => r.role_id)).toEqual([mgr.roleId]);
    const audit = await auditRows(t, 'user', '修改用户');
    expect(audit[1]).toMatchObject({ user_name: 'amgr', target: 'amgr', ok: 0 });
    expect(audit[1].detail).toContain('不能修改自己的角色');
  });

  it('cannot grant the administrator role or a role with permissions the caller lacks', async () => {
    const asAdmin = await t.call({ method: 'POST', url: '/api/system/user/add', token: mgr.token, payload: { userName: 'evil', password: PW, deptId: deptA, roleIds: [adminRole] } });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.msg).toBe('无权分配角色“超级管理员”：不能授予超级管理员角色');
    const rich = await t.call({ method: 'POST', url: '/api/system/user/edit', token: mgr.token, payload: { id: a1, deptId: deptA, roleIds: [richer] } });
    expect(rich.status).toBe(403);
    expect(rich.body.msg).toMatch(/^无权分配角色“更高权限”：不能授予您自己没有的权限：/);
    expect(await t.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'evil').executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', a1).execute()).toEqual([]);
    const failures = (await auditRows(t, 'user')).filter((r) => r.ok === 0 && r.user_name === 'amgr');
    expect(failures.some((r) => r.action === '新增用户' && r.target === 'evil')).toBe(true);
    // A role within what the caller holds can be given.
    const own = await t.call({ method: 'POST', url: '/api/system/user/edit', token: mgr.token, payload: { id: a1, deptId: deptA, roleIds: [mgr.roleId] } });
    expect(own.body.code).toBe(0);
  });

  it('cannot manage the built-in administrator or users holding stronger roles', async () => {
    const all = await userWith(t, 'allmgr', USER_PERMS, { dataScope: 'all', deptId: deptB });
    const admin = await adminId(t);
    for (const [method, url, payload] of [
      ['POST', '/api/system/user/edit', { id: admin, nickName: 'x' }],
      ['POST', '/api/system/user/changeStatus', { id: admin, enabled: false }],
      ['POST', '/api/system/user/resetPwd', { id: admin, password: 'Takeover2026' }],
      ['GET', `/api/system/user/remove?ids=${admin}`, undefined],
    ] as const) {
      const res = await t.call({ method, url, payload, token: all.token });
      expect(res.status, url).toBe(403);
    }
    const strong = await addUser(t, { userName: 'strong', deptId: deptB, roleIds: [richer] });
    const reset = await t.call({ method: 'POST', url: '/api/system/user/resetPwd', token: all.token, payload: { id: strong, password: 'Takeover2026' } });
    expect(reset.status).toBe(403);
    expect(reset.body.msg).toBe('无权操作权限高于您的用户');
    await t.login('admin', 'Admin#Test2026');
    await t.login('strong', PW);
  });
});
