import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRow, Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../test/harness';
import { createLimitedUser, type LimitedUser } from '../../../test/limited-user';

let t: TestApp;
let admin: string;
let reader: LimitedUser;
// 2026-03-01 08:00:00 in China (UTC+8).
const T0 = Date.UTC(2026, 2, 1, 0, 0, 0);

beforeAll(async () => {
  t = await startTestApp();
  admin = t.adminToken;
  reader = await createLimitedUser(t, { perms: ['system:audit:list'], userName: 'auditor' });
  await t.ctx.db.deleteFrom('sys_audit').execute();
  const row = (i: number, over: object) => ({ ts: T0 + i * 60_000, user_id: null, user_name: 'zhang_san', category: 'user', action: '新增用户', target: `t${i}`, detail: null, ip: '10.0.0.1', ok: 1, ...over });
  await t.ctx.db
    .insertInto('sys_audit')
    .values([
      row(0, {}),
      row(1, { action: '修改用户', ok: 0, detail: '{"x":1}' }),
      row(2, { user_name: 'li_si', category: 'auth', action: '登录' }),
      row(3, { user_name: 'LI_SI', category: 'auth', action: '登录', ok: 0 }),
      row(4, { user_name: 'wang%wu', category: 'menu', action: '删除菜单', target: '=cmd()' }),
    ])
    .execute();
});
afterAll(async () => t?.close());

const list = (query: string, token = admin) => t.call<Page<AuditRow>>({ method: 'GET', url: `/api/system/audit/pageList?${query}`, token });

describe('audit pageList', () => {
  it('answers newest first with every field', async () => {
    const res = await list('', reader.token);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.list.map((r) => r.target)).toEqual(['=cmd()', 't3', 't2', 't1', 't0']);
    expect(res.body.data.list[3]).toMatchObject({ userName: 'zhang_san', category: 'user', action: '修改用户', ok: false, detail: '{"x":1}', ip: '10.0.0.1', ts: T0 + 60_000 });
  });

  it('filters by user (contains, any case), category, action, result and time', async () => {
    expect((await list('userName=li_')).body.data.list.map((r) => r.target)).toEqual(['t3', 't2']);
    expect((await list('userName=g%25w')).body.data.list.map((r) => r.target)).toEqual(['=cmd()']);
    expect((await list('userName=_')).body.data.total).toBe(4);
    expect((await list('category=auth&ok=false')).body.data.list.map((r) => r.target)).toEqual(['t3']);
    expect((await list(`action=${encodeURIComponent('用户')}`)).body.data.total).toBe(2);
    expect((await list(`from=${T0 + 60_000}&to=${T0 + 180_000}`)).body.data.list.map((r) => r.target)).toEqual(['t3', 't2', 't1']);
  });

  it('sorts only by whitelisted columns and pages', async () => {
    const asc = await list('orderBy=ts&order=asc&pageSize=2&pageNum=2');
    expect(asc.body.data).toMatchObject({ total: 5, pageNum: 2, pageSize: 2 });
    expect(asc.body.data.list.map((r) => r.target)).toEqual(['t2', 't3']);
    const ignored = await list('orderBy=user_name;drop table sys_audit&order=asc');
    expect(ignored.body.data.list[0].target).toBe('t0');
    const bad = await list('order=sideways');
    expect([bad.status, bad.body.msg]).toEqual([400, '排序方向取值无效']);
    const badPage = await list('pageSize=1000');
    expect([badPage.status, badPage.body.msg]).toEqual([400, '每页条数不能大于500']);
  });

  it('refuses 401 without a token and 403 without the permission', async () => {
    const other = await createLimitedUser(t, { perms: ['system:dict:list'] });
    expect((await t.call({ method: 'GET', url: '/api/system/audit/pageList' })).status).toBe(401);
    expect((await list('', other.token)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/system/audit/export' })).status).toBe(401);
    // Reading the log does not allow taking it away.
    expect((await t.call({ method: 'GET', url: '/api/system/audit/export', token: reader.token })).status).toBe(403);
  });
});

describe('audit export', () => {
  it('sends the filtered list as xlsx with Chinese headers and China time, and records the export', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/audit/export?category=user', headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/filename\*=UTF-8''审计日志_\d{14}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('审计日志')!;
    expect(ws.getRow(1).values).toEqual([undefined, '编号', '时间', '用户', '类别', '操作', '对象', '结果', 'IP地址', '详情']);
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(2).getCell(2).value).toBe('2026-03-01 08:01:00');
    expect(ws.getRow(2).getCell(4).value).toBe('用户管理');
    expect(ws.getRow(2).getCell(7).value).toBe('失败');
    const record = await t.ctx.db.selectFrom('sys_audit').selectAll().where('category', '=', 'audit').executeTakeFirstOrThrow();
    expect(record).toMatchObject({ action: '导出审计日志', user_name: 'admin', ok: 1 });
    expect(JSON.parse(record.detail!)).toMatchObject({ rows: 2, total: 2, truncated: false, filter: { category: 'user' } });
  });

  it('writes text that looks like a formula as plain text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/system/audit/export?category=menu', headers: { authorization: `Bearer ${admin}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cell = wb.getWorksheet('审计日志')!.getRow(2).getCell(6);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=cmd()');
  });

  it('stops at 50,000 rows, newest first', { timeout: 120_000 }, async () => {
    const batch = 2_000;
    for (let i = 0; i < 50_001; i += batch) {
      const values = [];
      for (let j = i; j < Math.min(i + batch, 50_001); j++) {
        values.push({ ts: T0 + 1_000_000 + j, user_id: null, user_name: 'bulk', category: 'file', action: '上传', target: `b${j}`, detail: null, ip: null, ok: 1 });
      }
      await t.ctx.db.insertInto('sys_audit').values(values).execute();
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/system/audit/export?userName=bulk', headers: { authorization: `Bearer ${admin}` } });
    // The streaming reader: loading 50,000 rows into a full workbook takes several seconds more.
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([res.rawPayload]), { sharedStrings: 'cache', worksheets: 'emit' });
    let count = 0;
    let first: unknown;
    for await (const sheet of reader) {
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        count++;
        if (count === 2) first = row.getCell(6).value;
      }
    }
    expect(count).toBe(50_001);
    expect(first).toBe('b50000');
    const record = await t.ctx.db.selectFrom('sys_audit').select('detail').where('action', '=', '导出审计日志').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(record.detail!)).toMatchObject({ rows: 50_000, total: 50_001, truncated: true });
  });
});
