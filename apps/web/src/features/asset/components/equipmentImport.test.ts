import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter } from 'axios';
import { http } from '@/api/request';
import { importErrorsOf, importFailureSummary, importReportRows, isXlsx } from './equipmentImport';
import { ImportRejectedError, importEquipment } from '../api/equipment';

vi.mock('@/app/feedback', () => ({ feedback: { message: { error: vi.fn(), success: vi.fn() }, notification: { error: vi.fn() }, confirm: vi.fn() } }));

const report = {
  code: 400,
  msg: '导入失败：2 行有错误，未导入任何数据',
  message: '导入失败：2 行有错误，未导入任何数据',
  data: {
    errors: [
      { row: 5, field: '设备型号编码*', reason: '型号“XX”不存在' },
      { row: 3, field: '设备编号*', reason: '请输入设备编号' },
      { row: 3, field: 'CT变比', reason: 'CT变比必须大于0' },
    ],
  },
};

describe('import error report', () => {
  it('reads the per-row errors of a refused import, parsed or as text', () => {
    expect(importErrorsOf(report)).toHaveLength(3);
    expect(importErrorsOf(JSON.stringify(report))).toHaveLength(3);
  });

  it('is null for answers without a report (the client has shown those)', () => {
    expect(importErrorsOf({ code: 400, msg: '只支持 .xlsx 格式的文件' })).toBeNull();
    expect(importErrorsOf({ code: 400, msg: 'x', data: { errors: [] } })).toBeNull();
    expect(importErrorsOf({ code: 400, msg: 'x', data: { errors: [{ row: 'a' }] } })).toBeNull();
    expect(importErrorsOf('<html>')).toBeNull();
    expect(importErrorsOf(null)).toBeNull();
  });

  it('orders rows by file row, keeping the server order within a row, with unique keys', () => {
    const rows = importReportRows(report.data.errors);
    expect(rows.map((r) => [r.row, r.field])).toEqual([
      [3, '设备编号*'],
      [3, 'CT变比'],
      [5, '设备型号编码*'],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });

  it('summarises which rows failed and that nothing was imported', () => {
    expect(importFailureSummary(report.data.errors)).toBe('第 3、5 行有误，共 3 处问题，所有数据均未导入。请按下表修改文件后重新导入。');
    const many = [2, 3, 4, 5, 6, 7, 8].map((row) => ({ row, field: 'f', reason: 'r' }));
    expect(importFailureSummary(many)).toMatch(/^第 2、3、4、5、6 行等 7 行有误，共 7 处问题/);
  });

  it('accepts only .xlsx names', () => {
    expect(isXlsx('设备.XLSX')).toBe(true);
    expect(isXlsx('设备.xls')).toBe(false);
    expect(isXlsx('设备.csv')).toBe(false);
  });
});

describe('importEquipment', () => {
  const original = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = original;
  });
  const answer = (status: number, body: unknown): AxiosAdapter => async (config) => {
    const res = { data: JSON.stringify(body), status, statusText: String(status), headers: { 'content-type': 'application/json' }, config, request: {} };
    if (status >= 400) {
      const { AxiosError } = await import('axios');
      throw new AxiosError('Request failed', 'ERR_BAD_REQUEST', config, {}, res as never);
    }
    return res as never;
  };

  it('sends the file as multipart and answers the counts', async () => {
    let sent: unknown;
    http.defaults.adapter = async (config) => {
      sent = config.data;
      return answer(200, { code: 0, msg: 'success', data: { imported: 2, points: 66 } })(config);
    };
    const r = await importEquipment(new File(['x'], '设备.xlsx'));
    expect(r).toEqual({ imported: 2, points: 66 });
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toBeInstanceOf(File);
  });

  it('turns a refusal with a report into ImportRejectedError carrying every row', async () => {
    http.defaults.adapter = answer(400, report);
    const err = await importEquipment(new File(['x'], '设备.xlsx')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportRejectedError);
    expect((err as ImportRejectedError).errors).toHaveLength(3);
    expect((err as ImportRejectedError).message).toBe(report.msg);
  });

  it('passes other failures through unchanged', async () => {
    http.defaults.adapter = answer(400, { code: 400, msg: '上传的文件为空', message: '上传的文件为空' });
    const err = await importEquipment(new File([''], '设备.xlsx')).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ImportRejectedError);
    expect((err as Error).message).toBe('上传的文件为空');
  });
});
