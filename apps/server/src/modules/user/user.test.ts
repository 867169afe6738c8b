import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PERMS, type Page, type UserRow } from '@pdz/contracts';
import type { TestApp } from '../../../test/harness';
import { addDept, addRole, addUser, adminId, auditRows, count, PW, rootDeptId, startSystemApp, userWith } from './testkit';

let t: TestApp;
let root: number;
beforeAll(async () => {
  t = await startSystemApp();
  root = await rootDeptId(t);
});
afterAll(async () => t?.close());

const list = (query = '', token = t.adminToken) => t.call<Page<UserRow>>({ method: 'GET', url: `/api/system/user/pageList${query}`, token });

describe('user calls need a session and the permission', () => {
  it('answers 401 without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/system/user/pageList'],
      ['GET', '/api/system/user/getById/1'],
      ['POST', '/api/system/user/add'],
      ['POST', '/api/system/user/edit'],
      ['GET', '/api/system/user/remove?ids=1'],
      ['POST', '/api/system/user/changeStatus'],
      ['POST', '/api/system/user/resetPwd'],
      ['GET', '/api/system/user/export'],
      ['POST', '/api/system/user/profile/edit'],
      ['POST', '/api/system/user/profile/avatar'],
    ] as const) {
      const res = await t.call({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.status, url).toBe(401);
    }
  });

  it('answers 403 to a signed-in user without the permission and changes nothing', async () => {
    const viewer = await userWith(t, 'viewer', [PERMS.user.list]);
    expect((await list('', viewer.token)).status).toBe(200);
    const before = await count(t, 'sys_user');
    const add = await t.call({ method: 'POST', url: '/api/system/user/add', token: viewer.token, payload: { userName: 'sneaky', password: PW } });
    expect(add.status).toBe(403);
    expect(add.body.msg).toBe('没有权限访问该功能，请联系管理员授权');
    expect(await count(t, 'sys_user')).toBe(before);
    for (const [method, url, payload] of [
      ['POST', '/api/system/user/edit', { id: viewer.id }],
      ['GET', `/api/system/user/remove?ids=${viewer.id}`, undefined],
      ['POST', '/api/system/user/changeStatus', { id: viewer.id, enabled: false }],
      ['POST', '/api/system/user/resetPwd', { id: viewer.id, password: 'Another2026' }],
      ['GET', '/api/system/user/export', undefined],
    ] as const) {
      expect((await t.call({ method, url, token: viewer.token, payload })).status, url).toBe(403);
    }
  });
});

describe('user CRUD', () => {
  let deptId: number;
  let roleId: number;
  let id: number;

  beforeAll(async () => {
    deptId = await addDept(t, '运维部', root);
    roleId = await addRole(t, { roleKey: 'operator', perms: [PERMS.user.list] });
  });

  it('adds a user with department and roles; never returns the password hash', async () => {
    const res = await t.call<{ id: number }>({
      method: 'POST',
      url: '/api/system/user/add',
      token: t.adminToken,
      payload: { userName: 'zhangsan', nickName: '张三', password: PW, deptId, phone: '13800000001', email: 'zs@example.com', roleIds: [roleId] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, msg: 'success' });
    id = res.body.data.id;
    const got = await t.call<UserRow>({ method: 'GET', url: `/api/system/user/getById/${id}`, token: t.adminToken });
    expect(got.body.data).toMatchObject({ id, userName: 'zhangsan', nickName: '张三', deptId, deptName: '运维部', phone: '13800000001', enabled: true, builtIn: false, roleIds: [roleId], roleNames: ['operator'] });
    expect(JSON.stringify(got.body)).not.toMatch(/password|argon2/i);
    const stored = await t.ctx.db.selectFrom('sys_user').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    await t.login('zhangsan', PW);
    const audit = await auditRows(t, 'user', '新增用户');
    expect(audit[0]).toMatchObject({ target: 'zhangsan', ok: 1 });
  });

  it('lists with filters and a whitelisted sort', async () => {
    const page = await list(`?userName=ZHANG&pageSize=5`);
    expect(page.body.data.list.map((u) => u.userName)).toEqual(['zhangsan']);
    expect(page.body.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 5 });
    expect(JSON.stringify(page.body)).not.toMatch(/password/i);
    expect((await list(`?phone=13800000001`)).body.data.total).toBe(1);
    expect((await list(`?deptId=${root}`)).body.data.list.map((u) => u.userName)).toContain('zhangsan'); // dept and below
    expect((await list(`?deptId=${deptId}&enabled=false`)).body.data.total).toBe(0);
    expect((await list(`?userName=%25`)).body.data.total).toBe(0); // % is matched literally
    const sorted = await list('?orderBy=userName&order=desc&pageSize=100');
    const names = sorted.body.data.list.map((u) => u.userName);
    expect(names).toEqual([...names].sort().reverse());
    // Anything outside the whitelist falls back to the default order instead of reaching SQL.
    const odd = await list('?orderBy=password_hash;drop table sys_user');
    expect(odd.status).toBe(200);
  });

  it('edits a user and leaves roles alone when roleIds is omitted', async () => {
    const res = await t.call({ method: 'POST', url: '/api/system/user/edit', token: t.adminToken, payload: { id, nickName: '张三丰', deptId, phone: '13800000002' } });
    expect(res.body.code).toBe(0);
    const got = await t.call<UserRow>({ method: 'GET', url: `/api/system/user/getById/${id}`, token: t.adminToken });
    expect(got.body.data).toMatchObject({ nickName: '张三丰', phone: '13800000002', roleIds: [roleId], enabled: true });
    expect((await auditRows(t, 'user', '修改用户'))[0]).toMatchObject({ target: 'zhangsan', ok: 1 });
  });

  it('names the invalid field in Chinese and stores nothing', async () => {
    const before = await count(t, 'sys_user');
    const cases: [Record<string, unknown>, string][] = [
      [{ password: PW }, '请输入用户名'],
      [{ userName: 'x', password: PW }, '用户名至少需要2个字符'],
      [{ userName: 'bad name', password: PW }, '用户名只能包含字母、数字和 _ . @ -'],
      [{ userName: 'lisi', password: 'short1' }, '密码长度不能少于8位'],
      [{ userName: 'lisi', password: PW, phone: '123' }, '请输入正确的手机号码'],
      [{ userName: 'lisi', password: PW, email: 'nope' }, '请输入正确的邮箱'],
      [{ userName: 'lisi', password: PW, roleIds: 'x' }, '角色必须是列表'],
    ];
    for (const [payload, msg] of cases) {
      const res = await t.call({ method: 'POST', url: '/api/system/user/add', token: t.adminToken, payload });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const edit = await t.call({ method: 'POST', url: '/api/system/user/edit', token: t.adminToken, payload: { id, phone: '999' } });
    expect(edit.body.msg).toBe('请输入正确的手机号码');
    expect(await count(t, 'sys_user')).toBe(before);
    const row = await t.ctx.db.selectFrom('sys_user').select('phone').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.phone).toBe('13800000002');
  });

  it('refuses unknown departments and roles', async () => {
    const before = await count(t, 'sys_user');
    const dept = await t.call({ method: 'POST', url: '/api/system/user/add', token: t.adminToken, payload: { userName: 'lisi', password: PW, deptId: 99999 } });
    expect(dept.body.msg).toBe('所选部门不存在');
    const role = await t.call({ method: 'POST', url: '/api/system/user/add', token: t.adminToken, payload: { userName: 'lisi', password: PW, roleIds: [99999] } });
    expect(role.body.msg).toBe('所选角色不存在');
    expect(await count(t, 'sys_user')).toBe(before);
  });

  it('refuses duplicate user names (any case) and phones with 409 naming the value', async () => {
    const before = await count(t, 'sys_user');
    const name = await t.call({ method: 'POST', url: '/api/system/user/add', token: t.adminToken, payload: { userName: 'ZhangSan', password: PW } });
    expect(name.status).toBe(409);
    expect(name.body.msg).toBe('用户名“ZhangSan”已存在');
    const phone = await t.call({ method: 'POST', url: '/api/system/user/add', token: t.adminToken, payload: { userName: 'lisi', password: PW, phone: '13800000002' } });
    expect(phone.status).toBe(409);
    expect(phone.body.msg).toBe('手机号码“13800000002”已存在');
    expect(await count(t, 'sys_user')).toBe(before);
    const other = await addUser(t, { userName: 'lisi', phone: '13800000003' });
    const edit = await t.call({ method: 'POST', url: '/api/system/user/edit', token: t.adminToken, payload: { id: other, phone: '13800000002' } });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe('手机号码“13800000002”已存在');
    const failed = await auditRows(t, 'user', '修改用户');
    expect(failed[0]).toMatchObject({ target: 'lisi', ok: 0 });
  });

  it('disabling a user ends their sessions and blocks sign-in; enabling lets them back', async () => {
    const token = await t.login('zhangsan', PW);
    expect((await t.call({ method: 'GET', url: '/api/system/user/selectUserInfo', token })).status).toBe(200);
    const off = await t.call({ method: 'POST', url: '/api/system/user/changeStatus', token: t.adminToken, payload: { id, enabled: false } });
    expect(off.body.code).toBe(0);
    expect((await t.call({ method: 'GET', url: '/api/system/user/selectUserInfo', token })).status).toBe(401);
    await expect(t.login('zhangsan', PW)).rejects.toThrow(/已停用/);
    expect((await auditRows(t, 'user', '停用用户'))[0]).toMatchObject({ target: 'zhangsan', ok: 1 });
    await t.call({ method: 'POST', url: '/api/system/user/changeStatus', token: t.adminToken, payload: { id, enabled: true } });
    await t.login('zhangsan', PW);
  });

  it('changing a user\'s roles ends their sessions', async () => {
    const token = await t.login('zhangsan', PW);
    const res = await t.call({ method: 'POST', url: '/api/system/user/edit', token: t.adminToken, payload: { id, deptId, phone: '13800000002', roleIds: [] } });
    expect(res.body.code).toBe(0);
    expect((await t.call({ method: 'GET', url: '/api/system/user/selectUserInfo', token })).status).toBe(401);
    const again = await t.login('zhangsan', PW);
    expect((await list('', again)).status).toBe(403); // operator role (user:list) is gone
  });

  it('resetting a password ends sessions and the new password works', async () => {
    const token = await t.login('zhangsan', PW);
    const res = await t.call({ method: 'POST', url: '/api/system/user/resetPwd', token: t.adminToken, payload: { id, password: 'Reset2026pw' } });
    expect(res.body.code).toBe(0);
    expect((await t.call({ method: 'GET', url: '/api/system/user/selectUserInfo', token })).status).toBe(401);
    await expect(t.login('zhangsan', PW)).rejects.toThrow();
    await t.login('zhangsan', 'Reset2026pw');
    const weak = await t.call({ method: 'POST', url: '/api/system/user/resetPwd', token: t.adminToken, payload: { id, password: 'abcdefgh' } });
    expect(weak.body.msg).toBe('密码必须包含数字');
    expect((await auditRows(t, 'user', '重置密码'))[0]).toMatchObject({ target: 'zhangsan', ok: 1 });
  });

  it('nobody deletes themselves or the built-in administrator', async () => {
    const admin = await adminId(t);
    const self = await t.call({ method: 'GET', url: `/api/system/user/remove?ids=${admin}`, token: t.adminToken });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('不能删除自己');
    const disable = await t.call({ method: 'POST', url: '/api/system/user/changeStatus', token: t.adminToken, payload: { id: admin, enabled: false } });
    expect(disable.status).toBe(400);
    expect(disable.body.msg).toBe('不能修改自己的账号状态');
    expect((await auditRows(t, 'user', '删除用户'))[0]).toMatchObject({ ok: 0 });
  });

  it('removes several users at once, or none when one id is unknown', async () => {
    const a = await addUser(t, { userName: 'temp1' });
    const b = await addUser(t, { userName: 'temp2' });
    const token = await t.login('temp1', PW);
    const partial = await t.call({ method: 'GET', url: `/api/system/user/remove?ids=${a},${b},99999`, token: t.adminToken });
    expect(partial.status).toBe(404);
    expect(partial.body.msg).toBe('用户不存在或无权访问');
    expect(await t.ctx.db.selectFrom('sys_user').select('id').where('id', 'in', [a, b]).execute()).toHaveLength(2);
    const res = await t.call({ method: 'GET', url: `/api/system/user/remove?ids=${a},${b}`, token: t.adminToken });
    expect(res.body.code).toBe(0);
    expect(await t.ctx.db.selectFrom('sys_user').select('id').where('id', 'in', [a, b]).execute()).toHaveLength(0);
    expect((await t.call({ method: 'GET', url: '/api/system/user/selectUserInfo', token })).status).toBe(401);
    expect((await auditRows(t, 'user', '删除用户'))[0]).toMatchObject({ target: 'temp1,temp2', ok: 1 });
    const empty = await t.call({ method: 'GET', url: '/api/system/user/remove?ids=', token: t.adminToken });
    expect(empty.body.msg).toBe('请选择要操作的用户');
  });
});

describe('user export', () => {
  it('returns a valid xlsx of the filtered list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/user/export?userName=zhang', headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename\*=UTF-8''%E7%94%A8%E6%88%B7_\d{14}\.xlsx$/);
    const buf = res.rawPayload;
    expect(buf.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('用户')!;
    expect(ws.getRow(1).getCell(2).value).toBe('用户名');
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(2).value).toBe('zhangsan');
    expect(ws.getRow(2).getCell(4).value).toBe('运维部');
    expect((await auditRows(t, 'user', '导出用户'))[0]).toMatchObject({ ok: 1 });
  });
});
