import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMS, deliveryQuery, notifyConfigBody, notifyTestBody } from '@pdz/contracts';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http';
import { writeAudit } from '../platform/audit';
import { badRequest } from '../platform/errors';
import { mergeNotifyConfig, publicConfig, readNotifyConfig, saveNotifyConfig } from './config';
import { pageDeliveries } from './deliveries';
import { Notifier } from './notifier';
import { TestSendError, testSend } from './test-send';

const notifiers = new WeakMap<AppContext, Notifier>();

/** The process's notifier (tests drive retries and wait for sends through it). */
export function notifierOf(ctx: AppContext): Notifier {
  const n = notifiers.get(ctx);
  if (!n) throw new Error('notifications are not started');
  return n;
}

const CHANNEL_TEXT = { site: '站内消息', email: '邮件', sms: '短信', webhook: 'Webhook' } as const;

/** Notifications (issue 4): alarm deliveries over e-mail, SMS and webhook, with delivery records. */
export async function startNotify(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;
  const tags = ['告警通知'];
  const notifier = new Notifier(ctx, root.log);
  notifiers.set(ctx, notifier);

  // Local events only: with several processes the one whose engine raised the alarm notifies.
  ctx.bus.on('alarm.event', ({ kind, alarm }, meta) => {
    if (kind === 'raised' && !meta.remote) notifier.alarmRaised(alarm);
  });
  root.addHook('onReady', async () => notifier.start());
  root.addHook('preClose', async () => notifier.stop());

  app.get('/api/alarm/notify/config', { schema: { tags }, config: { perm: PERMS.notify.list } }, async () => ok(publicConfig(await readNotifyConfig(db))));

  app.post('/api/alarm/notify/config', { schema: { tags, body: notifyConfigBody }, config: { perm: PERMS.notify.edit } }, async (req) => {
    const stored = await readNotifyConfig(db);
    const next = mergeNotifyConfig(stored, req.body);
    await saveNotifyConfig(db, next);
    const before = publicConfig(stored);
    const after = publicConfig(next);
    await writeAudit(db, req, {
      category: 'config',
      action: '修改通知设置',
      target: '告警通知',
      detail: { before, after, passwordChanged: !!req.body.email.password, secretChanged: !!req.body.webhook.secret },
    });
    return ok(after);
  });

  app.post('/api/alarm/notify/test', { schema: { tags, body: notifyTestBody }, config: { perm: PERMS.notify.edit } }, async (req) => {
    const { channel, to } = req.body;
    const audit = (okay: boolean, detail: unknown) =>
      writeAudit(db, req, { category: 'config', action: '测试发送通知', target: CHANNEL_TEXT[channel], detail, ok: okay });
    try {
      const delivery = await testSend(ctx, req.auth!.userId, channel, to);
      await audit(true, { recipient: delivery.recipient });
      return ok(delivery);
    } catch (err) {
      if (err instanceof TestSendError) {
        await audit(false, { recipient: err.delivery.recipient, error: err.delivery.error });
        throw badRequest(err.message);
      }
      throw err;
    }
  });

  app.get('/api/alarm/notify/deliveries', { schema: { tags, querystring: deliveryQuery }, config: { perm: PERMS.notify.list } }, async (req) =>
    ok(await pageDeliveries(db, req.query)),
  );
}
