import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMS, type CameraRow, type Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { apiCabinet, apiCamera, apiCustomer, apiStation, auditRows, count, makeDept, twoCustomers, userWith } from '../tree/site-testkit';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const P = PERMS.camera;

describe('cameras', () => {
  it('adds, reads, edits, lists and removes a camera, telling HLS streams apart', async () => {
    const s = await apiStation(t, (await apiCustomer(t, await makeDept(t, '摄像头'))).id);
    const cab = await apiCabinet(t, s.id);
    const cam = await apiCamera(t, s.id, { cabinetId: cab.id, streamUrl: 'https://video.example.cn/live/1.m3u8', ip: '192.168.1.64', brand: '海康' });
    const got = await t.call<CameraRow>({ method: 'GET', url: `/api/camera/selectById/${cam.id}`, token: t.adminToken });
    expect(got.body.data).toMatchObject({ isHls: true, cabinetId: cab.id, ip: '192.168.1.64', stationName: s.name });
    const edit = await t.call({ method: 'POST', url: '/api/camera/edit', token: t.adminToken, payload: { id: cam.id, stationId: s.id, code: cam.code, name: '大门', streamUrl: 'rtsp://192.168.1.64/ch1' } });
    expect(edit.body.code).toBe(0);
    const page = await t.call<Page<CameraRow>>({ method: 'GET', url: `/api/camera/pageList?stationId=${s.id}`, token: t.adminToken });
    expect(page.body.data.list).toMatchObject([{ name: '大门', isHls: false, cabinetId: null }]);
    expect((await t.call({ method: 'GET', url: `/api/camera/remove?ids=${cam.id}`, token: t.adminToken })).body.code).toBe(0);
    for (const action of ['新增摄像头', '修改摄像头', '删除摄像头']) expect((await auditRows(t, action))[0].ok).toBe(1);
  });

  it('answers 401 and 403', async () => {
    expect((await t.call({ method: 'GET', url: '/api/camera/pageList' })).status).toBe(401);
    const u = await userWith(t, [PERMS.bay.list]);
    for (const [method, url] of [['GET', '/api/camera/pageList'], ['GET', '/api/camera/selectById/1'], ['POST', '/api/camera/add'], ['POST', '/api/camera/edit'], ['GET', '/api/camera/remove?ids=1']] as const) {
      expect((await t.call({ method, url, token: u.token, payload: method === 'POST' ? {} : undefined })).status, url).toBe(403);
    }
  });

  it('validates IP and stream addresses in Chinese and keeps codes unique per station', async () => {
    const s = await apiStation(t, (await apiCustomer(t, await makeDept(t, '摄像头校验'))).id);
    const before = await count(t, 'asset_camera');
    for (const [patch, msg] of [
      [{ ip: '300.1.1.1' }, '请输入正确的IP地址'],
      [{ streamUrl: 'ftp://x/y' }, '视频流地址应以 http://、https://、rtsp:// 或 rtmp:// 开头'],
    ] as [Record<string, unknown>, string][]) {
      const res = await t.call({ method: 'POST', url: '/api/camera/add', token: t.adminToken, payload: { stationId: s.id, code: 'CAM1', name: '门口', ...patch } });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect(await count(t, 'asset_camera')).toBe(before);
    await apiCamera(t, s.id, { code: 'CAM1' });
    const dup = await t.call({ method: 'POST', url: '/api/camera/add', token: t.adminToken, payload: { stationId: s.id, code: 'CAM1', name: '门口' } });
    expect(dup.status).toBe(409);
    expect(dup.body.msg).toBe('摄像头编号“CAM1”已存在');
  });

  it('keeps another customer’s cameras out of reach', async () => {
    const { a, b, scoped } = await twoCustomers(t, [P.list, P.add, P.edit, P.remove]);
    const sa = await apiStation(t, a.id);
    const sb = await apiStation(t, b.id);
    const ca = await apiCamera(t, sa.id);
    const cb = await apiCamera(t, sb.id);
    const page = await t.call<Page<CameraRow>>({ method: 'GET', url: '/api/camera/pageList?pageSize=500', token: scoped.token });
    expect(page.body.data.list.map((r) => r.id)).toEqual([ca.id]);
    for (const [method, url, payload] of [
      ['GET', `/api/camera/selectById/${cb.id}`, undefined],
      ['POST', '/api/camera/edit', { id: cb.id, stationId: sb.id, code: cb.code, name: '改' }],
      ['GET', `/api/camera/remove?ids=${cb.id}`, undefined],
    ] as const) {
      const res = await t.call({ method, url, token: scoped.token, payload });
      expect(res.status, url).toBe(404);
      expect(res.body.msg).toBe('摄像头不存在或无权访问');
    }
    // Nor can a camera of one's own be moved into their station.
    const into = await t.call({ method: 'POST', url: '/api/camera/edit', token: scoped.token, payload: { id: ca.id, stationId: sb.id, code: ca.code, name: '改' } });
    expect(into.status).toBe(404);
    expect(into.body.msg).toBe('站点不存在或无权访问');
  });
});
