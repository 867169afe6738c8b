import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, confirmQuery, idParam, messageQuery, noticeAddBody } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import { ok } from '../../platform/http';
import { writeAudit } from '../../platform/audit';
import { alarmCount, confirmMessage, pageMessages, publishNotice, readAll, readMessage, unconfirmedCount } from './message.service';

/** Site messages ("mail", spec §7 Messages): each user reads and confirms their own. */
export async function messageRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['消息'];
  const own = { signedIn: true };
  const base = '/api/pdfznjkpt/mail';

  app.get(`${base}/pageList`, { schema: { tags, querystring: messageQuery }, config: own }, async (req) => ok(await pageMessages(ctx, req.auth!.userId, req.query)));

  app.get(`${base}/getById/:id`, { schema: { tags, params: idParam }, config: own }, async (req) => ok(await readMessage(ctx, req.auth!.userId, req.params.id)));

  app.get(`${base}/confirm`, { schema: { tags, querystring: confirmQuery }, config: own }, async (req) => {
    const msg = await confirmMessage(ctx, req.auth!.userId, req.query.id, req.query.note);
    await writeAudit(db, req, { category: 'message', action: '确认消息', target: `${msg.title}(${msg.id})`, detail: req.query.note });
    return ok(msg);
  });

  app.get(`${base}/noConfirmCount`, { schema: { tags }, config: own }, async (req) => ok(await unconfirmedCount(db, req.auth!.userId)));

  app.get(`${base}/alarmCount`, { schema: { tags }, config: own }, async (req) => ok(await alarmCount(db, req.auth!.userId)));

  app.post(`${base}/readAll`, { schema: { tags }, config: own }, async (req) => {
    const updated = await readAll(ctx, req.auth!.userId);
    if (updated) await writeAudit(db, req, { category: 'message', action: '全部标记已读', detail: { updated } });
    return ok(updated);
  });

  app.post('/api/system/notice/add', { schema: { tags, body: noticeAddBody }, config: { perm: PERMS.notice.add } }, async (req) => {
    const result = await publishNotice(ctx, req.auth!, req.body);
    await writeAudit(db, req, { category: 'message', action: '发布通知', target: `${req.body.title}(${result.id})`, detail: { recipients: result.recipients, level: req.body.level, to: req.body.userIds.length ? req.body.userIds : '全部' } });
    return ok(result);
  });
}
