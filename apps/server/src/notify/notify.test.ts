import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AlarmRow, DeliveryRow, NotifyConfig, Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../test/harness';
import { addEquipment, makeSite, userWith, type Site } from '../modules/assets/equipment/testkit';
import type { LimitedUser } from '../../test/limited-user';
import { notifierOf } from './index';
import { DEFAULT_NOTIFIER_OPTIONS, type Notifier } from './notifier';
import { SEND_TIMEOUTS } from './channels';
import { startSmtpSink, startWebhookSink } from './test-sinks';
import { alarmFleet, alarmRow, alarmsOf, ingest, saveRules } from '../alarm/testkit';

const SECRET = 'hook-secret-1';
let t: TestApp;
let n: Notifier;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let hook: Awaited<ReturnType<typeof startWebhookSink>>;
let site: Site;
let equipmentId: number;
let pointId: number;
let ruleId: number;
let onDuty: LimitedUser;
let outsider: LimitedUser;
let alarmSeq = 1000;

const getConfig = (token: string | null = t.adminToken) => t.call<NotifyConfig>({ method: 'GET', url: '/api/alarm/notify/config', token });
const saveConfig = (payload: object, token: string | null = t.adminToken) => t.call<NotifyConfig>({ method: 'POST', url: '/api/alarm/notify/config', payload, token });
const testSend = (payload: object, token: string | null = t.adminToken) => t.call<DeliveryRow>({ method: 'POST', url: '/api/alarm/notify/test', payload, token });
const deliveries = (query = '', token: string | null = t.adminToken) => t.call<Page<DeliveryRow>>({ method: 'GET', url: `/api/alarm/notify/deliveries?pageSize=100${query}`, token });
const rowsOf = (alarmId: number) => t.ctx.db.selectFrom('notify_delivery').selectAll().where('alarm_id', '=', alarmId).orderBy('id').execute();

const fullConfig = (over: { email?: object; sms?: object; webhook?: object; minLevel?: number } = {}) => ({
  email: { enabled: true, host: '127.0.0.1', port: smtp.port, secure: false, user: 'mailer', from: '配电监控 <alarm@pdz.test>', ...over.email },
  sms: { enabled: true, ...over.sms },
  webhook: { enabled: true, url: hook.url, ...over.webhook },
  minLevel: over.minLevel ?? 2,
});

function alarm(over: Partial<AlarmRow> = {}): AlarmRow {
  return alarmRow({
    id: ++alarmSeq,
    customerId: site.customerId,
    customerName: '华东园区',
    stationId: site.stationId,
    stationName: '一号配电房',
    equipmentId,
    equipmentName: '设备NT-0001',
    equipmentCode: 'NT-0001',
    pointId,
    pointName: 'A相电压',
    ruleId,
    title: `设备NT-0001 A相电压 越上限：250 V（上限 240 V）#${alarmSeq + 1}`,
    ...over,
  });
}

async function raise(a: AlarmRow) {
  t.ctx.bus.emit('alarm.event', { kind: 'raised', alarm: a });
  await n.idle();
  return rowsOf(a.id);
}

beforeAll(async () => {
  smtp = await startSmtpSink();
  hook = await startWebhookSink(SECRET);
  t = await startTestApp();
  n = notifierOf(t.ctx);
  site = await makeSite(t, '华东园区');
  equipmentId = await addEquipment(t, site, 'NT-0001', 'MFM-3P');
  pointId = (await t.ctx.db.selectFrom('asset_point').select('id').where('equipment_id', '=', equipmentId).where('point_key', '=', 'Ua').executeTakeFirstOrThrow()).id;
  const saved = await t.call({
    method: 'POST',
    url: '/api/device/alarmConfig/save',
    token: t.adminToken,
    payload: { equipmentId, pointId, rules: [{ ruleType: 'upper', threshold: 240, level: 1, channels: ['email', 'sms', 'webhook'] }] },
  });
  expect(saved.body.code).toBe(0);
  ruleId = (await t.ctx.db.selectFrom('alarm_config').select('id').where('point_id', '=', pointId).executeTakeFirstOrThrow()).id;
  // Recipients: the administrator, a user of the customer's department; not one of another department.
  onDuty = await userWith(t, ['alarm:event:list'], { deptId: site.deptId, dataScope: 'dept' });
  outsider = await userWith(t, ['alarm:event:list'], { deptId: null, dataScope: 'self' });
  const db = t.ctx.db;
  await db.updateTable('sys_user').set({ email: 'admin@pdz.test', phone: '13800000001' }).where('user_name', '=', 'admin').execute();
  await db.updateTable('sys_user').set({ email: 'duty@pdz.test', phone: '13800000002' }).where('id', '=', onDuty.id).execute();
  await db.updateTable('sys_user').set({ email: 'outsider@pdz.test', phone: '13800000003' }).where('id', '=', outsider.id).execute();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await hook?.close();
});
beforeEach(() => {
  Object.assign(n.options, DEFAULT_NOTIFIER_OPTIONS);
  smtp.mode = 'ok';
  hook.status = 200;
});

describe('notification settings', () => {
  it('answers the defaults, validates in Chinese without saving, keeps secrets write-only', async () => {
    expect((await getConfig()).body.data).toEqual({
      email: { enabled: false, host: '', port: 465, secure: true, user: '', passwordSet: false, from: '' },
      sms: { enabled: false },
      webhook: { enabled: false, url: '', secretSet: false },
      minLevel: 4,
    });
    const bad: [object, string][] = [
      [fullConfig({ email: { host: '' } }), '启用邮件通知时必须填写SMTP服务器'],
      [fullConfig({ email: { from: '' } }), '启用邮件通知时必须填写发件人地址'],
      [fullConfig({ email: { from: 'not-an-address' } }), '发件人地址格式不正确'],
      [fullConfig({ webhook: { url: '' } }), '启用Webhook通知时必须填写Webhook地址'],
      [fullConfig({ webhook: { url: 'ftp://example.com/x' } }), 'Webhook地址必须是以http://或https://开头的网址'],
      [fullConfig({ webhook: { enabled: false, url: 'example.com' } }), 'Webhook地址必须是以http://或https://开头的网址'],
      [fullConfig({ minLevel: 5 }), '最低通知级别不能大于4'],
      [fullConfig({ email: { port: 0 } }), 'SMTP端口不能小于1'],
    ];
    for (const [body, msg] of bad) {
      const res = await saveConfig(body);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect((await getConfig()).body.data.email.enabled).toBe(false);

    const saved = await saveConfig(fullConfig({ email: { password: 'smtp-pass' }, webhook: { secret: SECRET } }));
    expect(saved.body.data).toMatchObject({ email: { passwordSet: true, host: '127.0.0.1', from: '配电监控 <alarm@pdz.test>' }, webhook: { secretSet: true, url: hook.url } });
    expect(JSON.stringify(saved.body.data)).not.toContain('smtp-pass');
    expect(JSON.stringify((await getConfig()).body.data)).not.toContain(SECRET);
    // Empty secrets keep the stored ones.
    const again = await saveConfig(fullConfig({ email: { password: '' }, webhook: { secret: '' } }));
    expect([again.body.data.email.passwordSet, again.body.data.webhook.secretSet]).toEqual([true, true]);
    const audits = await t.ctx.db.selectFrom('sys_audit').select(['action', 'detail']).where('action', '=', '修改通知设置').orderBy('id').execute();
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.detail).join()).not.toContain('smtp-pass');
    expect(JSON.parse(audits[0].detail!)).toMatchObject({ passwordChanged: true, secretChanged: true });
    expect(JSON.parse(audits[1].detail!)).toMatchObject({ passwordChanged: false, secretChanged: false });
  });

  it('refuses 401 without a token and 403 without the permission', async () => {
    expect((await getConfig(null)).status).toBe(401);
    expect((await deliveries('', null)).status).toBe(401);
    const reader = await userWith(t, ['alarm:notify:list']);
    expect((await getConfig(reader.token)).status).toBe(200);
    expect((await deliveries('', reader.token)).status).toBe(200);
    expect((await saveConfig(fullConfig({ minLevel: 4 }), reader.token)).status).toBe(403);
    expect((await testSend({ channel: 'site' }, reader.token)).status).toBe(403);
    const nobody = await userWith(t, ['alarm:event:list']);
    expect((await getConfig(nobody.token)).status).toBe(403);
    expect((await deliveries('', nobody.token)).status).toBe(403);
    expect((await getConfig()).body.data.minLevel).toBe(2);
  });
});

describe('alarm deliveries', () => {
  it('sends a raised alarm by e-mail, SMS and webhook to the recipients of its customer', async () => {
    const before = smtp.mails.length;
    const a = alarm();
    const rows = await raise(a);
    expect(rows.map((r) => [r.channel, r.recipient, r.status, r.attempts])).toEqual([
      ['email', 'admin@pdz.test', 'sent', 1],
      ['email', 'duty@pdz.test', 'sent', 1],
      ['sms', '13800000001', 'sent', 1],
      ['sms', '13800000002', 'sent', 1],
      ['webhook', hook.url, 'sent', 1],
    ]);
    const mails = smtp.mails.slice(before);
    expect(mails.map((m) => m.to).flat().sort()).toEqual(['admin@pdz.test', 'duty@pdz.test']);
    expect(mails[0].subject).toBe(`【紧急告警】${a.title}`);
    expect(mails[0].from).toBe('alarm@pdz.test');
    // The stored password was used, though the second save sent none.
    expect(mails[0].auth).toBe('mailer:smtp-pass');
    const sms = await t.ctx.db.selectFrom('sys_sms_outbox').selectAll().where('purpose', '=', 'alarm').orderBy('id').execute();
    expect(sms.map((s) => s.phone).sort()).toEqual(['13800000001', '13800000002']);
    expect(sms[0].content).toContain(a.title);
    const got = hook.hooks.at(-1)!;
    expect(got.signed).toBe(true);
    expect(JSON.parse(got.body)).toEqual({ event: 'raised', alarm: a });
  });

  it('ignores remote events, other kinds, levels below the minimum and channels the rule does not ask for', async () => {
    let deliver: ((e: 'alarm.event', p: unknown) => void) | null = null;
    await t.ctx.bus.attach({ publish: () => undefined, start: async (d) => void (deliver = d), close: async () => undefined });
    const remote = alarm();
    deliver!('alarm.event', { kind: 'raised', alarm: remote });
    await t.ctx.bus.detach();
    await n.idle();
    expect(await rowsOf(remote.id)).toEqual([]);
    const confirmed = alarm();
    t.ctx.bus.emit('alarm.event', { kind: 'confirmed', alarm: confirmed });
    await n.idle();
    expect(await rowsOf(confirmed.id)).toEqual([]);
    expect(await raise(alarm({ level: 3 }))).toEqual([]);
    // Webhook switched off in the settings: only e-mail and SMS go out.
    await saveConfig(fullConfig({ webhook: { enabled: false } }));
    expect((await raise(alarm())).map((r) => r.channel)).toEqual(['email', 'email', 'sms', 'sms']);
    await saveConfig(fullConfig());
    // A rule without external channels sends nothing here (the site message is the engine's).
    await t.call({ method: 'POST', url: '/api/device/alarmConfig/save', token: t.adminToken, payload: { equipmentId, pointId, rules: [{ ruleType: 'upper', threshold: 240, level: 1 }] } });
    const siteOnly = (await t.ctx.db.selectFrom('alarm_config').select('id').where('point_id', '=', pointId).executeTakeFirstOrThrow()).id;
    expect(await raise(alarm({ ruleId: siteOnly }))).toEqual([]);
    // The alarm's rule was replaced since (new id): the rule now in its place decides.
    await t.call({ method: 'POST', url: '/api/device/alarmConfig/save', token: t.adminToken, payload: { equipmentId, pointId, rules: [{ ruleType: 'upper', threshold: 240, level: 1, channels: ['webhook'] }] } });
    expect((await raise(alarm({ ruleId: siteOnly }))).map((r) => r.channel)).toEqual(['webhook']);
    ruleId = (await t.ctx.db.selectFrom('alarm_config').select('id').where('point_id', '=', pointId).executeTakeFirstOrThrow()).id;
    await t.call({ method: 'POST', url: '/api/device/alarmConfig/save', token: t.adminToken, payload: { equipmentId, pointId, rules: [{ ruleType: 'upper', threshold: 240, level: 1, channels: ['email', 'sms', 'webhook'] }] } });
    ruleId = (await t.ctx.db.selectFrom('alarm_config').select('id').where('point_id', '=', pointId).executeTakeFirstOrThrow()).id;
  });

  it('records failures and retries them with backoff, up to three attempts', async () => {
    smtp.mode = 'reject';
    hook.status = 500;
    const a = alarm();
    const t0 = Date.now();
    let rows = await raise(a);
    const mail = rows.find((r) => r.channel === 'email')!;
    expect([mail.status, mail.attempts]).toEqual(['pending', 1]);
    expect(mail.error).toMatch(/^邮件发送失败：/);
    expect(Number(mail.next_at)).toBeGreaterThanOrEqual(t0 + 30_000);
    expect(rows.find((r) => r.channel === 'webhook')!.error).toBe('Webhook返回HTTP 500');
    // Not due yet: the scan leaves them alone.
    await n.tick();
    await n.idle();
    expect((await rowsOf(a.id)).map((r) => r.attempts)).toEqual(rows.map(() => 1));

    n.options.retryDelaysMs = [0, 0];
    await t.ctx.db.updateTable('notify_delivery').set({ next_at: Date.now() }).where('alarm_id', '=', a.id).execute();
    await n.tick();
    await n.idle();
    rows = await rowsOf(a.id);
    expect(rows.filter((r) => r.channel !== 'sms').map((r) => [r.status, r.attempts])).toEqual([['pending', 2], ['pending', 2], ['pending', 2]]);
    // The mail server recovers: the third attempt gets through; the webhook still fails and gives up.
    smtp.mode = 'ok';
    await n.tick();
    await n.idle();
    rows = await rowsOf(a.id);
    expect(rows.map((r) => [r.channel, r.status, r.attempts])).toEqual([
      ['email', 'sent', 3],
      ['email', 'sent', 3],
      ['sms', 'sent', 1],
      ['sms', 'sent', 1],
      ['webhook', 'failed', 3],
    ]);
    expect(rows[4].error).toBe('Webhook返回HTTP 500');
    expect(rows[4].next_at).toBeNull();
  });

  it('times out a webhook that does not answer', async () => {
    const saved = SEND_TIMEOUTS.webhookMs;
    SEND_TIMEOUTS.webhookMs = 200;
    hook.status = 'hang';
    try {
      const rows = await raise(alarm());
      expect(rows.find((r) => r.channel === 'webhook')!.error).toBe('Webhook请求超时（0.2秒）');
    } finally {
      SEND_TIMEOUTS.webhookMs = saved;
    }
  });

  it('sends pending rows another process left behind once their lease has run out', async () => {
    const now = Date.now();
    const payload = JSON.stringify({ channel: 'email', to: 'duty@pdz.test', subject: '遗留投递', text: '重启后补发' });
    const row = { alarm_id: 42, channel: 'email', recipient: 'duty@pdz.test', payload, status: 'pending', attempts: 1, error: 'x', created_at: now, sent_at: null, next_at: now - 1 };
    await t.ctx.db.insertInto('notify_delivery').values([
      { ...row, lease_owner: 'dead:1', lease_until: now - 1 },
      { ...row, alarm_id: 43, lease_owner: 'alive:1', lease_until: now + 60_000 },
    ]).execute();
    await n.tick();
    await n.idle();
    expect((await rowsOf(42)).map((r) => [r.status, r.attempts])).toEqual([['sent', 2]]);
    expect((await rowsOf(43)).map((r) => [r.status, r.attempts])).toEqual([['pending', 1]]);
    expect(smtp.mails.at(-1)!.subject).toBe('遗留投递');
    await t.ctx.db.deleteFrom('notify_delivery').where('alarm_id', '=', 43).execute();
  });

  it('deletes finished deliveries past the retention, never pending ones', async () => {
    const old = Date.now() - 181 * 86_400_000;
    const row = { alarm_id: 77, channel: 'webhook', recipient: hook.url, payload: '{}', attempts: 1, error: null, created_at: old, sent_at: old, next_at: null, lease_owner: null, lease_until: null };
    await t.ctx.db.insertInto('notify_delivery').values([{ ...row, status: 'sent' }, { ...row, status: 'failed' }, { ...row, status: 'pending', next_at: Date.now() + 3_600_000 }]).execute();
    expect(await n.purgeOld()).toBe(2);
    expect((await rowsOf(77)).map((r) => r.status)).toEqual(['pending']);
    await t.ctx.db.deleteFrom('notify_delivery').where('alarm_id', '=', 77).execute();
  });

  it('caps the queue of a slow channel and records the overflow as failed', async () => {
    smtp.mode = 'slow';
    Object.assign(n.options, { concurrency: 1, queueMax: 0 });
    // queueMax 0 with concurrency 1: the first mail of the burst is taken, nothing may wait.
    const a = alarm();
    const rows = await raise(a);
    const mails = rows.filter((r) => r.channel === 'email');
    expect(mails.map((r) => r.status).sort()).toEqual(['failed', 'sent']);
    expect(mails.find((r) => r.status === 'failed')!.error).toBe('发送队列已满（0条等待发送），本条未发送');
    // Each channel has its own lane: the slow mail server does not hold the webhook back.
    expect(rows.filter((r) => r.channel === 'sms').map((r) => r.status).sort()).toEqual(['failed', 'sent']);
    expect(rows.find((r) => r.channel === 'webhook')!.status).toBe('sent');
  });
});

describe('with the alarm engine', () => {
  it('notifies an alarm the engine raised from telemetry, with its title, once', async () => {
    const fleet = await alarmFleet(t, [{ key: 'Tw', kind: 'yc', unit: '℃', precision: 1 }]);
    await saveRules(t, fleet, 'Tw', [{ ruleType: 'upper', threshold: 130, level: 1, channels: ['email', 'webhook'] }]);
    const before = smtp.mails.length;
    const T0 = Date.now() - 60_000;
    await ingest(t, fleet, [[T0, { Tw: 135 }]]);
    const [raised] = await alarmsOf(t, fleet);
    expect(raised).toBeDefined();
    await n.idle();
    const rows = await rowsOf(raised.id);
    expect(rows.map((r) => [r.channel, r.recipient, r.status])).toEqual([
      ['email', 'admin@pdz.test', 'sent'],
      ['webhook', hook.url, 'sent'],
    ]);
    expect(smtp.mails.slice(before).map((m) => m.subject)).toEqual([`【紧急告警】${raised.title}`]);
    expect(JSON.parse(hook.hooks.at(-1)!.body).alarm).toMatchObject({ id: raised.id, title: raised.title, ruleType: 'upper', level: 1 });
    // Samples that keep the alarm standing raise nothing new and send nothing more.
    await ingest(t, fleet, [[T0 + 1000, { Tw: 136 }]]);
    await n.idle();
    expect(smtp.mails.length).toBe(before + 1);
  });
});

describe('test sends and the delivery list', () => {
  it('sends a test on each channel, records it, and answers the failure text', async () => {
    const before = smtp.mails.length;
    const mail = await testSend({ channel: 'email', to: 'ops@pdz.test' });
    expect(mail.body.data).toMatchObject({ channel: 'email', recipient: 'ops@pdz.test', status: 'sent', attempts: 1, alarmId: null });
    expect(smtp.mails.slice(before).map((m) => m.to)).toEqual([['ops@pdz.test']]);
    expect((await testSend({ channel: 'sms' })).body.data).toMatchObject({ recipient: '13800000001', status: 'sent' });
    expect((await testSend({ channel: 'site' })).body.data).toMatchObject({ recipient: 'admin', status: 'sent' });
    expect(JSON.parse(hook.hooks.at(-1)?.body ?? '{}').event).not.toBe('test');
    expect((await testSend({ channel: 'webhook' })).body.data.status).toBe('sent');
    expect(hook.hooks.at(-1)!.signed).toBe(true);
    expect(JSON.parse(hook.hooks.at(-1)!.body).event).toBe('test');

    hook.status = 503;
    const failed = await testSend({ channel: 'webhook' });
    expect([failed.status, failed.body.msg]).toEqual([400, '测试发送失败：Webhook返回HTTP 503']);
    const last = (await deliveries('&channel=webhook')).body.data.list[0];
    expect([last.status, last.error, last.attempts]).toEqual(['failed', 'Webhook返回HTTP 503', 1]);
    expect((await testSend({ channel: 'email', to: 'bad' })).body.msg).toBe('请输入正确的收件邮箱');
    expect((await testSend({ channel: 'sms', to: '123' })).body.msg).toBe('请输入正确的手机号码');
    expect((await testSend({ channel: 'fax' })).body.msg).toBe('通知方式取值无效');
    const audits = await t.ctx.db.selectFrom('sys_audit').select(['target', 'ok']).where('action', '=', '测试发送通知').orderBy('id').execute();
    expect(audits.map((a) => [a.target, a.ok])).toEqual([['邮件', 1], ['短信', 1], ['站内消息', 1], ['Webhook', 1], ['Webhook', 0]]);
  });

  it('pages deliveries newest first with channel and status filters', async () => {
    const all = (await deliveries()).body.data;
    expect(all.total).toBeGreaterThan(10);
    const times = all.list.map((r) => r.createdAt);
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const sentMail = (await deliveries('&channel=email&status=sent')).body.data.list;
    expect(sentMail.length).toBeGreaterThan(0);
    expect(sentMail.every((r) => r.channel === 'email' && r.status === 'sent')).toBe(true);
    const page2 = await t.call<Page<DeliveryRow>>({ method: 'GET', url: '/api/alarm/notify/deliveries?pageNum=2&pageSize=3', token: t.adminToken });
    expect(page2.body.data.list.map((r) => r.id)).toEqual(all.list.slice(3, 6).map((r) => r.id));
    expect((await deliveries('&status=lost')).status).toBe(400);
  });
});
