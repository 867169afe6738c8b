import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMS, type BayRow, type Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { apiBay, apiCabinet, apiCustomer, apiStation, auditRows, count, makeDept, twoCustomers, userWith } from '../tree/site-testkit';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const P = PERMS.bay;

describe('bays', () => {
  it('adds, reads, edits, lists and removes a bay, each audited', async () => {
    const s = await apiStation(t, (await apiCustomer(t, await makeDept(t, '间隔'))).id);
    const b = await apiBay(t, s.id, { voltageLevel: '10' });
    await apiCabinet(t, s.id, { bayId: b.id });
    const got = await t.call<BayRow>({ method: 'GET', url: `/api/bay/selectById/${b.id}`, token: t.adminToken });
    expect(got.body.data).toMatchObject({ code: b.code, stationId: s.id, stationName: s.name, cabinetCount: 1, voltageLevel: '10' });
    expect((await t.call({ method: 'POST', url: '/api/bay/edit', token: t.adminToken, payload: { id: b.id, stationId: s.id, code: b.code, name: 'Ⅰ段母线' } })).body.code).toBe(0);
    const page = await t.call<Page<BayRow>>({ method: 'GET', url: `/api/bay/pageList?stationId=${s.id}`, token: t.adminToken });
    expect(page.body.data.list.map((r) => r.name)).toEqual(['Ⅰ段母线']);
    const empty = await apiBay(t, s.id);
    expect((await t.call({ method: 'GET', url: `/api/bay/remove?ids=${empty.id}`, token: t.adminToken })).body.code).toBe(0);
    for (const action of ['新增间隔', '修改间隔', '删除间隔']) expect((await auditRows(t, action))[0].ok).toBe(1);
  });

  it('answers 401 and 403', async () => {
    expect((await t.call({ method: 'GET', url: '/api/bay/pageList' })).status).toBe(401);
    const u = await userWith(t, [PERMS.station.list]);
    for (const [method, url] of [['GET', '/api/bay/pageList'], ['GET', '/api/bay/selectById/1'], ['POST', '/api/bay/add'], ['POST', '/api/bay/edit'], ['GET', '/api/bay/remove?ids=1']] as const) {
      expect((await t.call({ method, url, token: u.token, payload: method === 'POST' ? {} : undefined })).status, url).toBe(403);
    }
  });

  it('validates, keeps codes unique per station and refuses removal while cabinets remain', async () => {
    const c = await apiCustomer(t, await makeDept(t, '间隔校验'));
    const s = await apiStation(t, c.id);
    const s2 = await apiStation(t, c.id);
    const before = await count(t, 'asset_bay');
    const invalid = await t.call({ method: 'POST', url: '/api/bay/add', token: t.adminToken, payload: { stationId: s.id, code: 'B1' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.msg).toBe('请输入间隔名称');
    expect(await count(t, 'asset_bay')).toBe(before);
    await apiBay(t, s.id, { code: 'B1' });
    const dup = await t.call({ method: 'POST', url: '/api/bay/add', token: t.adminToken, payload: { stationId: s.id, code: 'B1', name: '重复' } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('间隔编号“B1”已存在');
    await apiBay(t, s2.id, { code: 'B1' });
    const full = await apiBay(t, s.id, { name: '2段母线' });
    await apiCabinet(t, s.id, { bayId: full.id });
    const rm = await t.call({ method: 'GET', url: `/api/bay/remove?ids=${full.id}`, token: t.adminToken });
    expect(rm.status).toBe(400);
    expect(rm.body.msg).toBe('间隔“2段母线”下还有 1 台柜体，请先删除或移走');
    const wrongStation = await t.call({ method: 'POST', url: '/api/cabinet/add', token: t.adminToken, payload: { stationId: s2.id, bayId: full.id, code: 'X1', name: 'x', cabinetType: 'pt' } });
    expect(wrongStation.status).toBe(400);
    expect(wrongStation.body.msg).toBe('所选间隔不属于所选站点');
  });

  it('keeps another customer’s bays out of reach', async () => {
    const { a, b, scoped } = await twoCustomers(t, [P.list, P.add, P.edit, P.remove]);
    const sa = await apiStation(t, a.id);
    const sb = await apiStation(t, b.id);
    const ba = await apiBay(t, sa.id);
    const bb = await apiBay(t, sb.id);
    const page = await t.call<Page<BayRow>>({ method: 'GET', url: '/api/bay/pageList?pageSize=500', token: scoped.token });
    expect(page.body.data.list.map((r) => r.id)).toEqual([ba.id]);
    for (const [method, url, payload] of [
      ['GET', `/api/bay/selectById/${bb.id}`, undefined],
      ['POST', '/api/bay/edit', { id: bb.id, stationId: sb.id, code: bb.code, name: '改' }],
      ['GET', `/api/bay/remove?ids=${bb.id}`, undefined],
    ] as const) {
      const res = await t.call({ method, url, token: scoped.token, payload });
      expect(res.status, url).toBe(404);
      expect(res.body.msg).toBe('间隔不存在或无权访问');
    }
    const add = await t.call({ method: 'POST', url: '/api/bay/add', token: scoped.token, payload: { stationId: sb.id, code: 'Z1', name: '越权' } });
    expect(add.status).toBe(404);
  });
});
