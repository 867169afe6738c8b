import { EMAIL_PATTERN, PHONE_PATTERN, type AlarmChannel, type DeliveryRow } from '@pdz/contracts';
import type { AppContext } from '../platform/context';
import { badRequest } from '../platform/errors';
import { createMessage } from '../modules/message/message.service';
import { readNotifyConfig } from './config';
import { sendPayload } from './channels';
import { deliveryById } from './deliveries';
import { emailSubject, emailText, sampleAlarm, smsText, webhookBody, type DeliveryPayload } from './messages';

export class TestSendError extends Error {
  constructor(
    message: string,
    readonly delivery: DeliveryRow,
  ) {
    super(message);
  }
}

/**
 * 测试发送: one message on one channel now, with the stored settings (enabled or not, so a
 * setting can be tried before it is switched on), recorded like any delivery but never retried.
 * Throws TestSendError (after recording) when the channel refused it.
 */
export async function testSend(ctx: AppContext, userId: number, channel: AlarmChannel, to: string | undefined): Promise<DeliveryRow> {
  const db = ctx.db;
  const config = await readNotifyConfig(db);
  const me = await db.selectFrom('sys_user').select(['user_name', 'email', 'phone']).where('id', '=', userId).executeTakeFirstOrThrow();
  const alarm = sampleAlarm(Date.now());
  const zone = ctx.config.zoneOffsetMinutes;
  let payload: DeliveryPayload;
  let recipient: string;
  switch (channel) {
    case 'email': {
      if (!config.email.host || !config.email.from) throw badRequest('请先填写并保存SMTP服务器和发件人地址');
      recipient = to || me.email || '';
      if (!recipient) throw badRequest('请填写收件邮箱');
      if (!EMAIL_PATTERN.test(recipient)) throw badRequest('请输入正确的收件邮箱');
      payload = { channel, to: recipient, subject: emailSubject(alarm), text: emailText(alarm, zone) };
      break;
    }
    case 'sms': {
      recipient = to || me.phone || '';
      if (!recipient) throw badRequest('请填写接收短信的手机号码');
      if (!PHONE_PATTERN.test(recipient)) throw badRequest('请输入正确的手机号码');
      payload = { channel, phone: recipient, content: smsText(alarm, zone) };
      break;
    }
    case 'webhook': {
      if (!config.webhook.url) throw badRequest('请先填写并保存Webhook地址');
      recipient = config.webhook.url;
      payload = { channel, body: webhookBody('test', alarm) };
      break;
    }
    case 'site': {
      recipient = me.user_name;
      payload = { channel, userId, title: '测试通知', content: alarm.title };
      break;
    }
  }
  const now = Date.now();
  // next_at stays null: the retry scan never picks a test row up.
  const row = await db
    .insertInto('notify_delivery')
    .values({ alarm_id: null, channel, recipient, payload: JSON.stringify(payload), status: 'pending', attempts: 0, error: null, created_at: now, sent_at: null, next_at: null, lease_owner: null, lease_until: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  let error: string | null = null;
  try {
    if (payload.channel === 'site') await createMessage(ctx, { type: 'notice', level: 4, title: payload.title, content: payload.content, createdBy: userId }, [userId]);
    else await sendPayload(payload, config, ctx.sms);
  } catch (err) {
    error = ((err as Error).message || String(err)).slice(0, 1000);
  }
  await db
    .updateTable('notify_delivery')
    .set({ status: error === null ? 'sent' : 'failed', attempts: 1, error, sent_at: error === null ? Date.now() : null })
    .where('id', '=', row.id)
    .execute();
  const delivery = await deliveryById(db, row.id);
  if (error !== null) throw new TestSendError(`测试发送失败：${error}`, delivery);
  return delivery;
}
