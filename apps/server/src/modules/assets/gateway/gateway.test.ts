import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMS, type GatewayRow, type Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { apiCustomer, apiEquipment, apiGateway, apiStation, auditRows, count, makeDept, twoCustomers, uniq, userWith } from '../tree/site-testkit';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const P = PERMS.gateway;
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const stored = (id: number) => t.ctx.db.selectFrom('asset_gateway').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('gateways', () => {
  it('shows the secret once on save and stores only its SHA-256', async () => {
    const s = await apiStation(t, (await apiCustomer(t, await makeDept(t, '网关'))).id);
    const res = await t.call<{ id: number; code: string; secret: string }>({ method: 'POST', url: '/api/pdfznjkpt/gateway/save', token: t.adminToken, payload: { stationId: s.id, code: `GW_${uniq()}`, name: '1号网关', ip: '10.0.0.8' } });
    expect(res.body.code).toBe(0);
    const { id, secret } = res.body.data;
    expect(Buffer.from(secret, 'base64url').length).toBe(32);
    const row = await stored(id);
    expect(row.secret_hash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const got = await t.call<GatewayRow>({ method: 'GET', url: `/api/pdfznjkpt/gateway/selectById/${id}`, token: t.adminToken });
    expect(JSON.stringify(got.body)).not.toContain(secret);
    expect(JSON.stringify(got.body)).not.toContain(row.secret_hash);
    expect(got.body.data).toMatchObject({ online: false, lastSeenAt: null, offlineSince: null, protocol: 'mqtt', reportIntervalS: 60, stationName: s.name });
    const audits = await t.ctx.db.selectFrom('sys_audit').select('detail').where('category', '=', 'asset').execute();
    expect(audits.some((a) => (a.detail ?? '').includes(secret))).toBe(false);
  });

  it('rotates the secret with its own permission; the old hash is gone', async () => {
    const s = await apiStation(t, (await apiCustomer(t, await makeDept(t, '密钥'))).id);
    const gw = await apiGateway(t, s.id);
    const editor = await userWith(t, [P.list, P.edit]);
    expect((await t.call({ method: 'POST', url: '/api/pdfznjkpt/gateway/rotateSecret', token: editor.token, payload: { id: gw.id } })).status).toBe(403);
    const holder = await userWith(t, [P.secret]);
    const res = await t.call<{ secret: string; secretRotatedAt: number }>({ method: 'POST', url: '/api/pdfznjkpt/gateway/rotateSecret', token: holder.token, payload: { id: gw.id } });
    expect(res.body.code).toBe(0);
    expect(res.body.data.secret).not.toBe(gw.secret);
    const row = await stored(gw.id);
    expect(row.secret_hash).toBe(sha256(res.body.data.secret));
    expect(row.secret_rotated_at).toBe(res.body.data.secretRotatedAt);
    expect((await auditRows(t, '重置网关密钥'))[0]).toMatchObject({ ok: 1, target: gw.code });
  });

  it('updates, lists with filters, exports and deletes, each audited', async () => {
    const c = await apiCustomer(t, await makeDept(t, '网关列表'));
    const s = await apiStation(t, c.id);
    const s2 = await apiStation(t, c.id);
    const gw = await apiGateway(t, s.id);
    const hashBefore = (await stored(gw.id)).secret_hash;
    const up = await t.call({ method: 'POST', url: '/api/pdfznjkpt/gateway/update', token: t.adminToken, payload: { id: gw.id, stationId: s2.id, code: gw.code, name: '改名网关', protocol: 'http', reportIntervalS: 30 } });
    expect(up.body.code).toBe(0);
    expect(await stored(gw.id)).toMatchObject({ station_id: s2.id, name: '改名网关', protocol: 'http', secret_hash: hashBefore });
    await t.ctx.db.updateTable('asset_gateway').set({ online: 1, last_seen_at: Date.now() }).where('id', '=', gw.id).execute();
    const page = await t.call<Page<GatewayRow>>({ method: 'POST', url: '/api/pdfznjkpt/gateway/select', token: t.adminToken, payload: { customerId: c.id, online: true, pageNum: 1, pageSize: 10 } });
    expect(page.body.data.list).toMatchObject([{ id: gw.id, online: true, protocol: 'http' }]);
    const xlsx = await t.app.inject({ method: 'GET', url: `/api/pdfznjkpt/gateway/export?customerId=${c.id}`, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(xlsx.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/pdfznjkpt/gateway/delete?ids=${gw.id}`, token: t.adminToken })).body.code).toBe(0);
    for (const action of ['新增网关', '修改网关', '删除网关', '导出网关']) expect((await auditRows(t, action))[0].ok).toBe(1);
  });

  it('answers 401 and 403', async () => {
    expect((await t.call({ method: 'POST', url: '/api/pdfznjkpt/gateway/select', payload: {} })).status).toBe(401);
    const u = await userWith(t, [PERMS.station.list]);
    for (const [method, url] of [
      ['POST', '/api/pdfznjkpt/gateway/select'],
      ['GET', '/api/pdfznjkpt/gateway/selectById/1'],
      ['POST', '/api/pdfznjkpt/gateway/save'],
      ['POST', '/api/pdfznjkpt/gateway/update'],
      ['GET', '/api/pdfznjkpt/gateway/delete?ids=1'],
      ['POST', '/api/pdfznjkpt/gateway/rotateSecret'],
    ] as const) {
      expect((await t.call({ method, url, token: u.token, payload: method === 'POST' ? {} : undefined })).status, url).toBe(403);
    }
  });

  it('validates the code charset, keeps codes unique across customers and refuses deleting a gateway in use', async () => {
    const s1 = await apiStation(t, (await apiCustomer(t, await makeDept(t, '网关1'))).id);
    const s2 = await apiStation(t, (await apiCustomer(t, await makeDept(t, '网关2'))).id);
    const before = await count(t, 'asset_gateway');
    for (const [patch, msg] of [
      [{ code: 'gw/1' }, '网关编号只能包含字母、数字、_ 和 -'],
      [{ code: 'gw 1' }, '网关编号只能包含字母、数字、_ 和 -'],
      [{ reportIntervalS: 1 }, '上报周期不能小于5'],
      [{ protocol: 'modbus' }, '接入协议取值无效'],
    ] as [Record<string, unknown>, string][]) {
      const res = await t.call({ method: 'POST', url: '/api/pdfznjkpt/gateway/save', token: t.adminToken, payload: { stationId: s1.id, code: 'GW-OK', name: '网关', ...patch } });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await count(t, 'asset_gateway')).toBe(before);
    const gw = await apiGateway(t, s1.id, { name: '在用网关' });
    const dup = await t.call({ method: 'POST', url: '/api/pdfznjkpt/gateway/save', token: t.adminToken, payload: { stationId: s2.id, code: gw.code, name: '别家的' } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe(`网关编号“${gw.code}”已存在`);
    await apiEquipment(t, s1.id, { gatewayId: gw.id });
    const rm = await t.call({ method: 'GET', url: `/api/pdfznjkpt/gateway/delete?ids=${gw.id}`, token: t.adminToken });
    expect(rm.status).toBe(400);
    expect(rm.body.msg).toBe('网关“在用网关”还接有 1 台设备，请先解除绑定或删除');
    const mv = await t.call({ method: 'POST', url: '/api/pdfznjkpt/gateway/update', token: t.adminToken, payload: { id: gw.id, stationId: s2.id, code: gw.code, name: '在用网关' } });
    expect(mv.status).toBe(400);
    expect(mv.body.msg).toBe('网关“在用网关”还接有 1 台设备，不能更换站点，请先解除绑定');
    expect(await count(t, 'asset_gateway')).toBe(before + 1);
  });

  it('keeps another customer’s gateways out of reach', async () => {
    const { a, b, scoped } = await twoCustomers(t, [P.list, P.add, P.edit, P.remove, P.secret]);
    const ga = await apiGateway(t, (await apiStation(t, a.id)).id);
    const sb = await apiStation(t, b.id);
    const gb = await apiGateway(t, sb.id);
    const page = await t.call<Page<GatewayRow>>({ method: 'POST', url: '/api/pdfznjkpt/gateway/select', token: scoped.token, payload: { pageSize: 500 } });
    expect(page.body.data.list.map((r) => r.id)).toEqual([ga.id]);
    const hash = (await stored(gb.id)).secret_hash;
    for (const [method, url, payload] of [
      ['GET', `/api/pdfznjkpt/gateway/selectById/${gb.id}`, undefined],
      ['POST', '/api/pdfznjkpt/gateway/update', { id: gb.id, stationId: sb.id, code: gb.code, name: '改' }],
      ['POST', '/api/pdfznjkpt/gateway/rotateSecret', { id: gb.id }],
      ['GET', `/api/pdfznjkpt/gateway/delete?ids=${gb.id}`, undefined],
    ] as const) {
      const res = await t.call({ method, url, token: scoped.token, payload });
      expect(res.status, url).toBe(404);
      expect(res.body.msg).toBe('网关不存在或无权访问');
    }
    expect((await stored(gb.id)).secret_hash).toBe(hash);
  });
});
