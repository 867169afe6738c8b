import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { AUDIT_CATEGORY_LABELS, AUDIT_SORT_COLUMNS, type AuditRow, type Page, auditQuery } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import type { AuditTable, Database } from '../../platform/db/schema';
import { contains } from '../../platform/db/filters';
import { sql } from '../../platform/db/index';
import { bool, offsetOf, page, sortColumn } from '../../platform/http';

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

/** "YYYY-MM-DD HH:mm:ss" in the configured zone (design §4: China time where people read it). */
export function formatTime(ms: number, zoneOffsetMinutes: number): string {
  const d = new Date(ms + zoneOffsetMinutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** Spec §9 download name: base, underscore, compact timestamp, extension. */
export function exportFileName(base: string, zoneOffsetMinutes: number, at = Date.now()): string {
  return `${base}_${formatTime(at, zoneOffsetMinutes).replace(/\D/g, '')}.xlsx`;
}

const EXPORT_BATCH = 5_000;

/**
 * The filtered log as an xlsx file, newest first, at most `max` rows. Rows are read in batches
 * below the newest id seen at the start, so records written meanwhile do not shift the pages, and
 * the streaming writer keeps a 50,000-row export to seconds rather than the in-memory writer's
 * tens of seconds.
 */
export async function auditWorkbook(ctx: AppContext, q: AuditQuery, max: number): Promise<{ file: Buffer; rows: number; total: number }> {
  const total = await countOf(ctx, q);
  const top = await ctx.db.selectFrom('sys_audit').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  const snapshot = { ...q, maxId: Number(top?.id ?? 0) };

  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const ws = wb.addWorksheet('审计日志', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: '编号', key: 'id', width: 10 },
    { header: '时间', key: 'ts', width: 20 },
    { header: '用户', key: 'userName', width: 16 },
    { header: '类别', key: 'category', width: 12 },
    { header: '操作', key: 'action', width: 16 },
    { header: '对象', key: 'target', width: 24 },
    { header: '结果', key: 'ok', width: 8 },
    { header: 'IP地址', key: 'ip', width: 16 },
    { header: '详情', key: 'detail', width: 60 },
  ];
  ws.getRow(1).font = { bold: true };
  const labels: Record<string, string> = AUDIT_CATEGORY_LABELS;
  const zone = ctx.config.zoneOffsetMinutes;
  let written = 0;
  while (written < max) {
    const batch = await rowsOf(ctx, snapshot, written, Math.min(EXPORT_BATCH, max - written));
    for (const a of batch) {
      ws.addRow({
        id: a.id,
        ts: formatTime(a.ts, zone),
        userName: a.userName ?? '',
        category: labels[a.category] ?? a.category,
        action: a.action,
        target: a.target ?? '',
        ok: a.ok ? '成功' : '失败',
        ip: a.ip ?? '',
        detail: a.detail ?? '',
      }).commit();
    }
    written += batch.length;
    if (batch.length < EXPORT_BATCH) break;
  }
  ws.commit();
  await wb.commit();
  await done;
  return { file: Buffer.concat(chunks), rows: written, total };
}
