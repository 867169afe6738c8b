import type { UserRow } from '@pdz/contracts';
import { formatTime, listWorkbook, type XlsxColumn } from '../../platform/xlsx';

/** The filtered user list as an xlsx workbook, with the columns the user table shows. */
export function usersWorkbook(rows: UserRow[], zoneOffsetMinutes: number): Promise<Buffer> {
  const time = (ms: number | null) => formatTime(ms, zoneOffsetMinutes, true);
  const columns: XlsxColumn<UserRow>[] = [
    { header: '用户编号', width: 10, value: (u) => u.id },
    { header: '用户名', width: 18, value: (u) => u.userName },
    { header: '姓名', width: 14, value: (u) => u.nickName },
    { header: '部门', width: 18, value: (u) => u.deptName },
    // Text, so a spreadsheet does not turn phone numbers into numbers.
    { header: '手机号码', width: 15, value: (u) => u.phone },
    { header: '邮箱', width: 24, value: (u) => u.email },
    { header: '角色', width: 24, value: (u) => u.roleNames.join('、') },
    { header: '状态', width: 8, value: (u) => (u.enabled ? '正常' : '停用') },
    { header: '创建时间', width: 20, value: (u) => time(u.createdAt) },
    { header: '最后登录时间', width: 20, value: (u) => time(u.lastLoginAt) },
    { header: '最后登录IP', width: 16, value: (u) => u.lastLoginIp },
  ];
  return listWorkbook('用户', columns, rows);
}
