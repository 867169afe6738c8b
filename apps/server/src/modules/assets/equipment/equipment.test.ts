import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { EquipmentBaseInfo, EquipmentRow, Page, PointRow } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { addEquipment, assetAudits, countOf, makeSite, modelId, userWith, type Site } from './testkit';

let t: TestApp;
let admin: string;
let a: Site;
let b: Site;
beforeAll(async () => {
  t = await startTestApp();
  admin = t.adminToken;
  a = await makeSite(t, '华东园区');
  b = await makeSite(t, '苏州制造');
});
afterAll(async () => t?.close());

const base = '/api/pdfznjkpt/bjequipment';
const get = (id: number, token = admin) => t.call<EquipmentRow>({ method: 'GET', url: `${base}/getById/${id}`, token });
const list = (body: object, token = admin) => t.call<Page<EquipmentRow>>({ method: 'POST', url: `${base}/pageList`, token, payload: body });
const add = async (payload: object, token = admin) => t.call<{ id: number; points: number }>({ method: 'POST', url: `${base}/add`, token, payload });

describe('add', () => {
  it('creates the equipment and its points from the model, in one call, audited', async () => {
    const res = await add({
      stationId: a.stationId,
      cabinetId: a.cabinetId,
      gatewayId: a.gatewayId,
      modelId: await modelId(t, 'MFM-3P'),
      code: 'AM-0001',
      name: '1#进线总表',
      ctRatio: 100,
      ptRatio: 1,
      valuesArePrimary: false,
      ratedCurrent: 500,
      installDate: '2024-06-01',
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.points).toBe(33);
    const e = await get(res.body.data.id);
    expect(e.body.data).toMatchObject({
      code: 'AM-0001',
      equipmentType: 'meter',
      equipmentTypeName: '多功能电表',
      modelCode: 'MFM-3P',
      stationId: a.stationId,
      cabinetName: '1#进线柜',
      gatewayCode: a.gatewayCode,
      ctRatio: 100,
      valuesArePrimary: false,
      pointCount: 33,
      status: 'running',
      installDate: '2024-06-01',
    });
    const points = await t.call<PointRow[]>({ method: 'GET', url: `/api/bjPoint/selectMeasuringPointListByBjId/${res.body.data.id}`, token: admin });
    expect(points.body.data).toHaveLength(33);
    expect(points.body.data[0]).toMatchObject({ pointKey: 'Ua', name: 'A相电压', kind: 'yc', kindName: '遥测', unit: 'V', ratio: 'pt', isTag: true, enabled: true, rule: null });
    expect((await assetAudits(t, '新增设备'))[0]).toMatchObject({ target: 'AM-0001', ok: 1 });
  });

  it('refuses a duplicate code of the same customer (409 naming it) but allows it for another customer', async () => {
    const before = await countOf(t, 'asset_equipment');
    const dup = await add({ stationId: a.station2Id, modelId: await modelId(t, 'THS-485'), code: 'AM-0001', name: '温湿度' });
    expect([dup.status, dup.body.msg]).toEqual([409, '设备编号“AM-0001”已存在']);
    expect(await countOf(t, 'asset_equipment')).toBe(before);
    const other = await add({ stationId: b.stationId, modelId: await modelId(t, 'THS-485'), code: 'AM-0001', name: '温湿度' });
    expect(other.body.code).toBe(0);
    expect(other.body.data.points).toBe(2);
  });

  it('validates the input in Chinese and changes nothing', async () => {
    const ths = await modelId(t, 'THS-485');
    const equipment = await countOf(t, 'asset_equipment');
    const points = await countOf(t, 'asset_point');
    const cases: [object, number, string][] = [
      [{ stationId: a.stationId, modelId: ths, name: 'x' }, 400, '请输入设备编号'],
      [{ stationId: a.stationId, modelId: ths, code: 'X 1', name: 'x' }, 400, '设备编号只能包含字母、数字、_ 和 -'],
      [{ modelId: ths, code: 'X1', name: 'x' }, 400, '所属站点必须是数字'],
      [{ stationId: a.stationId, modelId: ths, code: 'X1', name: 'x', ctRatio: 0 }, 400, 'CT变比必须大于0'],
      [{ stationId: a.stationId, modelId: ths, code: 'X1', name: 'x', ptRatio: -10 }, 400, 'PT变比必须大于0'],
      [{ stationId: a.stationId, modelId: ths, code: 'X1', name: 'x', ctRatio: 'abc' }, 400, 'CT变比必须是数字'],
      [{ stationId: a.stationId, modelId: ths, code: 'X1', name: 'x', installDate: '2024-02-30' }, 400, '安装日期格式应为YYYY-MM-DD'],
      [{ stationId: a.stationId, modelId: ths, code: 'X1', name: 'x', status: 'broken' }, 400, '运行状态取值无效'],
      [{ stationId: a.stationId, modelId: ths, code: 'X1', name: 'x', ratedKva: 0 }, 400, '额定容量必须大于0'],
      [{ stationId: a.stationId, modelId: 99999, code: 'X1', name: 'x' }, 404, '设备型号不存在或无权访问'],
      [{ stationId: a.stationId, modelId: ths, code: 'X1', name: 'x', cabinetId: 99999 }, 404, '柜体不存在或无权访问'],
      [{ stationId: a.station2Id, modelId: ths, code: 'X1', name: 'x', cabinetId: a.cabinetId }, 400, '所选柜体不属于所选站点'],
      [{ stationId: a.station2Id, modelId: ths, code: 'X1', name: 'x', gatewayId: a.gatewayId }, 400, '所选网关不属于所选站点'],
      [{ stationId: a.stationId, modelId: ths, code: 'X1', name: 'x', gatewayId: b.gatewayId }, 404, '网关不存在或无权访问'],
    ];
    for (const [payload, status, msg] of cases) {
      const res = await add(payload);
      expect([res.status, res.body.msg], JSON.stringify(payload)).toEqual([status, msg]);
    }
    expect([await countOf(t, 'asset_equipment'), await countOf(t, 'asset_point')]).toEqual([equipment, points]);
  });
});

describe('scope', () => {
  it("answers 404 for another customer's equipment and station, and lists only the user's own", async () => {
    const mine = await addEquipment(t, a, 'AS-0001', 'DOOR-MC');
    const theirs = await addEquipment(t, b, 'BS-0001', 'DOOR-MC');
    const user = await userWith(t, ['asset:equipment:list', 'asset:equipment:add', 'asset:equipment:edit', 'asset:equipment:remove', 'asset:equipment:export'], {
      deptId: a.deptId,
      dataScope: 'dept',
    });
    expect((await get(mine, user.token)).status).toBe(200);
    const denied = await get(theirs, user.token);
    expect([denied.status, denied.body.msg, denied.body.data]).toEqual([404, '设备不存在或无权访问', undefined]);
    const rows = await list({ pageSize: 500 }, user.token);
    expect(rows.body.data.list.every((r) => r.customerId === a.customerId)).toBe(true);
    expect(rows.body.data.list.map((r) => r.code)).toContain('AS-0001');
    const sneaky = await list({ customerId: b.customerId }, user.token);
    expect(sneaky.body.data.total).toBe(0);
    const intoB = await add({ stationId: b.stationId, modelId: await modelId(t, 'DOOR-MC'), code: 'X9', name: 'x' }, user.token);
    expect([intoB.status, intoB.body.msg]).toEqual([404, '站点不存在或无权访问']);
    const edit = await t.call({ method: 'POST', url: `${base}/edit`, token: user.token, payload: { id: theirs, stationId: b.stationId, modelId: await modelId(t, 'DOOR-MC'), code: 'BS-0001', name: '改' } });
    expect(edit.status).toBe(404);
    expect((await t.call({ method: 'GET', url: `${base}/remove?id=${theirs}`, token: user.token })).status).toBe(404);
    const infos = await t.call<EquipmentBaseInfo[]>({ method: 'GET', url: `${base}/getEquipmentBaseInfos?ids=${mine},${theirs}`, token: user.token });
    expect(infos.body.data.map((i) => i.id)).toEqual([mine]);
    expect((await t.call({ method: 'GET', url: `/api/bjPoint/selectMeasuringPointListByBjId/${theirs}`, token: user.token })).status).toBe(404);
    expect((await get(theirs)).body.data.name).toBe('设备BS-0001');
  });

  it('needs a token and the permission', async () => {
    const id = await addEquipment(t, a, 'AP-0001', 'WATER-SJ');
    expect((await t.call({ method: 'GET', url: `${base}/getById/${id}` })).status).toBe(401);
    expect((await t.call({ method: 'POST', url: `${base}/pageList`, payload: {} })).status).toBe(401);
    const reader = await userWith(t, ['asset:equipment:list']);
    expect((await get(id, reader.token)).status).toBe(200);
    const before = await countOf(t, 'asset_equipment');
    expect((await add({ stationId: a.stationId, modelId: await modelId(t, 'WATER-SJ'), code: 'X2', name: 'x' }, reader.token)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${base}/remove?id=${id}`, token: reader.token })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${base}/export`, token: reader.token })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${base}/importTemplate`, token: reader.token })).status).toBe(403);
    const nobody = await userWith(t, ['system:dict:list']);
    expect((await list({}, nobody.token)).status).toBe(403);
    expect(await countOf(t, 'asset_equipment')).toBe(before);
  });
});

describe('list, export, base infos', () => {
  it('filters by station, gateway, model, type and keyword; sorts only by whitelisted columns', async () => {
    await addEquipment(t, a, 'LT-0001', 'THS-485', { name: '高压室温湿度', gatewayId: a.gateway2Id });
    await addEquipment(t, a, 'LT-0002', 'THS-485', { name: '低压室温湿度', stationId: a.station2Id, cabinetId: null, gatewayId: a.otherStationGatewayId });
    const byType = await list({ equipmentType: 'th_sensor', customerId: a.customerId });
    expect(byType.body.data.list.map((r) => r.code).sort()).toEqual(['LT-0001', 'LT-0002']);
    expect((await list({ stationId: a.station2Id, equipmentType: 'th_sensor' })).body.data.list.map((r) => r.code)).toEqual(['LT-0002']);
    expect((await list({ gatewayId: a.gateway2Id })).body.data.list.map((r) => r.code)).toEqual(['LT-0001']);
    expect((await list({ keyword: '高压室' })).body.data.list.map((r) => r.code)).toEqual(['LT-0001']);
    expect((await list({ keyword: 'lt-000' })).body.data.total).toBe(2);
    expect((await list({ modelId: await modelId(t, 'THS-485'), customerId: a.customerId })).body.data.total).toBe(2);
    const sorted = await list({ customerId: a.customerId, orderBy: 'code', order: 'desc', pageSize: 2 });
    expect(sorted.body.data.list.map((r) => r.code)).toEqual(['LT-0002', 'LT-0001']);
    const injected = await list({ customerId: a.customerId, orderBy: 'code; drop table asset_equipment', pageSize: 1 });
    expect(injected.body.data.total).toBeGreaterThan(2);
    expect((await list({ pageSize: 501 })).body.msg).toBe('每页条数不能大于500');
  });

  it('exports the filtered list as xlsx, audited', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/export?equipmentType=th_sensor&customerId=${a.customerId}`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/设备_\d{14}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('设备编号');
    expect(ws.rowCount).toBe(3);
    expect([ws.getRow(2).getCell(1).value, ws.getRow(3).getCell(1).value].sort()).toEqual(['LT-0001', 'LT-0002']);
    expect((await assetAudits(t, '导出设备'))[0].target).toBe('2 台');
  });

  it('gives brief facts for many ids', async () => {
    const ids = (await list({ equipmentType: 'th_sensor', customerId: a.customerId })).body.data.list.map((r) => r.id);
    const res = await t.call<EquipmentBaseInfo[]>({ method: 'GET', url: `${base}/getEquipmentBaseInfos?ids=${ids.join(',')},99999`, token: admin });
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({ equipmentTypeName: '温湿度传感器', modelName: '温湿度传感器', online: false });
    expect((await t.call({ method: 'GET', url: `${base}/getEquipmentBaseInfos?ids=`, token: admin })).body.msg).toBe('请选择设备');
  });
});

describe('edit and remove', () => {
  it('edits fields; a model change rebuilds points, and is refused once points have rules', async () => {
    const id = await addEquipment(t, a, 'ED-0001', 'SCM-3P');
    const payload = { id, stationId: a.stationId, cabinetId: a.cabinetId, gatewayId: a.gatewayId, modelId: await modelId(t, 'SCM-3P'), code: 'ED-0001', name: '2#出线', ctRatio: 40 };
    expect((await t.call({ method: 'POST', url: `${base}/edit`, token: admin, payload })).body.code).toBe(0);
    expect((await get(id)).body.data).toMatchObject({ name: '2#出线', ctRatio: 40, pointCount: 11 });
    const remodel = await t.call({ method: 'POST', url: `${base}/edit`, token: admin, payload: { ...payload, modelId: await modelId(t, 'MFM-3P') } });
    expect(remodel.body.code).toBe(0);
    expect((await get(id)).body.data).toMatchObject({ modelCode: 'MFM-3P', pointCount: 33 });
    const ua = await t.ctx.db.selectFrom('asset_point').select('id').where('equipment_id', '=', id).where('point_key', '=', 'Ua').executeTakeFirstOrThrow();
    expect((await t.call({ method: 'POST', url: '/api/pdfznjkpt/iotdatarawrule/edit', token: admin, payload: { pointId: ua.id, gatewayId: a.gatewayId, rawTag: 'ED-0001.Ua' } })).body.code).toBe(0);
    const refused = await t.call({ method: 'POST', url: `${base}/edit`, token: admin, payload: { ...payload, modelId: await modelId(t, 'SCM-3P') } });
    expect([refused.status, refused.body.msg]).toEqual([400, '设备“2#出线”的测点已有1 条原始数据规则，不能更换型号，请先删除这些规则']);
    expect((await get(id)).body.data.modelCode).toBe('MFM-3P');
  });

  it("moves the equipment's rules with it when the gateway changes; refuses a station change that would strand a rule", async () => {
    const id = await addEquipment(t, a, 'MV-0001', 'THS-485');
    const [tp] = await t.ctx.db.selectFrom('asset_point').select('id').where('equipment_id', '=', id).orderBy('order_num').execute();
    await t.call({ method: 'POST', url: '/api/pdfznjkpt/iotdatarawrule/edit', token: admin, payload: { pointId: tp.id, gatewayId: a.gatewayId, rawTag: 'MV-0001.T' } });
    const payload = { id, stationId: a.stationId, cabinetId: null, gatewayId: a.gateway2Id, modelId: await modelId(t, 'THS-485'), code: 'MV-0001', name: '温湿度' };
    expect((await t.call({ method: 'POST', url: `${base}/edit`, token: admin, payload })).body.code).toBe(0);
    const rule = await t.ctx.db.selectFrom('iot_raw_rule').select('gateway_id').where('point_id', '=', tp.id).executeTakeFirstOrThrow();
    expect(rule.gateway_id).toBe(a.gateway2Id);
    const strand = await t.call({ method: 'POST', url: `${base}/edit`, token: admin, payload: { ...payload, stationId: a.station2Id, gatewayId: null } });
    expect([strand.status, strand.body.msg]).toEqual([400, '测点“温度”的原始数据规则绑定在其他站点的网关上，不能更换站点，请先修改该规则']);
    const moved = await t.call({ method: 'POST', url: `${base}/edit`, token: admin, payload: { ...payload, stationId: a.station2Id, gatewayId: a.otherStationGatewayId } });
    expect(moved.body.code).toBe(0);
    expect((await get(id)).body.data.stationId).toBe(a.station2Id);
  });

  it('refuses removal naming a capacitor that uses it; otherwise removes points, rules and alarm configs together', async () => {
    const id = await addEquipment(t, a, 'RM-0001', 'CAP-CTRL');
    const cap = await t.call<{ id: number }>({
      method: 'POST',
      url: '/api/pdfznjkpt/tfcapacitor/add',
      token: admin,
      payload: { stationId: a.stationId, equipmentId: id, code: 'C1', name: '1#电容柜', capacityKvar: 240, steps: 8, ratedVoltageKv: 0.45 },
    });
    expect(cap.body.code).toBe(0);
    const refused = await t.call({ method: 'GET', url: `${base}/remove?id=${id}`, token: admin });
    expect([refused.status, refused.body.msg]).toEqual([400, '设备“设备RM-0001”是电容器“1#电容柜（C1）”的补偿控制器，请先修改或删除该电容器']);
    expect((await get(id)).status).toBe(200);
    const move = await t.call({
      method: 'POST',
      url: `${base}/edit`,
      token: admin,
      payload: { id, stationId: a.station2Id, cabinetId: null, gatewayId: null, modelId: await modelId(t, 'CAP-CTRL'), code: 'RM-0001', name: '设备RM-0001' },
    });
    expect([move.status, move.body.msg]).toEqual([400, '设备“设备RM-0001”是电容器“1#电容柜（C1）”的补偿控制器，不能更换站点']);
    await t.call({ method: 'GET', url: `/api/pdfznjkpt/tfcapacitor/remove?id=${cap.body.data.id}`, token: admin });
    const pf = await t.ctx.db.selectFrom('asset_point').select('id').where('equipment_id', '=', id).where('point_key', '=', 'PF').executeTakeFirstOrThrow();
    await t.call({ method: 'POST', url: '/api/pdfznjkpt/iotdatarawrule/edit', token: admin, payload: { pointId: pf.id, gatewayId: a.gatewayId, rawTag: 'RM-0001.PF' } });
    await t.call({ method: 'POST', url: '/api/device/alarmConfig/applyTemplate', token: admin, payload: { equipmentId: id } });
    expect(Number((await t.ctx.db.selectFrom('alarm_config').select((eb) => eb.fn.countAll<number>().as('n')).where('equipment_id', '=', id).executeTakeFirstOrThrow()).n)).toBeGreaterThan(0);
    const res = await t.call({ method: 'GET', url: `${base}/remove?id=${id}`, token: admin });
    expect(res.body.code).toBe(0);
    expect((await get(id)).status).toBe(404);
    expect(await t.ctx.db.selectFrom('asset_point').select('id').where('equipment_id', '=', id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('alarm_config').select('id').where('equipment_id', '=', id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('iot_raw_rule').select('id').where('raw_tag', '=', 'RM-0001.PF').execute()).toEqual([]);
    expect((await assetAudits(t, '删除设备'))[0]).toMatchObject({ target: 'RM-0001' });
  });
});
