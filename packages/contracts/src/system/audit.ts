import { z } from 'zod';
import { pageQuery } from '../envelope';

export const AUDIT_SORT_COLUMNS = ['id', 'ts'] as const;

/** Categories of audit records, for filtering in the console. */
export const AUDIT_CATEGORIES = ['auth', 'user', 'role', 'menu', 'dept', 'dict', 'config', 'file', 'message', 'sms', 'audit', 'asset'] as const;
export const AUDIT_CATEGORY_LABELS: Record<(typeof AUDIT_CATEGORIES)[number], string> = {
  auth: '登录认证',
  user: '用户管理',
  role: '角色管理',
  menu: '菜单管理',
  dept: '部门管理',
  dict: '字典管理',
  config: '系统设置',
  file: '文件',
  message: '消息',
  sms: '短信',
  audit: '审计日志',
  asset: '资产管理',
};

/** Most rows one export holds (newest first); the export's own audit record notes a cut. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/**
 * GET /api/system/audit/pageList and /export: `userName` and `action` contain, `category` equals,
 * `ok` true/false, `from`/`to` epoch ms inclusive; newest first unless sorted by ts or id.
 */
export const auditQuery = pageQuery.extend({
  userName: z.string().trim().max(64).optional(),
  category: z.string().trim().max(32).optional(),
  action: z.string().trim().max(64).optional(),
  ok: z.enum(['true', 'false']).optional(),
  from: z.coerce.number().int().optional(),
  to: z.coerce.number().int().optional(),
});

export interface AuditRow {
  id: number;
  ts: number;
  userId: number | null;
  userName: string | null;
  category: string;
  action: string;
  target: string | null;
  detail: string | null;
  ip: string | null;
  ok: boolean;
}
