import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmConfigInfo, AlarmTemplateRule } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { addEquipment, assetAudits, countOf, makeSite, userWith, type Site } from '../equipment/testkit';

let t: TestApp;
let admin: string;
let a: Site;
let b: Site;
let meter: number;
let door: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = t.adminToken;
  a = await makeSite(t, '华东园区');
  b = await makeSite(t, '苏州制造');
  meter = await addEquipment(t, a, 'AL-0001', 'MFM-3P', { ratedCurrent: 400 });
  door = await addEquipment(t, a, 'AL-0002', 'DOOR-MC');
});
afterAll(async () => t?.close());

const save = (payload: object, token = admin) => t.call<AlarmConfigInfo>({ method: 'POST', url: '/api/device/alarmConfig/save', token, payload });
const info = (id: number, token = admin) => t.call<AlarmConfigInfo>({ method: 'GET', url: `/api/device/alarmConfig/info/${id}`, token });
const pointId = async (equipmentId: number, key: string) =>
  (await t.ctx.db.selectFrom('asset_point').select('id').where('equipment_id', '=', equipmentId).where('point_key', '=', key).executeTakeFirstOrThrow()).id;

describe('alarm config', () => {
  it('saves the rule set of a point and replaces it atomically; info groups rules by point', async () => {
    const ua = await pointId(meter, 'Ua');
    const first = await save({
      equipmentId: meter,
      pointId: ua,
      rules: [
        { ruleType: 'upper', threshold: 235.4, deadband: 4.4, delayS: 60, level: 3, channels: ['email'], message: 'A相过压' },
        { ruleType: 'lower', threshold: 198, deadband: 4.4, delayS: 60, level: 3 },
      ],
    });
    expect(first.body.code).toBe(0);
    const p = first.body.data.points.find((x) => x.pointKey === 'Ua')!;
    expect(p.rules.map((r) => [r.ruleType, r.threshold, r.level, r.channels])).toEqual([
      ['upper', 235.4, 3, ['site', 'email']],
      ['lower', 198, 3, ['site']],
    ]);
    expect(first.body.data.points).toHaveLength(33);
    const replaced = await save({ equipmentId: meter, pointId: ua, rules: [{ ruleType: 'upper', threshold: 240, level: 2 }] });
    expect(replaced.body.data.points.find((x) => x.pointKey === 'Ua')!.rules.map((r) => r.threshold)).toEqual([240]);
    await save({ equipmentId: meter, rules: [{ ruleType: 'comm', delayS: 600, level: 3 }] });
    const got = await info(meter);
    expect(got.body.data).toMatchObject({ equipmentCode: 'AL-0001', equipmentType: 'meter' });
    expect(got.body.data.equipmentRules.map((r) => [r.ruleType, r.delayS, r.pointId])).toEqual([['comm', 600, null]]);
    expect((await assetAudits(t, '保存告警配置')).map((x) => x.target)).toEqual(['AL-0001', 'AL-0001.Ua', 'AL-0001.Ua']);
    const cleared = await save({ equipmentId: meter, pointId: ua, rules: [] });
    expect(cleared.body.data.points.find((x) => x.pointKey === 'Ua')!.rules).toEqual([]);
    expect(cleared.body.data.equipmentRules).toHaveLength(1);
  });

  it('validates rules in Chinese and changes nothing', async () => {
    const ia = await pointId(meter, 'Ia');
    const d = await pointId(door, 'Door');
    await save({ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'upper', threshold: 320, level: 3 }] });
    const before = await countOf(t, 'alarm_config');
    const cases: [object, string][] = [
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'upper', level: 3 }] }, '越上限告警必须填写阈值'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'lower', level: 3, threshold: '' }] }, '越下限告警必须填写阈值'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'upper', threshold: 100, level: 3 }, { ruleType: 'lower', threshold: 120, level: 3 }] }, '下限阈值必须小于上限阈值'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'upper', threshold: 100, level: 3, deadband: -1 }] }, '回差不能小于0'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'upper', threshold: 100, level: 3, delayS: 86401 }] }, '延时(秒)不能大于86400'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'upper', threshold: 100, level: 5 }] }, '告警级别不能大于4'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'upper', threshold: 100, level: 0 }] }, '告警级别不能小于1'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'upper', threshold: 100, level: 3, channels: ['fax'] }] }, '通知方式取值无效'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'spike', threshold: 100, level: 3 }] }, '告警类型取值无效'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'upper', threshold: 100, level: 3 }, { ruleType: 'upper', threshold: 100, level: 2 }] }, '存在重复的告警规则'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'status', statusValue: 1, level: 1 }] }, '状态变位告警只能配置在遥信测点上，测点“A相电流”是遥测测点'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'status', level: 1 }] }, '状态变位告警必须填写告警状态值'],
      [{ equipmentId: door, pointId: d, rules: [{ ruleType: 'upper', threshold: 1, level: 1 }] }, '越限告警只能配置在遥测或遥脉测点上，测点“门状态”是遥信测点'],
      [{ equipmentId: meter, pointId: ia, rules: [{ ruleType: 'comm', delayS: 600, level: 3 }] }, '通讯中断告警只能配置在设备上，不能配置在测点上'],
      [{ equipmentId: meter, rules: [{ ruleType: 'upper', threshold: 1, level: 3 }] }, '越限和变位告警必须选择测点'],
      [{ equipmentId: meter, rules: [{ ruleType: 'comm', delayS: 10, level: 3 }] }, '通讯中断判定时间不能少于60秒'],
      [{ equipmentId: meter, pointId: d, rules: [] }, '所选测点不属于该设备'],
    ];
    for (const [payload, msg] of cases) {
      const res = await save(payload);
      expect([res.status, res.body.msg], JSON.stringify(payload)).toEqual([400, msg]);
    }
    expect(await countOf(t, 'alarm_config')).toBe(before);
    expect((await info(meter)).body.data.points.find((x) => x.pointKey === 'Ia')!.rules.map((r) => r.threshold)).toEqual([320]);
    const status = await save({ equipmentId: door, pointId: d, rules: [{ ruleType: 'status', statusValue: 1, level: 3, threshold: 99 }] });
    expect(status.body.data.points[0].rules[0]).toMatchObject({ ruleType: 'status', statusValue: 1, threshold: null });
  });

  it('suggests templates per equipment type and applies them', async () => {
    const tpl = await t.call<AlarmTemplateRule[]>({ method: 'GET', url: `/api/device/alarmConfig/template/${meter}`, token: admin });
    const by = (key: string | null, type: string) => tpl.body.data.filter((r) => r.pointKey === key && r.ruleType === type);
    expect(by('Ua', 'upper')[0]).toMatchObject({ threshold: 235.4, level: 3 });
    expect(by('Ua', 'lower')[0].threshold).toBe(198);
    expect(by('Uab', 'upper')[0].threshold).toBe(406.6);
    expect(by('F', 'upper')[0].threshold).toBe(50.2);
    expect(by('Ia', 'upper').map((r) => [r.threshold, r.level])).toEqual([
      [320, 3],
      [400, 2],
    ]);
    expect(by(null, 'comm')[0]).toMatchObject({ delayS: 900, level: 3 });
    const applied = await t.call<AlarmConfigInfo>({ method: 'POST', url: '/api/device/alarmConfig/applyTemplate', token: admin, payload: { equipmentId: meter } });
    expect(applied.body.code).toBe(0);
    expect(applied.body.data.points.find((p) => p.pointKey === 'THDu')!.rules[0]).toMatchObject({ threshold: 5, ruleType: 'upper' });
    expect(applied.body.data.equipmentRules).toHaveLength(1);
    const hv = await addEquipment(t, a, 'AL-0003', 'MFM-3P', { ptRatio: 100, ctRatio: 20 });
    const hvTpl = await t.call<AlarmTemplateRule[]>({ method: 'GET', url: `/api/device/alarmConfig/template/${hv}`, token: admin });
    expect(hvTpl.body.data.find((r) => r.pointKey === 'Ua' && r.ruleType === 'upper')!.threshold).toBe(6177.6);
    expect(hvTpl.body.data.find((r) => r.pointKey === 'THDu')!.threshold).toBe(4);
    const doorTpl = await t.call<AlarmTemplateRule[]>({ method: 'GET', url: `/api/device/alarmConfig/template/${door}`, token: admin });
    expect(doorTpl.body.data.map((r) => [r.pointKey, r.ruleType, r.statusValue])).toEqual([
      ['Door', 'status', 1],
      [null, 'comm', null],
    ]);
  });

  it("keeps another customer's equipment out of reach and needs the permission", async () => {
    const theirs = await addEquipment(t, b, 'AL-0001', 'THS-485');
    const user = await userWith(t, ['alarm:config:query', 'alarm:config:edit'], { deptId: a.deptId, dataScope: 'dept' });
    expect((await info(meter, user.token)).status).toBe(200);
    expect((await info(theirs, user.token)).status).toBe(404);
    const before = await countOf(t, 'alarm_config');
    expect((await save({ equipmentId: theirs, rules: [{ ruleType: 'comm', delayS: 600, level: 3 }] }, user.token)).status).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/device/alarmConfig/applyTemplate', token: user.token, payload: { equipmentId: theirs } })).status).toBe(404);
    const reader = await userWith(t, ['alarm:config:query']);
    expect((await save({ equipmentId: meter, rules: [] }, reader.token)).status).toBe(403);
    expect((await info(meter, reader.token)).status).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/device/alarmConfig/info/${meter}` })).status).toBe(401);
    expect(await countOf(t, 'alarm_config')).toBe(before);
  });
});
