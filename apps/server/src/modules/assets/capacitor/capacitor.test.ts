import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CapacitorRow, Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { addEquipment, assetAudits, countOf, downloadXlsx, makeSite, userWith, type Site } from '../equipment/testkit';

let t: TestApp;
let admin: string;
let a: Site;
let b: Site;
let controller: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = t.adminToken;
  a = await makeSite(t, '华东园区');
  b = await makeSite(t, '苏州制造');
  controller = await addEquipment(t, a, 'CC-0001', 'CAP-CTRL');
});
afterAll(async () => t?.close());

const base = '/api/pdfznjkpt/tfcapacitor';
const add = (payload: object, token = admin) => t.call<{ id: number }>({ method: 'POST', url: `${base}/add`, token, payload });
const body = (extra: object = {}) => ({ stationId: a.stationId, cabinetId: a.cabinetId, equipmentId: controller, code: 'C1', name: '1#电容补偿柜', capacityKvar: 400, steps: 8, ratedVoltageKv: 0.45, ...extra });

describe('capacitors', () => {
  let id: number;
  it('adds, reads and lists capacitors, audited', async () => {
    const res = await add(body());
    expect(res.body.code).toBe(0);
    id = res.body.data.id;
    const one = await t.call<CapacitorRow>({ method: 'GET', url: `${base}/getById/${id}`, token: admin });
    expect(one.body.data).toMatchObject({ code: 'C1', capacityKvar: 400, steps: 8, stepKvar: 50, connection: 'delta', equipmentName: '设备CC-0001', cabinetName: '1#进线柜', customerId: a.customerId });
    await add(body({ code: 'C2', name: '2#电容补偿柜', stationId: a.station2Id, cabinetId: null, equipmentId: null, capacityKvar: 200, steps: 4, connection: 'star' }));
    const list = await t.call<Page<CapacitorRow>>({ method: 'GET', url: `${base}/list?customerId=${a.customerId}&orderBy=capacityKvar&order=desc`, token: admin });
    expect(list.body.data.list.map((c) => c.code)).toEqual(['C1', 'C2']);
    expect((await t.call<Page<CapacitorRow>>({ method: 'GET', url: `${base}/list?stationId=${a.station2Id}`, token: admin })).body.data.list.map((c) => c.code)).toEqual(['C2']);
    expect((await t.call<Page<CapacitorRow>>({ method: 'GET', url: `${base}/list?keyword=${encodeURIComponent('2#')}`, token: admin })).body.data.total).toBe(1);
    expect((await assetAudits(t, '新增电容器'))).toHaveLength(2);
  });

  it('refuses a duplicate code in the station (409 naming it) and bad input, changing nothing', async () => {
    const before = await countOf(t, 'asset_capacitor');
    const dup = await add(body());
    expect([dup.status, dup.body.msg]).toEqual([409, '电容器编号“C1”已存在']);
    const cases: [object, number, string][] = [
      [body({ code: 'C9', capacityKvar: 0 }), 400, '补偿容量必须大于0'],
      [body({ code: 'C9', steps: 0 }), 400, '投切组数不能小于1'],
      [body({ code: 'C9', ratedVoltageKv: undefined }), 400, '额定电压必须是数字'],
      [body({ code: 'C9', connection: 'zigzag' }), 400, '接线方式取值无效'],
      [body({ code: 'C9', name: '' }), 400, '请输入电容器名称'],
      [body({ code: 'C9', stationId: a.station2Id }), 400, '所选柜体不属于所选站点'],
      [body({ code: 'C9', stationId: a.station2Id, cabinetId: null }), 400, '所选补偿控制器不属于所选站点'],
    ];
    for (const [payload, status, msg] of cases) {
      const res = await add(payload);
      expect([res.status, res.body.msg], JSON.stringify(payload)).toEqual([status, msg]);
    }
    const meter = await addEquipment(t, a, 'CC-0002', 'THS-485');
    const wrongType = await add(body({ code: 'C9', equipmentId: meter }));
    expect([wrongType.status, wrongType.body.msg]).toEqual([400, '补偿控制器必须是“电容补偿”类型的设备']);
    expect(await countOf(t, 'asset_capacitor')).toBe(before);
  });

  it('edits and removes, audited', async () => {
    const edit = await t.call({ method: 'POST', url: `${base}/edit`, token: admin, payload: { id, ...body({ capacityKvar: 480, steps: 12 }) } });
    expect(edit.body.code).toBe(0);
    expect((await t.call<CapacitorRow>({ method: 'GET', url: `${base}/getById/${id}`, token: admin })).body.data.stepKvar).toBe(40);
    const clash = await t.call({ method: 'POST', url: `${base}/edit`, token: admin, payload: { id, ...body({ code: 'C2', stationId: a.station2Id, cabinetId: null, equipmentId: null }) } });
    expect([clash.status, clash.body.msg]).toEqual([409, '电容器编号“C2”已存在']);
    expect((await t.call({ method: 'GET', url: `${base}/remove?id=${id}`, token: admin })).body.code).toBe(0);
    expect((await t.call({ method: 'GET', url: `${base}/getById/${id}`, token: admin })).status).toBe(404);
    expect((await assetAudits(t, '删除电容器'))[0].target).toBe('C1');
  });

  it("keeps another customer's capacitors out of reach and needs the permission", async () => {
    const theirs = await add({ stationId: b.stationId, code: 'BC1', name: '电容', capacityKvar: 100, ratedVoltageKv: 0.4 });
    const user = await userWith(t, ['asset:capacitor:list', 'asset:capacitor:add', 'asset:capacitor:edit', 'asset:capacitor:remove'], { deptId: a.deptId, dataScope: 'dept' });
    expect((await t.call({ method: 'GET', url: `${base}/getById/${theirs.body.data.id}`, token: user.token })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `${base}/remove?id=${theirs.body.data.id}`, token: user.token })).status).toBe(404);
    expect((await add({ stationId: b.stationId, code: 'BC2', name: '电容', capacityKvar: 100, ratedVoltageKv: 0.4 }, user.token)).status).toBe(404);
    const list = await t.call<Page<CapacitorRow>>({ method: 'GET', url: `${base}/list?pageSize=100`, token: user.token });
    expect(list.body.data.list.every((c) => c.customerId === a.customerId)).toBe(true);
    const reader = await userWith(t, ['asset:capacitor:list']);
    expect((await add(body({ code: 'Z1' }), reader.token)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${base}/remove?id=${theirs.body.data.id}`, token: reader.token })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${base}/list` })).status).toBe(401);
    expect((await t.call<CapacitorRow>({ method: 'GET', url: `${base}/getById/${theirs.body.data.id}`, token: admin })).body.data.code).toBe('BC1');
  });
});

describe('capacitor export', () => {
  it('exports the filtered list as xlsx with Chinese headers, audited', async () => {
    await add(body({ code: 'E1', name: '导出电容一', capacityKvar: 300, steps: 6 }));
    await add(body({ code: 'E2', name: '导出电容二', stationId: a.station2Id, cabinetId: null, equipmentId: null, connection: 'star' }));
    const res = await downloadXlsx(t, `${base}/export?customerId=${a.customerId}&keyword=${encodeURIComponent('导出')}&orderBy=code&order=desc`, admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.fileName).toMatch(/电容器_\d{14}\.xlsx$/);
    expect(res.rows[0].slice(0, 6)).toEqual(['电容器编号', '电容器名称', '所属站点', '柜体', '补偿控制器', '补偿容量(kvar)']);
    expect(res.rows.slice(1).map((r) => r[0])).toEqual(['E2', 'E1']);
    expect(res.rows[2].slice(3, 8)).toEqual(['1#进线柜', '设备CC-0001', '300', '6', '50']);
    expect(res.rows[1][9]).toBe('星形(Y)');
    const one = await downloadXlsx(t, `${base}/export?stationId=${a.station2Id}&keyword=E`, admin);
    expect(one.rows.slice(1).map((r) => r[0])).toEqual(['E2']);
    expect((await assetAudits(t, '导出电容器')).map((x) => x.target)).toEqual(['1 个', '2 个']);
  });

  it("needs a token and the permission, and leaves another customer's capacitors out", async () => {
    const url = `${base}/export?pageSize=1`;
    expect((await downloadXlsx(t, url, '')).status).toBe(401);
    const reader = await userWith(t, ['asset:capacitor:list', 'asset:capacitor:query']);
    expect((await downloadXlsx(t, url, reader.token)).status).toBe(403);
    await add({ stationId: b.stationId, code: 'BX1', name: '他家电容', capacityKvar: 100, ratedVoltageKv: 0.4 });
    const scoped = await userWith(t, ['asset:capacitor:export'], { deptId: a.deptId, dataScope: 'dept' });
    const mine = await downloadXlsx(t, url, scoped.token);
    expect(mine.status).toBe(200);
    const codes = mine.rows.slice(1).map((r) => r[0]);
    expect(codes).toEqual(expect.arrayContaining(['E1', 'E2']));
    expect(codes).not.toContain('BX1');
    expect(codes).not.toContain('BC1');
    const everything = await downloadXlsx(t, url, admin);
    expect(everything.rows.slice(1).map((r) => r[0])).toContain('BX1');
  });
});
