import { describe, expect, it } from 'vitest';
import { downloadName } from './download';

describe('downloadName', () => {
  const at = new Date(2026, 10, 5, 8, 3, 9); // local 2026-11-05 08:03:09

  it('is base_YYYYMMDDHHmmss.ext', () => {
    expect(downloadName('用户数据', 'xlsx', at)).toBe('用户数据_20261105080309.xlsx');
  });
  it('accepts the extension with or without its dot', () => {
    expect(downloadName('report', '.pdf', at)).toBe('report_20261105080309.pdf');
  });
  it('pads every field to two digits', () => {
    expect(downloadName('a', 'csv', new Date(2026, 0, 2, 3, 4, 5))).toBe('a_20260102030405.csv');
  });
  it('uses the current time by default', () => {
    expect(downloadName('x', 'zip')).toMatch(/^x_\d{14}\.zip$/);
  });
});
