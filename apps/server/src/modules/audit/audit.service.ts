import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { AUDIT_CATEGORY_LABELS, AUDIT_SORT_COLUMNS, type AuditRow, type Page, auditQuery } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import type { AuditTable, Database } from '../../platform/db/schema';
import { contains } from '../../platform/db/filters';
import { sql } from '../../platform/db/index';
import { bool, offsetOf, page, sortColumn } from '../../platform/http';
import { formatTime, streamedWorkbook, type XlsxColumn } from '../../platform/xlsx';

type AuditQuery = z.infer<typeof auditQuery> & { maxId?: number };
const SORT: Record<(typeof AUDIT_SORT_COLUMNS)[number], string> = { id: 'a.id', ts: 'a.ts' };

export function toAuditRow(a: Selectable<AuditTable>): AuditRow {
  return { id: a.id, ts: a.ts, userId: a.user_id, userName: a.user_name, category: a.category, action: a.action, target: a.target, detail: a.detail, ip: a.ip, ok: bool(a.ok) };
}

function filtered(ctx: AppContext, q: AuditQuery) {
  let b = ctx.db.selectFrom('sys_audit as a');
  if (q.userName) b = b.where(contains(ctx.dialect, 'a.user_name', q.userName));
  if (q.category) b = b.where('a.category', '=', q.category);
  if (q.action) b = b.where(contains(ctx.dialect, 'a.action', q.action));
  if (q.ok) b = b.where('a.ok', '=', q.ok === 'true' ? 1 : 0);
  if (q.from !== undefined) b = b.where('a.ts', '>=', q.from);
  if (q.to !== undefined) b = b.where('a.ts', '<=', q.to);
  if (q.maxId !== undefined) b = b.where('a.id', '<=', q.maxId);
  return b;
}

/** Filtered rows, newest first by default; `limit` caps exports. */
async function rowsOf(ctx: AppContext, q: AuditQuery, offset: number, limit: number): Promise<AuditRow[]> {
  const rows = await filtered(ctx, q)
    .selectAll('a')
    .orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'a.ts')), q.order ?? 'desc')
    .orderBy('a.id', q.order ?? 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toAuditRow);
}

async function countOf(ctx: AppContext, q: AuditQuery): Promise<number> {
  const { n } = await filtered(ctx, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

export async function pageAudit(ctx: AppContext, q: AuditQuery): Promise<Page<AuditRow>> {
  const [total, list] = await Promise.all([countOf(ctx, q), rowsOf(ctx, q, offsetOf(q.pageNum, q.pageSize), q.pageSize)]);
  return page(list, total, q.pageNum, q.pageSize);
}

/** Latest records for the dashboard. */
export async function recentAudit(db: Kysely<Database>, limit: number): Promise<AuditRow[]> {
  const rows = await db.selectFrom('sys_audit').selectAll().orderBy('ts', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toAuditRow);
}

const EXPORT_BATCH = 5_000;

/**
 * The filtered log as an xlsx file, newest first, at most `max` rows. Rows are read in batches
 * below the newest id seen at the start, so records written meanwhile do not shift the pages; the
 * streaming writer keeps a 50,000-row export to seconds.
 */
export async function auditWorkbook(ctx: AppContext, q: AuditQuery, max: number): Promise<{ file: Buffer; rows: number; total: number }> {
  const total = await countOf(ctx, q);
  const top = await ctx.db.selectFrom('sys_audit').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const snapshot = { ...q, maxId: Number(top?.id ?? 0) };
  const labels: Record<string, string> = AUDIT_CATEGORY_LABELS;
  const zone = ctx.config.zoneOffsetMinutes;
  const columns: XlsxColumn<AuditRow>[] = [
    { header: '编号', width: 10, value: (a) => a.id },
    { header: '时间', width: 20, value: (a) => formatTime(a.ts, zone, true) },
    { header: '用户', width: 16, value: (a) => a.userName },
    { header: '类别', width: 12, value: (a) => labels[a.category] ?? a.category },
    { header: '操作', width: 16, value: (a) => a.action },
    { header: '对象', width: 24, value: (a) => a.target },
    { header: '结果', width: 8, value: (a) => (a.ok ? '成功' : '失败') },
    { header: 'IP地址', width: 16, value: (a) => a.ip },
    { header: '详情', width: 60, value: (a) => a.detail },
  ];
  let written = 0;
  const file = await streamedWorkbook('审计日志', columns, async (add) => {
    while (written < max) {
      const batch = await rowsOf(ctx, snapshot, written, Math.min(EXPORT_BATCH, max - written));
      add(batch);
      written += batch.length;
      if (batch.length < EXPORT_BATCH) break;
    }
  });
  return { file, rows: written, total };
}
