import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMS, type CabinetRow, type Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { apiBay, apiCabinet, apiCamera, apiCustomer, apiEquipment, apiStation, auditRows, count, makeDept, twoCustomers, userWith } from '../tree/site-testkit';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const P = PERMS.cabinet;

describe('cabinets', () => {
  it('adds, reads (pg), edits, lists, exports and removes a cabinet, each audited', async () => {
    const s = await apiStation(t, (await apiCustomer(t, await makeDept(t, '柜体'))).id);
    const bay = await apiBay(t, s.id);
    const cab = await apiCabinet(t, s.id, { bayId: bay.id, cabinetType: 'metering', model: 'KYN28A-12' });
    await apiEquipment(t, s.id, { cabinetId: cab.id });
    const pg = await t.call<CabinetRow>({ method: 'GET', url: `/api/cabinet/pg/${cab.id}`, token: t.adminToken });
    expect(pg.body.data).toMatchObject({ code: cab.code, cabinetTypeName: '计量柜', bayName: expect.any(String), stationName: s.name, equipmentCount: 1, model: 'KYN28A-12' });
    const edit = await t.call({ method: 'POST', url: '/api/cabinet/edit', token: t.adminToken, payload: { id: cab.id, stationId: s.id, bayId: null, code: cab.code, name: '1#计量柜', cabinetType: 'metering' } });
    expect(edit.body.code).toBe(0);
    const page = await t.call<Page<CabinetRow>>({ method: 'GET', url: `/api/cabinet/pageList?stationId=${s.id}&cabinetType=metering&orderBy=name`, token: t.adminToken });
    expect(page.body.data.list).toMatchObject([{ id: cab.id, name: '1#计量柜', bayId: null }]);
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/cabinet/export?stationId=${s.id}`, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const empty = await apiCabinet(t, s.id);
    expect((await t.call({ method: 'GET', url: `/api/cabinet/remove?ids=${empty.id}`, token: t.adminToken })).body.code).toBe(0);
    for (const action of ['新增柜体', '修改柜体', '删除柜体', '导出柜体']) expect((await auditRows(t, action))[0].ok).toBe(1);
  });

  it('answers 401 and 403', async () => {
    expect((await t.call({ method: 'GET', url: '/api/cabinet/pageList' })).status).toBe(401);
    const u = await userWith(t, [PERMS.bay.list]);
    for (const [method, url] of [['GET', '/api/cabinet/pageList'], ['GET', '/api/cabinet/pg/1'], ['POST', '/api/cabinet/add'], ['POST', '/api/cabinet/edit'], ['GET', '/api/cabinet/remove?ids=1'], ['GET', '/api/cabinet/export']] as const) {
      expect((await t.call({ method, url, token: u.token, payload: method === 'POST' ? {} : undefined })).status, url).toBe(403);
    }
  });

  it('validates types in Chinese, keeps codes unique per station and refuses removal while equipment remains', async () => {
    const s = await apiStation(t, (await apiCustomer(t, await makeDept(t, '柜体校验'))).id);
    const before = await count(t, 'asset_cabinet');
    const bad = await t.call({ method: 'POST', url: '/api/cabinet/add', token: t.adminToken, payload: { stationId: s.id, code: 'AH1', name: '1#柜', cabinetType: 'wardrobe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('柜体类型取值无效');
    expect(await count(t, 'asset_cabinet')).toBe(before);
    const cab = await apiCabinet(t, s.id, { code: 'AH1', name: '1#进线柜' });
    const dup = await t.call({ method: 'POST', url: '/api/cabinet/add', token: t.adminToken, payload: { stationId: s.id, code: 'AH1', name: '另一个', cabinetType: 'pt' } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('柜体编号“AH1”已存在');
    await apiEquipment(t, s.id, { cabinetId: cab.id });
    await apiEquipment(t, s.id, { cabinetId: cab.id });
    await apiCamera(t, s.id, { cabinetId: cab.id });
    const rm = await t.call({ method: 'GET', url: `/api/cabinet/remove?ids=${cab.id}`, token: t.adminToken });
    expect(rm.status).toBe(400);
    expect(rm.body.msg).toBe('柜体“1#进线柜”下还有 2 台设备、1 个摄像头，请先删除或移走');
    const s2 = await apiStation(t, (await apiCustomer(t, await makeDept(t, '柜体校验2'))).id);
    const move = await t.call({ method: 'POST', url: '/api/cabinet/edit', token: t.adminToken, payload: { id: cab.id, stationId: s2.id, code: 'AH1', name: 'x', cabinetType: 'pt' } });
    expect(move.status).toBe(400);
    expect(move.body.msg).toContain('移动');
  });

  it('keeps another customer’s cabinets out of reach', async () => {
    const { a, b, scoped } = await twoCustomers(t, [P.list, P.add, P.edit, P.remove]);
    const sa = await apiStation(t, a.id);
    const sb = await apiStation(t, b.id);
    const ca = await apiCabinet(t, sa.id);
    const cb = await apiCabinet(t, sb.id);
    const page = await t.call<Page<CabinetRow>>({ method: 'GET', url: '/api/cabinet/pageList?pageSize=500', token: scoped.token });
    expect(page.body.data.list.map((r) => r.id)).toEqual([ca.id]);
    for (const [method, url, payload] of [
      ['GET', `/api/cabinet/pg/${cb.id}`, undefined],
      ['POST', '/api/cabinet/edit', { id: cb.id, stationId: sb.id, code: cb.code, name: '改', cabinetType: 'pt' }],
      ['GET', `/api/cabinet/remove?ids=${cb.id}`, undefined],
    ] as const) {
      const res = await t.call({ method, url, token: scoped.token, payload });
      expect(res.status, url).toBe(404);
      expect(res.body.msg).toBe('柜体不存在或无权访问');
    }
  });
});
