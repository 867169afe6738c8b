import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMS, type DeptRow, type DeptTreeNode, type DeptTreeSelectNode, type DeptUserTreeNode } from '@pdz/contracts';
import type { TestApp } from '../../../test/harness';
import { addDept, addUser, auditRows, count, rootDeptId, startSystemApp, userWith } from '../user/testkit';

let t: TestApp;
let root: number;
beforeAll(async () => {
  t = await startSystemApp();
  root = await rootDeptId(t);
});
afterAll(async () => t?.close());

const tree = (token = t.adminToken, query = '') => t.call<DeptTreeNode[]>({ method: 'GET', url: `/api/system/dept/list${query}`, token });
const edit = (payload: Record<string, unknown>, token = t.adminToken) => t.call({ method: 'POST', url: '/api/system/dept/edit', token, payload });
const ancestorsOf = async (id: number) => (await t.ctx.db.selectFrom('sys_dept').select('ancestors').where('id', '=', id).executeTakeFirstOrThrow()).ancestors;
/** "name(children…)" for compact tree assertions. */
const shape = (nodes: { label?: string; deptName?: string; children?: unknown[] }[]): string =>
  nodes.map((n) => `${n.deptName ?? n.label}${n.children?.length ? `(${shape(n.children as never)})` : ''}`).join(',');

describe('department calls need a session and the permission', () => {
  it('answers 401 without a token and 403 without the permission', async () => {
    for (const url of ['/api/system/dept/list', '/api/system/dept/getById/1', '/api/system/dept/treeSelect', '/api/system/dept/initDeptUserTreeData', '/api/system/dept/remove?id=1']) {
      expect((await t.call({ method: 'GET', url })).status, url).toBe(401);
    }
    const other = await userWith(t, 'dictonly', [PERMS.dict.list]);
    const before = await count(t, 'sys_dept');
    for (const [method, url] of [
      ['GET', '/api/system/dept/list'],
      ['GET', '/api/system/dept/treeSelect'],
      ['GET', '/api/system/dept/initDeptUserTreeData'],
      ['POST', '/api/system/dept/add'],
      ['POST', '/api/system/dept/edit'],
      ['GET', `/api/system/dept/remove?id=${root}`],
    ] as const) {
      const res = await t.call({ method, url, token: other.token, payload: method === 'POST' ? { deptName: 'x', parentId: root } : undefined });
      expect(res.status, url).toBe(403);
    }
    expect(await count(t, 'sys_dept')).toBe(before);
  });
});

describe('department CRUD and tree', () => {
  let east: number, eastOps: number, eastOpsTeam: number, west: number;

  it('adds departments and returns them as a tree with ancestors kept', async () => {
    east = await addDept(t, '华东分公司', root);
    eastOps = await addDept(t, '运维部', east);
    eastOpsTeam = await addDept(t, '一班', eastOps);
    west = await addDept(t, '华西分公司', root);
    expect(await ancestorsOf(eastOpsTeam)).toBe(`0,${root},${east},${eastOps}`);
    const res = await tree();
    expect(shape(res.body.data)).toBe('总部(华东分公司(运维部(一班)),华西分公司)');
    const got = await t.call<DeptRow>({ method: 'GET', url: `/api/system/dept/getById/${eastOps}`, token: t.adminToken });
    expect(got.body.data).toMatchObject({ id: eastOps, parentId: east, deptName: '运维部', enabled: true });
    expect((await auditRows(t, 'dept', '新增部门')).find((r) => r.target === '一班')).toMatchObject({ ok: 1, user_name: 'admin' });
    const filtered = await tree(t.adminToken, `?deptName=${encodeURIComponent('运维')}`);
    expect(shape(filtered.body.data)).toBe('运维部');
  });

  it('names the invalid field in Chinese and stores nothing', async () => {
    const before = await count(t, 'sys_dept');
    const cases: [Record<string, unknown>, string][] = [
      [{ parentId: root }, '请输入部门名称'],
      [{ parentId: root, deptName: 'x'.repeat(51) }, '部门名称不能超过50个字符'],
      [{ parentId: root, deptName: '甲', phone: '12' }, '请输入正确的联系电话'],
      [{ parentId: root, deptName: '甲', email: 'a@b' }, '请输入正确的邮箱'],
      [{ parentId: 'x', deptName: '甲' }, '上级部门必须是数字'],
    ];
    for (const [payload, msg] of cases) {
      const res = await t.call({ method: 'POST', url: '/api/system/dept/add', token: t.adminToken, payload });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const missing = await t.call({ method: 'POST', url: '/api/system/dept/add', token: t.adminToken, payload: { parentId: 999999, deptName: '甲' } });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('上级部门不存在或无权访问');
    expect(await count(t, 'sys_dept')).toBe(before);
  });

  it('refuses a duplicate name among siblings only', async () => {
    const dup = await t.call({ method: 'POST', url: '/api/system/dept/add', token: t.adminToken, payload: { parentId: east, deptName: '运维部' } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('部门名称“运维部”已存在');
    await addDept(t, '运维部', west); // same name under another parent is fine
  });

  it('moves a department with its whole subtree', async () => {
    const res = await edit({ id: eastOps, parentId: west, deptName: '运维部（华西）' });
    expect(res.body.code).toBe(0);
    expect(await ancestorsOf(eastOps)).toBe(`0,${root},${west}`);
    expect(await ancestorsOf(eastOpsTeam)).toBe(`0,${root},${west},${eastOps}`);
    expect(shape((await tree()).body.data)).toBe('总部(华东分公司,华西分公司(运维部（华西）(一班),运维部))');
    // "Below" filters follow the move: users of 一班 now count under 华西分公司.
    await addUser(t, { userName: 'teamuser', deptId: eastOpsTeam });
    const below = await t.call<{ total: number }>({ method: 'GET', url: `/api/system/user/pageList?deptId=${west}`, token: t.adminToken });
    expect(below.body.data.total).toBe(1);
    expect((await auditRows(t, 'dept', '修改部门'))[0]).toMatchObject({ ok: 1 });
  });

  it('refuses moving a department under itself or its descendants', async () => {
    const self = await edit({ id: west, parentId: west, deptName: '华西分公司' });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('上级部门不能是部门自己');
    const below = await edit({ id: west, parentId: eastOpsTeam, deptName: '华西分公司' });
    expect(below.status).toBe(400);
    expect(below.body.msg).toBe('不能把部门移动到它自己的下级部门下');
    expect(await ancestorsOf(west)).toBe(`0,${root}`);
    expect((await auditRows(t, 'dept', '修改部门'))[0]).toMatchObject({ target: '华西分公司', ok: 0 });
  });

  it('keeps enabled departments under enabled parents', async () => {
    const off = await edit({ id: west, parentId: root, deptName: '华西分公司', enabled: false });
    expect(off.status).toBe(400);
    expect(off.body.msg).toBe('该部门还有未停用的下级部门，不能停用');
    const leaf = await edit({ id: eastOpsTeam, parentId: eastOps, deptName: '一班', enabled: false });
    expect(leaf.body.code).toBe(0);
    const select = await t.call<DeptTreeSelectNode[]>({ method: 'GET', url: '/api/system/dept/treeSelect', token: t.adminToken });
    const team = select.body.data[0].children![1].children![0].children![0];
    expect(team).toMatchObject({ id: eastOpsTeam, label: '一班', disabled: true });
    const under = await t.call({ method: 'POST', url: '/api/system/dept/add', token: t.adminToken, payload: { parentId: eastOpsTeam, deptName: '二组' } });
    expect(under.body.msg).toBe('上级部门已停用，不能新增下级部门');
  });

  it('refuses removing a department with sub-departments or users, with the reason', async () => {
    const withChildren = await t.call({ method: 'GET', url: `/api/system/dept/remove?id=${eastOps}`, token: t.adminToken });
    expect(withChildren.status).toBe(409);
    expect(withChildren.body.msg).toBe('部门“运维部（华西）”下还有下级部门，不能删除');
    const withUsers = await t.call({ method: 'GET', url: `/api/system/dept/remove?id=${eastOpsTeam}`, token: t.adminToken });
    expect(withUsers.status).toBe(409);
    expect(withUsers.body.msg).toBe('部门“一班”下还有用户，不能删除');
    expect((await auditRows(t, 'dept', '删除部门'))[0]).toMatchObject({ target: '一班', ok: 0 });
    const ok = await t.call({ method: 'GET', url: `/api/system/dept/remove?id=${east}`, token: t.adminToken });
    expect(ok.body.code).toBe(0);
    expect((await t.call({ method: 'GET', url: `/api/system/dept/getById/${east}`, token: t.adminToken })).status).toBe(404);
    expect((await auditRows(t, 'dept', '删除部门'))[0]).toMatchObject({ target: '华东分公司', ok: 1 });
  });
});

describe('department data scope', () => {
  let north: number, northA: number, south: number;
  let mgr: { token: string };

  beforeAll(async () => {
    north = await addDept(t, '华北分公司', root);
    northA = await addDept(t, '华北一站', north);
    south = await addDept(t, '华南分公司', root);
    const perms = [PERMS.dept.list, PERMS.dept.add, PERMS.dept.edit, PERMS.dept.remove, PERMS.user.list];
    mgr = await userWith(t, 'northmgr', perms, { dataScope: 'deptAndBelow', deptId: north });
    await addUser(t, { userName: 'northa_user', deptId: northA });
    await addUser(t, { userName: 'south_user', deptId: south });
  });

  it('lists only departments in scope, rooted at the first reachable one', async () => {
    expect(shape((await tree(mgr.token)).body.data)).toBe('华北分公司(华北一站)');
    const select = await t.call<DeptTreeSelectNode[]>({ method: 'GET', url: '/api/system/dept/treeSelect', token: mgr.token });
    expect(shape(select.body.data)).toBe('华北分公司(华北一站)');
    const out = await t.call({ method: 'GET', url: `/api/system/dept/getById/${south}`, token: mgr.token });
    expect(out.status).toBe(404);
    expect(out.body.msg).toBe('部门不存在或无权访问');
  });

  it('cannot add, move or remove outside the scope', async () => {
    const before = await count(t, 'sys_dept');
    const add = await t.call({ method: 'POST', url: '/api/system/dept/add', token: mgr.token, payload: { parentId: south, deptName: '渗透' } });
    expect(add.status).toBe(404);
    const top = await t.call({ method: 'POST', url: '/api/system/dept/add', token: mgr.token, payload: { parentId: 0, deptName: '顶级' } });
    expect(top.status).toBe(403);
    expect(await count(t, 'sys_dept')).toBe(before);
    const move = await edit({ id: northA, parentId: south, deptName: '华北一站' }, mgr.token);
    expect(move.status).toBe(404);
    expect(await ancestorsOf(northA)).toBe(`0,${root},${north}`);
    const rm = await t.call({ method: 'GET', url: `/api/system/dept/remove?id=${south}`, token: mgr.token });
    expect(rm.status).toBe(404);
    const inside = await t.call<{ id: number }>({ method: 'POST', url: '/api/system/dept/add', token: mgr.token, payload: { parentId: northA, deptName: '华北一站一班' } });
    expect(inside.body.code).toBe(0);
    // The new department is in a "本部门及以下" scope at once.
    expect(shape((await tree(mgr.token)).body.data)).toBe('华北分公司(华北一站(华北一站一班))');
  });

  it('the department-user tree holds only reachable departments and their enabled users', async () => {
    const res = await t.call<DeptUserTreeNode[]>({ method: 'GET', url: '/api/system/dept/initDeptUserTreeData', token: mgr.token });
    expect(res.status).toBe(200);
    expect(shape(res.body.data)).toBe('华北分公司(华北一站(华北一站一班,northa_user),northmgr)');
    const station = res.body.data[0].children![0];
    expect(station).toMatchObject({ id: `dept-${northA}`, type: 'dept', entityId: northA });
    expect(station.children![1]).toMatchObject({ type: 'user', label: 'northa_user' });
    expect(JSON.stringify(res.body.data)).not.toContain('south_user');
    const all = await t.call<DeptUserTreeNode[]>({ method: 'GET', url: '/api/system/dept/initDeptUserTreeData', token: t.adminToken });
    expect(JSON.stringify(all.body.data)).toContain('south_user');
    // Opened to user managers as well as department managers.
    const userMgr = await userWith(t, 'userlister', [PERMS.user.list], { dataScope: 'self', deptId: south });
    const own = await t.call<DeptUserTreeNode[]>({ method: 'GET', url: '/api/system/dept/initDeptUserTreeData', token: userMgr.token });
    expect(shape(own.body.data)).toBe('华南分公司(userlister)');
  });
});

describe('department picker for a user limited to their own record', () => {
  it('still shows their own department', async () => {
    const { createLimitedUser } = await import('../../../test/limited-user');
    const dept = await t.ctx.db.insertInto('sys_dept').values({ parent_id: root, ancestors: `0,${root}`, dept_name: '仅本人测试部', order_num: 9, leader: null, phone: null, email: null, enabled: 1, created_at: Date.now(), updated_at: Date.now() }).returning('id').executeTakeFirstOrThrow();
    const self = await createLimitedUser(t, { perms: [PERMS.user.list], dataScope: 'self', deptId: dept.id });
    const res = await t.call<DeptTreeSelectNode[]>({ method: 'GET', url: '/api/system/dept/treeSelect', token: self.token });
    expect(res.body.data.map((n) => n.label)).toEqual(['仅本人测试部']);
  });
});
