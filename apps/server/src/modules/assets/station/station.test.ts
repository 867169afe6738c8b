import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMS } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { apiCabinet, apiCustomer, apiEquipment, apiGateway, apiStation, auditRows, count, makeDept, pdfText, twoCustomers, userWith } from '../tree/site-testkit';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const P = PERMS.station;

describe('stations', () => {
  it('adds, reads, edits, lists and removes a station, each audited', async () => {
    const c = await apiCustomer(t, await makeDept(t, '站点测试'));
    const s = await apiStation(t, c.id, { city: '苏州', capacityKva: 1600, commissionDate: '2020-05-01' });
    const got = await t.call<{ name: string; customerName: string; stationTypeName: string; longitude: number; cabinetCount: number }>({ method: 'GET', url: `/api/station/getById/${s.id}`, token: t.adminToken });
    expect(got.body.data).toMatchObject({ name: s.name, customerName: c.name, stationTypeName: '配电站', longitude: 120.6, cabinetCount: 0 });

    const edit = await t.call({ method: 'POST', url: '/api/station/edit', token: t.adminToken, payload: { id: s.id, customerId: c.id, code: s.code, name: '城东配电站（改）', stationType: 'room', longitude: null, latitude: null, status: 'maintenance' } });
    expect(edit.body.code).toBe(0);
    const list = await t.call<{ list: { id: number; name: string; statusName: string; longitude: number | null }[]; total: number }>({
      method: 'GET',
      url: `/api/station/pageList?customerId=${c.id}&status=maintenance&orderBy=name&order=desc`,
      token: t.adminToken,
    });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ name: '城东配电站（改）', statusName: '检修', longitude: null });

    const rm = await t.call({ method: 'GET', url: `/api/station/remove?ids=${s.id}`, token: t.adminToken });
    expect(rm.body.code).toBe(0);
    expect((await t.call({ method: 'GET', url: `/api/station/getById/${s.id}`, token: t.adminToken })).status).toBe(404);
    for (const action of ['新增站点', '修改站点', '删除站点']) expect((await auditRows(t, action)).some((a) => a.ok === 1)).toBe(true);
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await t.call({ method: 'GET', url: '/api/station/pageList' })).status).toBe(401);
    const u = await userWith(t, [PERMS.customer.list]);
    for (const [method, url] of [
      ['GET', '/api/station/pageList'],
      ['GET', '/api/station/getById/1'],
      ['POST', '/api/station/add'],
      ['POST', '/api/station/edit'],
      ['GET', '/api/station/remove?ids=1'],
      ['GET', '/api/station/export'],
      ['GET', '/api/station/pdf/1'],
    ] as const) {
      const res = await t.call({ method, url, token: u.token, payload: method === 'POST' ? {} : undefined });
      expect(res.status, url).toBe(403);
    }
  });

  it('refuses bad coordinates and other invalid input in Chinese, changing nothing', async () => {
    const c = await apiCustomer(t, await makeDept(t, '校验'));
    const before = await count(t, 'asset_station');
    const cases: [Record<string, unknown>, string][] = [
      [{ longitude: 200, latitude: 31 }, '经度不能大于136'],
      [{ longitude: 120, latitude: 60 }, '纬度不能大于54'],
      [{ longitude: 10, latitude: 31 }, '经度不能小于73'],
      [{ longitude: 120.5, latitude: null }, '经度和纬度需同时填写或同时留空'],
      [{ name: '' }, '请输入站点名称'],
      [{ code: '站点 1' }, '站点编号只能包含字母、数字、_ 和 -，且以字母或数字开头'],
      [{ stationType: 'castle' }, '站点类型取值无效'],
      [{ commissionDate: '2024-02-30' }, '投运日期格式应为YYYY-MM-DD'],
      [{ phone: '123' }, '请输入正确的联系电话'],
    ];
    for (const [patch, msg] of cases) {
      const res = await t.call({ method: 'POST', url: '/api/station/add', token: t.adminToken, payload: { customerId: c.id, code: 'V1', name: '校验站', stationType: 'station', ...patch } });
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await count(t, 'asset_station')).toBe(before);
    // Empty coordinates are fine.
    const ok = await t.call({ method: 'POST', url: '/api/station/add', token: t.adminToken, payload: { customerId: c.id, code: 'V1', name: '校验站', stationType: 'box', longitude: '', latitude: '' } });
    expect(ok.body.code).toBe(0);
  });

  it('keeps station codes unique per customer, naming the clash', async () => {
    const c1 = await apiCustomer(t, await makeDept(t, '唯一1'));
    const c2 = await apiCustomer(t, await makeDept(t, '唯一2'));
    const s = await apiStation(t, c1.id, { code: 'ST-DUP' });
    const dup = await t.call({ method: 'POST', url: '/api/station/add', token: t.adminToken, payload: { customerId: c1.id, code: 'ST-DUP', name: '另一个', stationType: 'room' } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('站点编号“ST-DUP”已存在');
    expect((await apiStation(t, c2.id, { code: 'ST-DUP' })).id).toBeGreaterThan(s.id);
    const other = await apiStation(t, c1.id);
    const edit = await t.call({ method: 'POST', url: '/api/station/edit', token: t.adminToken, payload: { id: other.id, customerId: c1.id, code: 'ST-DUP', name: 'x', stationType: 'room' } });
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe('站点编号“ST-DUP”已存在');
    // Another customer through edit is a move, not an edit.
    const move = await t.call({ method: 'POST', url: '/api/station/edit', token: t.adminToken, payload: { id: other.id, customerId: c2.id, code: other.code, name: 'x', stationType: 'room' } });
    expect(move.status).toBe(400);
    expect(move.body.msg).toContain('移动');
  });

  it('refuses to remove a station that still holds cabinets and gateways, naming them, and removes nothing', async () => {
    const c = await apiCustomer(t, await makeDept(t, '删除'));
    const s = await apiStation(t, c.id, { name: '城东配电站' + Date.now() });
    const empty = await apiStation(t, c.id);
    await apiCabinet(t, s.id);
    await apiCabinet(t, s.id);
    await apiGateway(t, s.id);
    const res = await t.call({ method: 'GET', url: `/api/station/remove?ids=${empty.id},${s.id}`, token: t.adminToken });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(`站点“${s.name}”下还有 2 台柜体、1 个网关，请先删除或移走`);
    // The empty one was not removed either: the request is all or nothing.
    expect((await t.call({ method: 'GET', url: `/api/station/getById/${empty.id}`, token: t.adminToken })).status).toBe(200);
    const failed = await auditRows(t, '删除站点');
    expect(failed[0].ok).toBe(0);
  });

  it('limits lists, reads, changes, exports and PDFs to the caller’s customers', async () => {
    const { a, b, scoped } = await twoCustomers(t, [P.list, P.add, P.edit, P.remove, P.export]);
    const sa = await apiStation(t, a.id);
    const sb = await apiStation(t, b.id);
    const list = await t.call<{ list: { id: number; customerId: number }[]; total: number }>({ method: 'GET', url: '/api/station/pageList?pageSize=500', token: scoped.token });
    expect(list.body.data.list.every((r) => r.customerId === a.id)).toBe(true);
    expect(list.body.data.list.map((r) => r.id)).toContain(sa.id);
    expect(list.body.data.total).toBe(list.body.data.list.length);
    // Even asking for the other customer by id yields nothing.
    const asked = await t.call<{ total: number }>({ method: 'GET', url: `/api/station/pageList?customerId=${b.id}`, token: scoped.token });
    expect(asked.body.data.total).toBe(0);

    const get = await t.call({ method: 'GET', url: `/api/station/getById/${sb.id}`, token: scoped.token });
    expect(get.status).toBe(404);
    expect(get.body.msg).toBe('站点不存在或无权访问');
    const edit = await t.call({ method: 'POST', url: '/api/station/edit', token: scoped.token, payload: { id: sb.id, customerId: b.id, code: sb.code, name: '改名', stationType: 'room' } });
    expect(edit.status).toBe(404);
    const add = await t.call({ method: 'POST', url: '/api/station/add', token: scoped.token, payload: { customerId: b.id, code: 'X1', name: '越权', stationType: 'room' } });
    expect(add.status).toBe(404);
    expect(add.body.msg).toBe('客户不存在或无权访问');
    const rm = await t.call({ method: 'GET', url: `/api/station/remove?ids=${sb.id}`, token: scoped.token });
    expect(rm.status).toBe(404);
    const pdf = await t.call({ method: 'GET', url: `/api/station/pdf/${sb.id}`, token: scoped.token });
    expect(pdf.status).toBe(404);
    const still = await t.call<{ name: string }>({ method: 'GET', url: `/api/station/getById/${sb.id}`, token: t.adminToken });
    expect(still.body.data.name).toBe(sb.name);

    const xlsx = await t.app.inject({ method: 'GET', url: '/api/station/export', headers: { authorization: `Bearer ${scoped.token}` } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const names = wb.worksheets[0].getColumn(2).values.slice(2).map(String);
    expect(names).toContain(sa.name);
    expect(names).not.toContain(sb.name);
  });

  it('prints the station ledger as a real PDF with the station name in its text', async () => {
    const c = await apiCustomer(t, await makeDept(t, 'PDF'));
    const s = await apiStation(t, c.id, { name: '城东配电站台账测试', address: '苏州市姑苏区人民路1号', capacityKva: 2500 });
    const cab = await apiCabinet(t, s.id, { name: '1#进线柜' });
    const gw = await apiGateway(t, s.id);
    for (let i = 0; i < 8; i++) await apiEquipment(t, s.id, { cabinetId: cab.id, gatewayId: gw.id });
    const res = await t.app.inject({ method: 'GET', url: `/api/station/pdf/${s.id}`, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    // PDF_OUT=/tmp/ledger.pdf keeps the file for a look in a reader.
    if (process.env.PDF_OUT) fs.writeFileSync(process.env.PDF_OUT, pdf);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
    // The Chinese font travels inside the file (a subset), so any reader can show the text.
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansHans-Regular/);
    const { text, via } = pdfText(pdf);
    if (via === 'pdftotext') {
      expect(text).toContain('城东配电站台账测试');
      expect(text).toContain('1#进线柜');
      expect(text).toMatch(/第\s*1\s*页\s*\/\s*共\s*\d+\s*页/);
    } else {
      for (const ch of '城东配电站台账测试') expect(text).toContain(ch);
    }
    expect((await auditRows(t, '导出站点台账'))[0].ok).toBe(1);
  }, 30_000);
});
