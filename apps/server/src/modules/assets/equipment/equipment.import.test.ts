import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { EquipmentImportFailure, EquipmentImportResult } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import type { LimitedUser } from '../../../../test/limited-user';
import { addEquipment, assetAudits, countOf, makeSite, multipartFile, userWith, type Site } from './testkit';

let t: TestApp;
let a: Site;
let b: Site;
let importer: LimitedUser;
beforeAll(async () => {
  t = await startTestApp();
  a = await makeSite(t, '华东园区');
  b = await makeSite(t, '苏州制造');
  importer = await userWith(t, ['asset:equipment:import', 'asset:equipment:list'], { deptId: a.deptId, dataScope: 'dept' });
  await addEquipment(t, a, 'EXIST-01', 'DOOR-MC');
});
afterAll(async () => t?.close());

const base = '/api/pdfznjkpt/bjequipment';

async function template(token: string): Promise<ExcelJS.Workbook> {
  const res = await t.app.inject({ method: 'GET', url: `${base}/importTemplate`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

type Row = Partial<Record<'code' | 'name' | 'station' | 'cabinet' | 'gateway' | 'model' | 'addr' | 'ct' | 'pt' | 'kva' | 'maker' | 'date' | 'remark', string | number | Date>>;

/** The downloaded template with rows typed in under the example row, as a user would. */
async function fileWith(rows: Row[], token = importer.token): Promise<Buffer> {
  const wb = await template(token);
  const ws = wb.getWorksheet('设备导入')!;
  rows.forEach((r, i) => {
    ws.getRow(3 + i).values = [r.code, r.name, r.station, r.cabinet, r.gateway, r.model, r.addr, r.ct, r.pt, r.kva, r.maker, r.date, r.remark] as ExcelJS.CellValue[];
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const upload = (data: Buffer, token = importer.token, name = '设备.xlsx') =>
  t.call<EquipmentImportResult & EquipmentImportFailure>({ method: 'POST', url: `${base}/equipmentExcelImport`, token, ...multipartFile(data, name) });

describe('import template', () => {
  it('has the columns, an example row, the valid codes of the user scope and drop-down lists', async () => {
    const wb = await template(importer.token);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['设备导入', '可选值']);
    const ws = wb.getWorksheet('设备导入')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      '设备编号*',
      '设备名称*',
      '所属站点编号*',
      '柜体编号',
      '网关编号',
      '设备型号编码*',
      '通讯地址',
      'CT变比',
      'PT变比',
      '额定容量(kVA)',
      '生产厂家',
      '安装日期',
      '备注',
    ]);
    expect(ws.getRow(2).getCell(1).value).toBe('MTR-0001');
    expect(ws.getRow(2).getCell(3).value).toBe('ST-001');
    expect(ws.getRow(2).getCell(13).value).toBe('示例行，导入时忽略');

    const opt = wb.getWorksheet('可选值')!;
    const column = (c: number) => (opt.getColumn(c).values as unknown[]).slice(2).filter((v) => v !== undefined && v !== null);
    expect(column(1)).toEqual(['MFM-3P', 'SCM-3P', 'TTC-DRY', 'THS-485', 'DOOR-MC', 'WATER-SJ', 'SMOKE-YG', 'MCB-IOT', 'CAP-CTRL']);
    expect(column(5)).toEqual(['ST-001', 'ST-002']);
    expect(column(7).every((c) => String(c).startsWith('华东园区'))).toBe(true);
    expect(column(13)).toContain(a.gatewayCode);
    expect(column(13)).not.toContain(b.gatewayCode);

    const dv = (ws as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } }).dataValidations.model;
    expect(dv.F2).toMatchObject({ type: 'list', formulae: ["'可选值'!$A$2:$A$10"] });
    expect(dv.F2001).toMatchObject({ type: 'list' });
    expect(dv.C2).toMatchObject({ type: 'list', formulae: ["'可选值'!$E$2:$E$3"] });
    expect(dv.D2.type).toBe('list');
    expect(dv.E2.type).toBe('list');
    expect(dv.H2).toMatchObject({ type: 'decimal', operator: 'greaterThan' });
  });

  it('needs the import or add permission', async () => {
    const reader = await userWith(t, ['asset:equipment:list']);
    expect((await t.call({ method: 'GET', url: `${base}/importTemplate`, token: reader.token })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `${base}/importTemplate` })).status).toBe(401);
  });
});

describe('import', () => {
  it('reports every bad row with its field and reason, and imports nothing', async () => {
    const before = [await countOf(t, 'asset_equipment'), await countOf(t, 'asset_point')];
    const file = await fileWith([
      { code: 'IM-0001', name: '进线总表', station: 'ST-001', cabinet: 'AH1', gateway: a.gatewayCode, model: 'MFM-3P', ct: 100, pt: 1, date: '2024-06-01' },
      { code: 'IM-0002', station: 'ST-001', model: 'THS-485' },
      { code: 'IM-0003', name: '温湿度', station: 'ST-404', model: 'THS-485' },
      { code: 'IM-0004', name: '温湿度', station: 'ST-001', model: 'NOPE' },
      { code: 'IM-0005', name: '出线表', station: 'ST-001', model: 'SCM-3P', ct: 0, pt: 'abc' },
      { code: 'IM-0006', name: '门磁', station: 'ST-001', model: 'DOOR-MC', date: '2024-13-01' },
      { code: 'IM-0001', name: '重复', station: 'ST-001', model: 'DOOR-MC' },
      { code: 'EXIST-01', name: '已有', station: 'ST-001', model: 'DOOR-MC' },
      { code: 'IM-0009', name: '柜体不符', station: 'ST-002', cabinet: 'AH1', model: 'DOOR-MC' },
      { code: 'IM-0010', name: '网关不符', station: 'ST-002', gateway: a.gatewayCode, model: 'DOOR-MC' },
      { code: 'IM-0011', name: '别人的网关', station: 'ST-001', gateway: b.gatewayCode, model: 'DOOR-MC' },
      { code: 'IM 12', name: '编号有空格', station: 'ST-001', model: 'DOOR-MC', kva: -5 },
      { code: 'IM-0013', name: '好的', station: 'ST-001', model: 'WATER-SJ', date: new Date(Date.UTC(2023, 4, 6)) },
    ]);
    const res = await upload(file);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('导入失败：11 行数据有误，未导入任何数据');
    expect(res.body.data.errors).toEqual([
      { row: 4, field: '设备名称', reason: '设备名称不能为空' },
      { row: 5, field: '所属站点编号', reason: '站点编号“ST-404”不存在或无权访问' },
      { row: 6, field: '设备型号编码', reason: '设备型号编码“NOPE”不存在' },
      { row: 7, field: 'CT变比', reason: 'CT变比必须大于0' },
      { row: 7, field: 'PT变比', reason: 'PT变比必须是数字' },
      { row: 8, field: '安装日期', reason: '安装日期“2024-13-01”格式应为YYYY-MM-DD' },
      { row: 9, field: '设备编号', reason: '设备编号“IM-0001”与第3行重复' },
      { row: 10, field: '设备编号', reason: '设备编号“EXIST-01”已存在' },
      { row: 11, field: '柜体编号', reason: '柜体编号“AH1”不在站点“' + (await stationName(a.station2Id)) + '”中' },
      { row: 12, field: '网关编号', reason: `网关“${a.gatewayCode}”不属于站点“${await stationName(a.station2Id)}”` },
      { row: 13, field: '网关编号', reason: `网关编号“${b.gatewayCode}”不存在或无权访问` },
      { row: 14, field: '设备编号', reason: '设备编号只能包含字母、数字、_ 和 -' },
      { row: 14, field: '额定容量(kVA)', reason: '额定容量必须大于0且不超过1000000' },
    ]);
    expect([await countOf(t, 'asset_equipment'), await countOf(t, 'asset_point')]).toEqual(before);
    expect((await assetAudits(t, '导入设备'))[0]).toMatchObject({ ok: 0 });
  });

  it('imports a fully good file in one go, creating the points from the models', async () => {
    const before = await countOf(t, 'asset_point');
    const file = await fileWith([
      { code: 'IM-0001', name: '进线总表', station: 'ST-001', cabinet: 'AH1', gateway: a.gatewayCode, model: 'MFM-3P', addr: '1', ct: 100, pt: 1, kva: 1250, maker: '某电气', date: '2024-06-01' },
      { code: 'IM-0002', name: '高压室温湿度', station: 'ST-001', model: 'THS-485', date: new Date(Date.UTC(2023, 4, 6)) },
      { code: 'IM-0003', name: '2号房门磁', station: 'ST-002', model: 'DOOR-MC', date: '2024/7/9' },
    ]);
    const res = await upload(file);
    expect(res.body).toMatchObject({ code: 0, data: { imported: 3, points: 33 + 2 + 1 } });
    expect((await countOf(t, 'asset_point')) - before).toBe(36);
    const rows = await t.ctx.db.selectFrom('asset_equipment').selectAll().where('code', 'like', 'IM-%').orderBy('code').execute();
    expect(rows.map((r) => [r.code, r.customer_id, r.equipment_type, r.install_date])).toEqual([
      ['IM-0001', a.customerId, 'meter', '2024-06-01'],
      ['IM-0002', a.customerId, 'th_sensor', '2023-05-06'],
      ['IM-0003', a.customerId, 'door', '2024-07-09'],
    ]);
    expect(rows[0]).toMatchObject({ ct_ratio: 100, rated_kva: 1250, gateway_id: a.gatewayId, cabinet_id: a.cabinetId, comm_address: '1', manufacturer: '某电气' });
    expect(rows[2].station_id).toBe(a.station2Id);
    expect((await assetAudits(t, '导入设备'))[0]).toMatchObject({ ok: 1, target: '设备.xlsx' });
    // The same file again: every row now clashes with the database.
    const again = await upload(file);
    expect(again.status).toBe(400);
    expect(again.body.data.errors.map((e) => e.reason)).toEqual(['设备编号“IM-0001”已存在', '设备编号“IM-0002”已存在', '设备编号“IM-0003”已存在']);
  });

  it('names a station code that is ambiguous across customers the user can see', async () => {
    const adminFile = await fileWith([{ code: 'AMB-1', name: '门磁', station: 'ST-001', model: 'DOOR-MC' }], t.adminToken);
    const res = await upload(adminFile, t.adminToken);
    expect(res.body.data.errors).toEqual([{ row: 3, field: '所属站点编号', reason: '站点编号“ST-001”对应多个客户的站点，请分客户导入' }]);
  });

  it('refuses files that are not the template, empty files and callers without the permission', async () => {
    const empty = await upload(await fileWith([]));
    expect([empty.status, empty.body.msg]).toEqual([400, '文件中没有可导入的数据']);
    const notXlsx = await upload(Buffer.from('a,b,c'), importer.token, '设备.csv');
    expect([notXlsx.status, notXlsx.body.msg]).toEqual([400, '只支持 .xlsx 格式的文件，请使用下载的导入模板']);
    const garbage = await upload(Buffer.from('not a zip'), importer.token, '设备.xlsx');
    expect([garbage.status, garbage.body.msg]).toEqual([400, '无法读取文件，请使用下载的导入模板（.xlsx 格式）']);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sheet1').addRow(['编号', '名称']);
    const wrong = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect([wrong.status, wrong.body.msg]).toEqual([400, '文件缺少必填列：设备编号、设备名称、所属站点编号、设备型号编码，请使用下载的导入模板']);
    const noFile = await t.call({ method: 'POST', url: `${base}/equipmentExcelImport`, token: importer.token, payload: {} });
    expect([noFile.status, noFile.body.msg]).toEqual([400, '请选择要导入的 .xlsx 文件']);
    const reader = await userWith(t, ['asset:equipment:list', 'asset:equipment:add']);
    expect((await upload(await fileWith([]), reader.token)).status).toBe(403);
  });
});

async function stationName(id: number): Promise<string> {
  return (await t.ctx.db.selectFrom('asset_station').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name;
}
