import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUDIT_EXPORT_MAX_ROWS, PERMS, auditQuery } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http';
import { writeAudit } from '../../platform/audit';
import { exportFileName, sendFile } from '../../platform/xlsx';
import { auditWorkbook, pageAudit } from './audit.service';

/** The audit log: who did what, when, from where, with what result. Read-only. */
export async function auditRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['审计日志'];

  app.get('/api/system/audit/pageList', { schema: { tags, querystring: auditQuery }, config: { perm: PERMS.audit.list } }, async (req) => ok(await pageAudit(ctx, req.query)));

  app.get('/api/system/audit/export', { schema: { tags, querystring: auditQuery }, config: { perm: PERMS.audit.export } }, async (req, reply) => {
    const { pageNum: _p, pageSize: _s, ...filter } = req.query;
    const { file, rows, total } = await auditWorkbook(ctx, req.query, AUDIT_EXPORT_MAX_ROWS);
    // Taking the log out of the system is itself on the record.
    await writeAudit(ctx.db, req, { category: 'audit', action: '导出审计日志', detail: { rows, total, truncated: total > rows, filter } });
    return sendFile(reply, file, exportFileName('审计日志', ctx.config.zoneOffsetMinutes));
  });
}
