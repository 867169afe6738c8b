import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentModelDetail, EquipmentModelRow, Page, PointTreeNode } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { addEquipment, assetAudits, countOf, downloadXlsx, makeSite, modelId, userWith, type Site } from '../equipment/testkit';

let t: TestApp;
let admin: string;
let site: Site;
beforeAll(async () => {
  t = await startTestApp();
  admin = t.adminToken;
  site = await makeSite(t);
});
afterAll(async () => t?.close());

const select = (body: object, token = admin) => t.call<Page<EquipmentModelRow>>({ method: 'POST', url: '/api/pdfznjkpt/bjxh/select', token, payload: body });

describe('built-in models', () => {
  it('lists the built-in models with their point counts, filtered by type and keyword', async () => {
    const all = await select({ pageSize: 50 });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(9);
    const byCode = Object.fromEntries(all.body.data.list.map((m) => [m.code, m]));
    expect(byCode['MFM-3P']).toMatchObject({ name: '三相多功能电力仪表', equipmentType: 'meter', equipmentTypeName: '多功能电表', builtIn: true, pointCount: 33 });
    expect(byCode['TTC-DRY'].pointCount).toBe(7);
    expect(byCode['DOOR-MC'].pointCount).toBe(1);
    const meters = await select({ equipmentType: 'breaker' });
    expect(meters.body.data.list.map((m) => m.code)).toEqual(['MCB-IOT']);
    const kw = await select({ keyword: '温' });
    expect(kw.body.data.list.map((m) => m.code).sort()).toEqual(['THS-485', 'TTC-DRY']);
    const sorted = await select({ orderBy: 'code', order: 'desc', pageSize: 3 });
    expect(sorted.body.data.list.map((m) => m.code)).toEqual(['WATER-SJ', 'TTC-DRY', 'THS-485']);
  });

  it('reads a model with its points: units, kinds, ratios and live tags', async () => {
    const res = await t.call<EquipmentModelDetail>({ method: 'GET', url: `/api/pdfznjkpt/bjxh/getById/${await modelId(t, 'MFM-3P')}`, token: admin });
    const p = Object.fromEntries(res.body.data.points.map((x) => [x.pointKey, x]));
    expect(p.Ua).toMatchObject({ name: 'A相电压', kind: 'yc', unit: 'V', ratio: 'pt', isTag: true });
    expect(p.Ia).toMatchObject({ unit: 'A', ratio: 'ct' });
    expect(p.P).toMatchObject({ unit: 'kW', ratio: 'ctpt', isTag: true });
    expect(p['Ep+']).toMatchObject({ name: '正向有功电能', kind: 'ym', unit: 'kWh', ratio: 'ctpt' });
    expect(p.F).toMatchObject({ unit: 'Hz', ratio: null });
    expect(p.THDu.unit).toBe('%');
    expect(res.body.data.points.map((x) => x.pointKey).slice(0, 6)).toEqual(['Ua', 'Ub', 'Uc', 'Uab', 'Ubc', 'Uca']);
    const mcb = await t.call<EquipmentModelDetail>({ method: 'GET', url: `/api/pdfznjkpt/bjxh/getById/${await modelId(t, 'MCB-IOT')}`, token: admin });
    expect(mcb.body.data.points.find((x) => x.pointKey === 'Ctrl')).toMatchObject({ kind: 'yk', name: '远程分合闸' });
    expect((await t.call({ method: 'GET', url: '/api/pdfznjkpt/bjxh/getById/99999', token: admin })).status).toBe(404);
  });

  it('gives the model → point tree for pickers', async () => {
    const one = await t.call<PointTreeNode[]>({ method: 'GET', url: `/api/bjPoint/bjxhPointTreeData?id=${await modelId(t, 'THS-485')}`, token: admin });
    expect(one.body.data).toHaveLength(1);
    expect(one.body.data[0]).toMatchObject({ title: '温湿度传感器（THS-485）', isLeaf: false, selectable: false });
    expect(one.body.data[0].children!.map((c) => c.title)).toEqual(['温度（T，°C）', '湿度（RH，%RH）']);
    const all = await t.call<PointTreeNode[]>({ method: 'GET', url: '/api/bjPoint/bjxhPointTreeData', token: admin });
    expect(all.body.data.length).toBeGreaterThanOrEqual(9);
    expect((await t.call({ method: 'GET', url: '/api/bjPoint/bjxhPointTreeData?id=99999', token: admin })).status).toBe(404);
  });

  it('refuses removing a built-in model, and changing its code or type', async () => {
    const id = await modelId(t, 'SMOKE-YG');
    const res = await t.call({ method: 'GET', url: `/api/pdfznjkpt/bjxh/remove?id=${id}`, token: admin });
    expect([res.status, res.body.msg]).toEqual([400, '内置型号“光电感烟探测器”不能删除']);
    const edit = await t.call({ method: 'POST', url: '/api/pdfznjkpt/bjxh/edit', token: admin, payload: { id, code: 'SMOKE-2', name: '烟感', equipmentType: 'smoke' } });
    expect([edit.status, edit.body.msg]).toEqual([400, '内置型号“光电感烟探测器”的型号编码和设备类型不能修改']);
    const rename = await t.call({ method: 'POST', url: '/api/pdfznjkpt/bjxh/edit', token: admin, payload: { id, code: 'SMOKE-YG', name: '光电感烟火灾探测器', equipmentType: 'smoke' } });
    expect(rename.body.code).toBe(0);
  });
});

describe('custom models', () => {
  let id: number;
  it('adds a model with a point set, audited; refuses a duplicate code and bad input, changing nothing', async () => {
    const res = await t.call<{ id: number }>({
      method: 'POST',
      url: '/api/pdfznjkpt/bjxh/add',
      token: admin,
      payload: {
        code: 'PM-1P',
        name: '单相电能表',
        equipmentType: 'circuit_meter',
        points: [
          { pointKey: 'U', name: '电压', kind: 'yc', unit: 'V', precision: 1, ratio: 'pt', isTag: true },
          { pointKey: 'Ep+', name: '电能', kind: 'ym', unit: 'kWh' },
        ],
      },
    });
    expect(res.body.code).toBe(0);
    id = res.body.data.id;
    expect((await assetAudits(t, '新增设备型号'))[0]).toMatchObject({ target: 'PM-1P', ok: 1 });
    const models = await countOf(t, 'asset_equipment_model');
    const points = await countOf(t, 'asset_model_point');
    const dup = await t.call({ method: 'POST', url: '/api/pdfznjkpt/bjxh/add', token: admin, payload: { code: 'PM-1P', name: 'x', equipmentType: 'meter' } });
    expect([dup.status, dup.body.msg]).toEqual([409, '型号编码“PM-1P”已存在']);
    const noName = await t.call({ method: 'POST', url: '/api/pdfznjkpt/bjxh/add', token: admin, payload: { code: 'X1', equipmentType: 'meter' } });
    expect([noName.status, noName.body.msg]).toEqual([400, '请输入型号名称']);
    const badType = await t.call({ method: 'POST', url: '/api/pdfznjkpt/bjxh/add', token: admin, payload: { code: 'X1', name: 'x', equipmentType: 'toaster' } });
    expect([badType.status, badType.body.msg]).toEqual([400, '设备类型取值无效']);
    const dupKey = await t.call({
      method: 'POST',
      url: '/api/pdfznjkpt/bjxh/add',
      token: admin,
      payload: { code: 'X1', name: 'x', equipmentType: 'meter', points: [{ pointKey: 'U', name: 'a', kind: 'yc' }, { pointKey: 'U', name: 'b', kind: 'yc' }] },
    });
    expect([dupKey.status, dupKey.body.msg]).toEqual([400, '测点标识“U”重复']);
    const badKey = await t.call({ method: 'POST', url: '/api/pdfznjkpt/bjxh/add', token: admin, payload: { code: 'X1', name: 'x', equipmentType: 'meter', points: [{ pointKey: 'U.a', name: 'a', kind: 'yc' }] } });
    expect([badKey.status, badKey.body.msg]).toEqual([400, '测点标识只能以字母开头，包含字母、数字和 _ + -']);
    const badKind = await t.call({ method: 'POST', url: '/api/pdfznjkpt/bjxh/add', token: admin, payload: { code: 'X1', name: 'x', equipmentType: 'meter', points: [{ pointKey: 'U', name: 'a', kind: 'zz' }] } });
    expect([badKind.status, badKind.body.msg]).toEqual([400, '测点类型取值无效']);
    expect([await countOf(t, 'asset_equipment_model'), await countOf(t, 'asset_model_point')]).toEqual([models, points]);
  });

  it('replaces the point set: updates, adds, removes (even swapping keys)', async () => {
    const before = await t.call<EquipmentModelDetail>({ method: 'GET', url: `/api/pdfznjkpt/bjxh/getById/${id}`, token: admin });
    const [u, ep] = before.body.data.points;
    const res = await t.call<EquipmentModelDetail>({
      method: 'POST',
      url: '/api/pdfznjkpt/bjxh/savePoints',
      token: admin,
      payload: {
        modelId: id,
        points: [
          { id: u.id, pointKey: 'I', name: '电流', kind: 'yc', unit: 'A', ratio: 'ct' },
          { pointKey: 'U', name: '电压', kind: 'yc', unit: 'V', ratio: 'pt' },
          { pointKey: 'P', name: '功率', kind: 'yc', unit: 'kW', ratio: 'ctpt', isTag: true },
        ],
      },
    });
    expect(res.body.code).toBe(0);
    expect(res.body.data.points.map((p) => [p.pointKey, p.unit])).toEqual([
      ['I', 'A'],
      ['U', 'V'],
      ['P', 'kW'],
    ]);
    expect(res.body.data.points[0].id).toBe(u.id);
    expect(res.body.data.points.some((p) => p.id === ep.id)).toBe(false);
    expect((await assetAudits(t, '修改型号测点'))[0].detail).toContain('"added":2');
    const foreign = await t.call({ method: 'POST', url: '/api/pdfznjkpt/bjxh/savePoints', token: admin, payload: { modelId: id, points: [{ id: ep.id, pointKey: 'X', name: '旧', kind: 'yc' }] } });
    expect([foreign.status, foreign.body.msg]).toEqual([400, '测点“旧”不属于该型号']);
  });

  it('refuses removing a model in use, naming how many equipment use it; removes it once unused', async () => {
    const eq = await addEquipment(t, site, 'PM-0001', 'PM-1P');
    const res = await t.call({ method: 'GET', url: `/api/pdfznjkpt/bjxh/remove?id=${id}`, token: admin });
    expect([res.status, res.body.msg]).toEqual([400, '型号“单相电能表”已被 1 台设备使用，不能删除']);
    const retype = await t.call({ method: 'POST', url: '/api/pdfznjkpt/bjxh/edit', token: admin, payload: { id, code: 'PM-1P', name: '单相电能表', equipmentType: 'meter' } });
    expect([retype.status, retype.body.msg]).toEqual([400, '型号“单相电能表”已被 1 台设备使用，设备类型不能修改']);
    // Points removed from the model stay on the equipment that has them.
    await t.call({ method: 'POST', url: '/api/pdfznjkpt/bjxh/savePoints', token: admin, payload: { modelId: id, points: [] } });
    const pts = await t.ctx.db.selectFrom('asset_point').select(['point_key', 'model_point_id']).where('equipment_id', '=', eq).orderBy('order_num').execute();
    expect(pts.map((p) => [p.point_key, p.model_point_id])).toEqual([
      ['I', null],
      ['U', null],
      ['P', null],
    ]);
    expect((await t.call({ method: 'GET', url: `/api/pdfznjkpt/bjequipment/remove?id=${eq}`, token: admin })).body.code).toBe(0);
    const ok = await t.call({ method: 'GET', url: `/api/pdfznjkpt/bjxh/remove?id=${id}`, token: admin });
    expect(ok.body.code).toBe(0);
    expect((await assetAudits(t, '删除设备型号'))[0].target).toBe('PM-1P');
  });

  it('needs a token and the permission', async () => {
    expect((await select({})).status).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/pdfznjkpt/bjxh/select', payload: {} })).status).toBe(401);
    const reader = await userWith(t, ['asset:model:list']);
    expect((await select({}, reader.token)).status).toBe(200);
    const before = await countOf(t, 'asset_equipment_model');
    for (const [method, url, payload] of [
      ['POST', '/api/pdfznjkpt/bjxh/add', { code: 'Z1', name: 'z', equipmentType: 'meter' }],
      ['POST', '/api/pdfznjkpt/bjxh/edit', { id: 1, code: 'Z1', name: 'z', equipmentType: 'meter' }],
      ['POST', '/api/pdfznjkpt/bjxh/savePoints', { modelId: 1, points: [] }],
      ['GET', '/api/pdfznjkpt/bjxh/remove?id=1', undefined],
    ] as const) {
      expect((await t.call({ method, url, payload, token: reader.token })).status).toBe(403);
    }
    const nobody = await userWith(t, ['system:dict:list']);
    expect((await select({}, nobody.token)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/bjPoint/bjxhPointTreeData', token: nobody.token })).status).toBe(403);
    expect(await countOf(t, 'asset_equipment_model')).toBe(before);
  });
});

describe('export', () => {
  const url = '/api/pdfznjkpt/bjxh/export';
  it('exports the filtered catalogue as xlsx with Chinese headers, audited', async () => {
    const res = await downloadXlsx(t, `${url}?keyword=${encodeURIComponent('温')}&orderBy=code&order=asc`, admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.fileName).toMatch(/设备型号_\d{14}\.xlsx$/);
    expect(res.rows[0].slice(0, 6)).toEqual(['型号编码', '型号名称', '设备类型', '生产厂家', '标准测点数', '来源']);
    expect(res.rows.slice(1).map((r) => r[0])).toEqual(['THS-485', 'TTC-DRY']);
    expect(res.rows[2][4]).toBe('7');
    expect(res.rows[2][5]).toBe('内置');
    const all = await downloadXlsx(t, `${url}?builtIn=true`, admin);
    expect(all.rows).toHaveLength(10);
    const audits = await assetAudits(t, '导出设备型号');
    expect(audits.map((a) => a.target)).toEqual(['9 个', '2 个']);
  });

  it('needs a token and the export permission', async () => {
    expect((await downloadXlsx(t, url, '')).status).toBe(401);
    const reader = await userWith(t, ['asset:model:list', 'asset:model:query']);
    expect((await downloadXlsx(t, url, reader.token)).status).toBe(403);
    const exporter = await userWith(t, ['asset:model:export']);
    expect((await downloadXlsx(t, url, exporter.token)).status).toBe(200);
  });
});
