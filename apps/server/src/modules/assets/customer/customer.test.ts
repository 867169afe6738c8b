import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMS, type CustomerRow, type CustomerTreeNode, type Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { multipartFile } from '../equipment/testkit';
import { apiCustomer, apiStation, auditRows, count, makeDept, twoCustomers, uniq, userWith } from '../tree/site-testkit';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const P = PERMS.customer;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

describe('customers', () => {
  it('adds, reads, edits, lists and removes a customer, each audited', async () => {
    const dept = await makeDept(t, '客户部');
    const c = await apiCustomer(t, dept, { contact: '张工', phone: '13800138000' });
    const got = await t.call<CustomerRow>({ method: 'GET', url: `/api/customer/selectById/${c.id}`, token: t.adminToken });
    expect(got.body.data).toMatchObject({ code: c.code, name: c.name, deptId: dept, contact: '张工', enabled: true, stationCount: 0 });
    const edit = await t.call({ method: 'POST', url: '/api/customer/edit', token: t.adminToken, payload: { id: c.id, code: c.code, name: '苏州工业园区客户', deptId: dept, enabled: false } });
    expect(edit.body.code).toBe(0);
    const page = await t.call<Page<CustomerRow>>({ method: 'GET', url: `/api/customer/pageList?keyword=${encodeURIComponent('工业园区')}&enabled=false`, token: t.adminToken });
    expect(page.body.data.list.map((r) => r.id)).toEqual([c.id]);
    expect((await t.call({ method: 'GET', url: `/api/customer/remove?ids=${c.id}`, token: t.adminToken })).body.code).toBe(0);
    expect((await t.call({ method: 'GET', url: `/api/customer/selectById/${c.id}`, token: t.adminToken })).status).toBe(404);
    for (const action of ['新增客户', '修改客户', '删除客户']) expect((await auditRows(t, action))[0].ok).toBe(1);
  });

  it('answers 401 and 403', async () => {
    expect((await t.call({ method: 'GET', url: '/api/customer/pageList' })).status).toBe(401);
    const u = await userWith(t, [PERMS.dept.list]);
    for (const [method, url] of [
      ['GET', '/api/customer/pageList'],
      ['GET', '/api/customer/selectById/1'],
      ['GET', '/api/customer/initTreeData'],
      ['POST', '/api/customer/add'],
      ['POST', '/api/customer/edit'],
      ['GET', '/api/customer/remove?ids=1'],
      ['GET', '/api/customer/export'],
      ['POST', '/api/customer/logo/1'],
    ] as const) {
      expect((await t.call({ method, url, token: u.token, payload: method === 'POST' ? {} : undefined })).status, url).toBe(403);
    }
  });

  it('validates in Chinese and keeps customer codes unique, changing nothing', async () => {
    const dept = await makeDept(t, '校验');
    const before = await count(t, 'asset_customer');
    for (const [patch, msg] of [
      [{ name: '' }, '请输入客户名称'],
      [{ code: 'a b' }, '客户编号只能包含字母、数字、_ 和 -，且以字母或数字开头'],
      [{ phone: '99' }, '请输入正确的联系电话'],
      [{ deptId: 999999 }, '所属部门不存在'],
    ] as [Record<string, unknown>, string][]) {
      const res = await t.call({ method: 'POST', url: '/api/customer/add', token: t.adminToken, payload: { code: `V${uniq()}`, name: '校验客户', deptId: dept, ...patch } });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    const c = await apiCustomer(t, dept);
    const dup = await t.call({ method: 'POST', url: '/api/customer/add', token: t.adminToken, payload: { code: c.code, name: '重复', deptId: dept } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe(`客户编号“${c.code}”已存在`);
    expect(await count(t, 'asset_customer')).toBe(before + 1);
  });

  it('refuses to remove a customer that still has stations', async () => {
    const c = await apiCustomer(t, await makeDept(t, '删除'));
    await apiStation(t, c.id);
    await apiStation(t, c.id);
    const res = await t.call({ method: 'GET', url: `/api/customer/remove?ids=${c.id}`, token: t.adminToken });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`客户“${c.name}”下还有 2 个站点，请先删除或移走`);
    expect((await t.call({ method: 'GET', url: `/api/customer/selectById/${c.id}`, token: t.adminToken })).status).toBe(200);
  });

  it('limits everything to the caller’s customers, including new ones', async () => {
    const { a, b, deptA, deptB, scoped } = await twoCustomers(t, [P.list, P.add, P.edit, P.remove, P.export]);
    await apiStation(t, a.id);
    await apiStation(t, b.id);
    const page = await t.call<Page<CustomerRow>>({ method: 'GET', url: '/api/customer/pageList?pageSize=500', token: scoped.token });
    expect(page.body.data.list.map((r) => r.id)).toEqual([a.id]);
    expect(page.body.data.total).toBe(1);
    const tree = await t.call<CustomerTreeNode[]>({ method: 'GET', url: '/api/customer/initTreeData', token: scoped.token });
    expect(tree.body.data.map((n) => n.value)).toEqual([a.id]);
    expect(tree.body.data[0].children!.length).toBe(1);
    for (const [method, url, payload] of [
      ['GET', `/api/customer/selectById/${b.id}`, undefined],
      ['POST', '/api/customer/edit', { id: b.id, code: b.code, name: '改', deptId: deptB }],
      ['GET', `/api/customer/remove?ids=${b.id}`, undefined],
      ['GET', `/api/customer/remove?ids=${a.id},${b.id}`, undefined],
    ] as const) {
      const res = await t.call({ method, url, token: scoped.token, payload });
      expect(res.status, url).toBe(404);
      expect(res.body.msg).toBe('客户不存在或无权访问');
    }
    // A new customer must be filed where the caller can still see it.
    const out = await t.call({ method: 'POST', url: '/api/customer/add', token: scoped.token, payload: { code: `X${uniq()}`, name: '越权客户', deptId: deptB } });
    expect(out.status).toBe(400);
    expect(out.body.msg).toBe('不能把客户归属到您无权查看的部门');
    const mine = await t.call<{ id: number }>({ method: 'POST', url: '/api/customer/add', token: scoped.token, payload: { code: `M${uniq()}`, name: '本部门客户' } });
    const row = await t.ctx.db.selectFrom('asset_customer').select('dept_id').where('id', '=', mine.body.data.id).executeTakeFirstOrThrow();
    expect(row.dept_id).toBe(deptA);
  });

  it('stores logos sent as images and refuses other files', async () => {
    const c = await apiCustomer(t, await makeDept(t, '标志'));
    const up = multipartFile(PNG, 'logo.png');
    const res = await t.call<{ logo: string }>({ method: 'POST', url: `/api/customer/logo/${c.id}`, token: t.adminToken, payload: up.payload, headers: up.headers });
    expect(res.body.code).toBe(0);
    expect(res.body.data.logo).toMatch(/^[0-9a-f]{32}\.png$/);
    const up2 = multipartFile(PNG, 'small.png');
    const small = await t.call<{ minLogo: string }>({ method: 'POST', url: `/api/customer/minLogo/${c.id}`, token: t.adminToken, payload: up2.payload, headers: up2.headers });
    const got = await t.call<CustomerRow>({ method: 'GET', url: `/api/customer/selectById/${c.id}`, token: t.adminToken });
    expect(got.body.data).toMatchObject({ logo: res.body.data.logo, minLogo: small.body.data.minLogo });
    const img = await t.app.inject({ method: 'GET', url: `/common/download/resource?resource=${res.body.data.logo}` });
    expect(img.statusCode).toBe(200);
    const bad = multipartFile(Buffer.from('not an image'), 'logo.png');
    const refused = await t.call({ method: 'POST', url: `/api/customer/logo/${c.id}`, token: t.adminToken, payload: bad.payload, headers: bad.headers });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('只能上传 PNG、JPEG、GIF 或 WEBP 格式的图片');
  });

  it('exports the filtered list as xlsx', async () => {
    const c = await apiCustomer(t, await makeDept(t, '导出'), { name: `导出客户${uniq()}` });
    const res = await t.app.inject({ method: 'GET', url: `/api/customer/export?keyword=${encodeURIComponent(c.name)}`, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('客户_'));
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(2).value).toBe('客户名称');
    expect(ws.getRow(2).getCell(2).value).toBe(c.name);
    expect(ws.rowCount).toBe(2);
  });
});
