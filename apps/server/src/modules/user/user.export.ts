import ExcelJS from 'exceljs';
import type { UserRow } from '@pdz/contracts';

/** Upper bound of one export: keeps a single request's memory bounded. */
export const EXPORT_MAX_ROWS = 50_000;

/** "YYYY-MM-DD HH:mm:ss" in the configured zone (design §4: China time where people read it). */
export function formatTime(ms: number | null, zoneOffsetMinutes: number): string {
  if (ms === null) return '';
  const d = new Date(ms + zoneOffsetMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** base name, underscore, compact timestamp, extension (spec §9 download helper). */
export function exportFileName(base: string, zoneOffsetMinutes: number, at = Date.now()): string {
  return `${base}_${formatTime(at, zoneOffsetMinutes).replace(/\D/g, '')}.xlsx`;
}

/** The filtered user list as an xlsx workbook, with the columns the user table shows. */
export async function usersWorkbook(rows: UserRow[], zoneOffsetMinutes: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet('用户');
  ws.columns = [
    { header: '用户编号', key: 'id', width: 10 },
    { header: '用户名', key: 'userName', width: 18 },
    { header: '姓名', key: 'nickName', width: 14 },
    { header: '部门', key: 'deptName', width: 18 },
    { header: '手机号码', key: 'phone', width: 15 },
    { header: '邮箱', key: 'email', width: 24 },
    { header: '角色', key: 'roles', width: 24 },
    { header: '状态', key: 'status', width: 8 },
    { header: '创建时间', key: 'createdAt', width: 20 },
    { header: '最后登录时间', key: 'lastLoginAt', width: 20 },
    { header: '最后登录IP', key: 'lastLoginIp', width: 16 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  for (const u of rows) {
    ws.addRow({
      id: u.id,
      userName: u.userName,
      nickName: u.nickName ?? '',
      deptName: u.deptName ?? '',
      // Text, so a spreadsheet does not turn phone numbers into numbers.
      phone: u.phone ?? '',
      email: u.email ?? '',
      roles: u.roleNames.join('、'),
      status: u.enabled ? '正常' : '停用',
      createdAt: formatTime(u.createdAt, zoneOffsetMinutes),
      lastLoginAt: formatTime(u.lastLoginAt, zoneOffsetMinutes),
      lastLoginIp: u.lastLoginIp ?? '',
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
