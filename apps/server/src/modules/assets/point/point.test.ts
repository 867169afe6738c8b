import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointRow, RawRuleListRow, RawRuleRow, RealTimeTag } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { addEquipment, assetAudits, countOf, makeSite, userWith, type Site } from '../equipment/testkit';

let t: TestApp;
let admin: string;
let a: Site;
let b: Site;
let meter: number;
let theirs: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = t.adminToken;
  a = await makeSite(t, '华东园区');
  b = await makeSite(t, '苏州制造');
  meter = await addEquipment(t, a, 'PT-0001', 'SCM-3P');
  theirs = await addEquipment(t, b, 'PT-0001', 'SCM-3P');
});
afterAll(async () => t?.close());

const points = async (id: number, token = admin) => t.call<PointRow[]>({ method: 'GET', url: `/api/bjPoint/selectMeasuringPointListByBjId/${id}`, token });
const pointId = async (equipmentId: number, key: string) =>
  (await t.ctx.db.selectFrom('asset_point').select('id').where('equipment_id', '=', equipmentId).where('point_key', '=', key).executeTakeFirstOrThrow()).id;
const rule = (payload: object, token = admin) => t.call<RawRuleRow>({ method: 'POST', url: '/api/pdfznjkpt/iotdatarawrule/edit', token, payload });

describe('points', () => {
  it('edits a point, audited; validates in Chinese without changing it', async () => {
    const id = await pointId(meter, 'Ia');
    const res = await t.call({ method: 'POST', url: '/api/bjPoint/edit', token: admin, payload: { id, name: 'A相负荷电流', unit: 'A', precision: 1, isTag: false, enabled: false, ratio: 'ct' } });
    expect(res.body.code).toBe(0);
    const p = (await points(meter)).body.data.find((x) => x.id === id)!;
    expect(p).toMatchObject({ name: 'A相负荷电流', precision: 1, isTag: false, enabled: false, ratio: 'ct', pointKey: 'Ia' });
    expect((await assetAudits(t, '修改测点'))[0].target).toBe('PT-0001.Ia');
    for (const [payload, msg] of [
      [{ id, name: '', unit: 'A', precision: 1, isTag: false, enabled: true, ratio: null }, '请输入测点名称'],
      [{ id, name: 'x', unit: 'A', precision: 9, isTag: false, enabled: true, ratio: null }, '小数位数不能大于6'],
      [{ id, name: 'x', unit: 'A', precision: 1, isTag: false, enabled: true, ratio: 'kv' }, '变比类型取值无效'],
    ] as const) {
      const bad = await t.call({ method: 'POST', url: '/api/bjPoint/edit', token: admin, payload });
      expect([bad.status, bad.body.msg]).toEqual([400, msg]);
    }
    expect((await points(meter)).body.data.find((x) => x.id === id)!.name).toBe('A相负荷电流');
    const other = await t.call({ method: 'POST', url: '/api/bjPoint/edit', token: admin, payload: { id: 99999, name: 'x', unit: null, precision: 1, isTag: false, enabled: true, ratio: null } });
    expect(other.status).toBe(404);
  });

  it('sets and reads the live tags of an equipment', async () => {
    const ids = [await pointId(meter, 'P'), await pointId(meter, 'Ep+')];
    const set = await t.call<RealTimeTag[]>({ method: 'POST', url: '/api/assetMaintenance/realTimeDataTagByBj', token: admin, payload: { equipmentId: meter, pointIds: ids } });
    expect(set.body.data.map((x) => x.pointKey)).toEqual(['P', 'Ep+']);
    const got = await t.call<RealTimeTag[]>({ method: 'GET', url: `/api/assetMaintenance/getRealTimeDataTagByBj?id=${meter}`, token: admin });
    expect(got.body.data).toEqual(set.body.data);
    expect(got.body.data[0]).toMatchObject({ name: '有功功率', unit: 'kW', kind: 'yc' });
    const foreign = await t.call({ method: 'POST', url: '/api/assetMaintenance/realTimeDataTagByBj', token: admin, payload: { equipmentId: meter, pointIds: [await pointId(theirs, 'P')] } });
    expect([foreign.status, foreign.body.msg]).toEqual([400, '所选测点不属于该设备']);
    expect((await t.call<RealTimeTag[]>({ method: 'GET', url: `/api/assetMaintenance/getRealTimeDataTagByBj?id=${meter}`, token: admin })).body.data).toHaveLength(2);
  });

  it('refuses removing points that rules use unless asked to remove them too', async () => {
    const ua = await pointId(meter, 'Ua');
    const ub = await pointId(meter, 'Ub');
    await rule({ pointId: ua, gatewayId: a.gatewayId, rawTag: 'PT-0001.Ua' });
    await t.call({ method: 'POST', url: '/api/device/alarmConfig/save', token: admin, payload: { equipmentId: meter, pointId: ub, rules: [{ ruleType: 'upper', threshold: 240, level: 3 }] } });
    const before = await countOf(t, 'asset_point');
    const refused = await t.call({ method: 'POST', url: '/api/bjPoint/remove', token: admin, payload: { ids: [ua, ub] } });
    expect([refused.status, refused.body.msg]).toEqual([400, '测点“A相电压”“B相电压”已配置原始数据规则或告警，请先解除，或选择一并删除其规则']);
    expect(await countOf(t, 'asset_point')).toBe(before);
    const res = await t.call({ method: 'POST', url: '/api/bjPoint/remove', token: admin, payload: { ids: [ua, ub], withRules: true } });
    expect(res.body.code).toBe(0);
    expect(await countOf(t, 'asset_point')).toBe(before - 2);
    expect(await t.ctx.db.selectFrom('iot_raw_rule').select('id').where('point_id', '=', ua).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('alarm_config').select('id').where('point_id', '=', ub).execute()).toEqual([]);
    expect((await assetAudits(t, '删除测点'))[0]).toMatchObject({ target: 'PT-0001.Ua,PT-0001.Ub' });
    const free = await t.call({ method: 'POST', url: '/api/bjPoint/remove', token: admin, payload: { ids: [await pointId(meter, 'Uc')] } });
    expect(free.body.code).toBe(0);
    expect((await t.call({ method: 'POST', url: '/api/bjPoint/remove', token: admin, payload: { ids: [] } })).body.msg).toBe('请选择要删除的测点');
  });

  it('keeps another customer out and needs the permission', async () => {
    const user = await userWith(t, ['asset:point:list', 'asset:point:edit', 'asset:point:remove'], { deptId: a.deptId, dataScope: 'dept' });
    expect((await points(meter, user.token)).status).toBe(200);
    expect((await points(theirs, user.token)).status).toBe(404);
    const p = await pointId(theirs, 'P');
    const edit = await t.call({ method: 'POST', url: '/api/bjPoint/edit', token: user.token, payload: { id: p, name: 'x', unit: null, precision: 1, isTag: false, enabled: true, ratio: null } });
    expect(edit.status).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/bjPoint/remove', token: user.token, payload: { ids: [p] } })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/assetMaintenance/getRealTimeDataTagByBj?id=${theirs}`, token: user.token })).status).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/assetMaintenance/realTimeDataTagByBj', token: user.token, payload: { equipmentId: theirs, pointIds: [] } })).status).toBe(404);
    expect((await t.ctx.db.selectFrom('asset_point').select('name').where('id', '=', p).executeTakeFirstOrThrow()).name).toBe('有功功率');
    const reader = await userWith(t, ['asset:point:list']);
    expect((await t.call({ method: 'POST', url: '/api/bjPoint/edit', token: reader.token, payload: { id: p, name: 'x', unit: null, precision: 1, isTag: false, enabled: true, ratio: null } })).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/api/bjPoint/remove', token: reader.token, payload: { ids: [p] } })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/bjPoint/selectMeasuringPointListByBjId/${meter}` })).status).toBe(401);
  });
});

describe('raw data rules', () => {
  it('binds a point to a tag (upsert per point), shows it with the point and in the gateway list', async () => {
    const ia = await pointId(meter, 'Ia');
    const created = await rule({ pointId: ia, gatewayId: a.gatewayId, rawTag: 'PT-0001.Ia', scale: 0.01 });
    expect(created.body.data).toMatchObject({ pointId: ia, gatewayCode: a.gatewayCode, rawTag: 'PT-0001.Ia', scale: 0.01, offset: 0, enabled: true });
    const updated = await rule({ pointId: ia, gatewayId: a.gateway2Id, rawTag: '40001', scale: 0.1, offset: -2 });
    expect(updated.body.data).toMatchObject({ id: created.body.data.id, gatewayId: a.gateway2Id, rawTag: '40001', offset: -2 });
    expect((await assetAudits(t, '新增原始数据规则'))[0].target).toBe('PT-0001.Ia');
    expect((await assetAudits(t, '修改原始数据规则'))).toHaveLength(1);
    const byId = await t.call<RawRuleRow>({ method: 'GET', url: `/api/pdfznjkpt/iotdatarawrule/getById?id=${created.body.data.id}`, token: admin });
    const byPoint = await t.call<RawRuleRow>({ method: 'GET', url: `/api/pdfznjkpt/iotdatarawrule/getById?pointId=${ia}`, token: admin });
    expect(byId.body.data).toEqual(byPoint.body.data);
    const unbound = await t.call({ method: 'GET', url: `/api/pdfznjkpt/iotdatarawrule/getById?pointId=${await pointId(meter, 'Ic')}`, token: admin });
    expect([unbound.status, unbound.body.data]).toEqual([200, null]);
    expect((await t.call({ method: 'GET', url: '/api/pdfznjkpt/iotdatarawrule/getById', token: admin })).body.msg).toBe('请指定规则或测点');
    const withRule = (await points(meter)).body.data.find((p) => p.id === ia)!;
    expect(withRule.rule).toMatchObject({ rawTag: '40001', scale: 0.1 });
    const list = await t.call<RawRuleListRow[]>({ method: 'GET', url: `/api/pdfznjkpt/iotdatarawrule/list?gatewayId=${a.gateway2Id}`, token: admin });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ rawTag: '40001', equipmentCode: 'PT-0001', pointKey: 'Ia', kind: 'yc', unit: 'A' });
  });

  it('refuses a tag already used on the gateway (409 naming it), a gateway of another station or customer, and bad input', async () => {
    const ib = await pointId(meter, 'Ib');
    const before = await countOf(t, 'iot_raw_rule');
    const dup = await rule({ pointId: ib, gatewayId: a.gateway2Id, rawTag: '40001' });
    expect([dup.status, dup.body.msg]).toEqual([409, `原始标签“40001”在网关“${await gwCode(a.gateway2Id)}”上已被设备“PT-0001”的测点“A相负荷电流”使用`]);
    const sameTagOtherGateway = await rule({ pointId: ib, gatewayId: a.gatewayId, rawTag: '40001' });
    expect(sameTagOtherGateway.body.code).toBe(0);
    const far = await rule({ pointId: ib, gatewayId: a.otherStationGatewayId, rawTag: 'x' });
    expect([far.status, far.body.msg]).toEqual([400, '网关必须是设备所接的网关或同一站点的网关']);
    const foreign = await rule({ pointId: ib, gatewayId: b.gatewayId, rawTag: 'x' });
    expect([foreign.status, foreign.body.msg]).toEqual([404, '网关不存在或无权访问']);
    for (const [payload, msg] of [
      [{ pointId: ib, gatewayId: a.gatewayId, rawTag: 'a b' }, '原始标签不能包含空格'],
      [{ pointId: ib, gatewayId: a.gatewayId }, '请输入原始标签'],
      [{ pointId: ib, gatewayId: a.gatewayId, rawTag: 'x', scale: 0 }, '倍率不能为0'],
      [{ pointId: ib, gatewayId: a.gatewayId, rawTag: 'x', offset: 'z' }, '偏移量必须是数字'],
    ] as const) {
      const bad = await rule(payload);
      expect([bad.status, bad.body.msg]).toEqual([400, msg]);
    }
    expect(await countOf(t, 'iot_raw_rule')).toBe(before + 1);
    const removed = await t.call({ method: 'GET', url: `/api/pdfznjkpt/iotdatarawrule/remove?pointId=${ib}`, token: admin });
    expect(removed.body.code).toBe(0);
    expect((await t.call({ method: 'GET', url: `/api/pdfznjkpt/iotdatarawrule/remove?pointId=${ib}`, token: admin })).status).toBe(404);
  });

  it("keeps another customer's rules and gateways out of reach", async () => {
    const bp = await pointId(theirs, 'P');
    const theirRule = await rule({ pointId: bp, gatewayId: b.gatewayId, rawTag: 'B.P' });
    const user = await userWith(t, ['asset:point:list', 'asset:point:edit'], { deptId: a.deptId, dataScope: 'dept' });
    expect((await t.call({ method: 'GET', url: `/api/pdfznjkpt/iotdatarawrule/getById?id=${theirRule.body.data.id}`, token: user.token })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/pdfznjkpt/iotdatarawrule/getById?pointId=${bp}`, token: user.token })).status).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/pdfznjkpt/iotdatarawrule/list?gatewayId=${b.gatewayId}`, token: user.token })).status).toBe(404);
    expect((await rule({ pointId: bp, gatewayId: b.gatewayId, rawTag: 'B.P2' }, user.token)).status).toBe(404);
    expect((await rule({ pointId: await pointId(meter, 'Ic'), gatewayId: b.gatewayId, rawTag: 'B.P' }, user.token)).status).toBe(404);
    const reader = await userWith(t, ['asset:point:list']);
    expect((await rule({ pointId: bp, gatewayId: b.gatewayId, rawTag: 'B.P3' }, reader.token)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/pdfznjkpt/iotdatarawrule/list?gatewayId=${b.gatewayId}` })).status).toBe(401);
  });
});

async function gwCode(id: number) {
  return (await t.ctx.db.selectFrom('asset_gateway').select('code').where('id', '=', id).executeTakeFirstOrThrow()).code;
}
