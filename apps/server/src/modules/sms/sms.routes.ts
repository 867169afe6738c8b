import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, SMS_SORT_COLUMNS, smsOutboxQuery, type SmsOutboxRow } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { contains } from '../../platform/db/filters';
import { sql } from '../../platform/db/index';
import { offsetOf, ok, page, sortColumn } from '../../platform/http';

const SORT: Record<(typeof SMS_SORT_COLUMNS)[number], string> = { id: 'o.id', createdAt: 'o.created_at' };

/**
 * 短信记录: what the SMS provider sent. With the default outbox provider this is where an
 * administrator reads the codes, so a site without an SMS contract still works.
 */
export async function smsRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get('/api/system/sms/pageList', { schema: { tags: ['短信记录'], querystring: smsOutboxQuery }, config: { perm: PERMS.sms.list } }, async (req) => {
    const q = req.query;
    let base = ctx.db.selectFrom('sys_sms_outbox as o');
    if (q.phone) base = base.where(contains(ctx.dialect, 'o.phone', q.phone));
    const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .selectAll('o')
      .orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'o.created_at')), q.order ?? 'desc')
      .orderBy('o.id', q.order ?? 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q.pageNum, q.pageSize))
      .execute();
    const list: SmsOutboxRow[] = rows.map((r) => ({
      id: r.id,
      phone: r.phone,
      purpose: r.purpose,
      content: r.content,
      provider: r.provider,
      status: r.status === 'failed' ? 'failed' : 'sent',
      error: r.error,
      ip: r.ip,
      createdAt: r.created_at,
    }));
    return ok(page(list, Number(n), q.pageNum, q.pageSize));
  });
}
