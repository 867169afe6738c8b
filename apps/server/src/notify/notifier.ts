import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AlarmChannel, AlarmRow } from '@pdz/contracts';
import type { AppContext } from '../platform/context';
import { readNotifyConfig } from './config';
import { sendPayload } from './channels';
import { emailSubject, emailText, smsText, webhookBody, type DeliveryPayload } from './messages';
import { alarmRecipients } from './recipients';

type OutChannel = Exclude<AlarmChannel, 'site'>;
const OUT_CHANNELS: OutChannel[] = ['email', 'sms', 'webhook'];

export interface NotifierOptions {
  /** Wait before the 2nd, 3rd … attempt; attempts = delays + 1. */
  retryDelaysMs: number[];
  /** How often due retries (and rows left by a stopped process) are looked for. */
  tickMs: number;
  /** Sends at once per channel: a hung SMTP server holds at most this many. */
  concurrency: number;
  /** Deliveries waiting per channel; beyond it new ones are recorded as failed. */
  queueMax: number;
  /** A claimed row is another process's again after this long without progress. */
  leaseMs: number;
  /** Finished deliveries older than this are deleted (checked once a day). */
  retentionDays: number;
}

export const DEFAULT_NOTIFIER_OPTIONS: NotifierOptions = { retryDelaysMs: [30_000, 120_000], tickMs: 10_000, concurrency: 2, queueMax: 200, leaseMs: 120_000, retentionDays: 180 };

interface Job {
  id: number;
  /** The lease token the row was claimed with; a send starts only while the row still carries it. */
  owner: string;
}

interface Lane {
  queue: Job[];
  active: number;
}

const short = (s: string, n = 1000) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Alarm notifications of one process. A raised alarm is planned (rule channels ∩ enabled
 * channels, recipients) into `notify_delivery` rows, which are sent from per-channel lanes with
 * bounded concurrency and queues, so the alarm engine never waits and a slow server cannot pile
 * up work. The table is the durable queue: failed sends are retried from a timer, and rows of a
 * stopped process are taken over once their lease runs out; leases keep one send per row even
 * with several processes.
 */
export class Notifier {
  readonly options: NotifierOptions;
  private readonly lanes = new Map<OutChannel, Lane>(OUT_CHANNELS.map((c) => [c, { queue: [], active: 0 }]));
  private readonly instance = crypto.randomBytes(6).toString('hex');
  private seq = 0;
  private planChain: Promise<void> = Promise.resolve();
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = false;
  private purgedAt = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    options: Partial<NotifierOptions> = {},
  ) {
    this.options = { ...DEFAULT_NOTIFIER_OPTIONS, ...options };
  }

  get maxAttempts() {
    return this.options.retryDelaysMs.length + 1;
  }

  start() {
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
    // Rows a previous run left pending go out now, not one interval later.
    void this.tick();
  }

  /** Stops taking work, lets running sends finish and hands queued rows back to the table. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    await this.planChain;
    const queued = [...this.lanes.values()].flatMap((l) => l.queue.splice(0));
    for (const j of queued) {
      await this.ctx.db.updateTable('notify_delivery').set({ lease_owner: null, lease_until: null }).where('id', '=', j.id).where('lease_owner', '=', j.owner).execute();
    }
    await Promise.allSettled([...this.running]);
  }

  /** Called for a locally raised alarm: returns at once, planning runs one alarm after another. */
  alarmRaised(alarm: AlarmRow) {
    if (this.stopped) return;
    this.planChain = this.planChain.then(() => this.plan(alarm)).catch((err) => this.log.error({ err, alarmId: alarm.id }, 'alarm notification planning failed'));
  }

  /** Resolves once nothing is planned, queued or being sent (tests, shutdown). */
  async idle() {
    for (;;) {
      await this.planChain;
      await this.ticking;
      if (!this.running.size) return;
      await Promise.allSettled([...this.running]);
    }
  }

  private token() {
    return `${this.instance}:${++this.seq}`;
  }

  private async ruleChannels(alarm: AlarmRow): Promise<AlarmChannel[]> {
    const db = this.ctx.db;
    let row = alarm.ruleId === null ? undefined : await db.selectFrom('alarm_config').select('channels').where('id', '=', alarm.ruleId).executeTakeFirst();
    // Saving an equipment's rules replaces the rows: fall back to the rule now in the same place.
    if (!row) {
      let q = db.selectFrom('alarm_config').select('channels').where('equipment_id', '=', alarm.equipmentId).where('rule_type', '=', alarm.ruleType);
      q = alarm.pointId === null ? q.where('point_id', 'is', null) : q.where('point_id', '=', alarm.pointId);
      row = await q.orderBy('id').executeTakeFirst();
    }
    return (row?.channels ?? '').split(',').filter(Boolean) as AlarmChannel[];
  }

  private async plan(alarm: AlarmRow) {
    const config = await readNotifyConfig(this.ctx.db);
    if (alarm.level > config.minLevel) return;
    const wanted = await this.ruleChannels(alarm);
    const channels = OUT_CHANNELS.filter((c) => wanted.includes(c) && config[c].enabled);
    if (!channels.length) return;
    const zone = this.ctx.config.zoneOffsetMinutes;
    const people = channels.includes('email') || channels.includes('sms') ? await alarmRecipients(this.ctx.db, alarm.customerId) : [];
    const planned: { channel: OutChannel; recipient: string; payload: DeliveryPayload }[] = [];
    if (channels.includes('email')) {
      const subject = emailSubject(alarm);
      const text = emailText(alarm, zone);
      for (const to of new Set(people.map((p) => p.email).filter((e): e is string => !!e))) planned.push({ channel: 'email', recipient: to, payload: { channel: 'email', to, subject, text } });
    }
    if (channels.includes('sms')) {
      const content = smsText(alarm, zone);
      for (const phone of new Set(people.map((p) => p.phone).filter((e): e is string => !!e))) planned.push({ channel: 'sms', recipient: phone, payload: { channel: 'sms', phone, content } });
    }
    if (channels.includes('webhook')) planned.push({ channel: 'webhook', recipient: config.webhook.url, payload: { channel: 'webhook', body: webhookBody('raised', alarm) } });
    if (!planned.length) return;
    const now = Date.now();
    const owner = this.token();
    const rows = await this.ctx.db
      .insertInto('notify_delivery')
      .values(
        planned.map((p) => ({
          alarm_id: alarm.id,
          channel: p.channel,
          recipient: short(p.recipient),
          payload: JSON.stringify(p.payload),
          status: 'pending',
          attempts: 0,
          error: null,
          created_at: now,
          sent_at: null,
          next_at: now,
          lease_owner: owner,
          lease_until: now + this.options.leaseMs,
        })),
      )
      .returning(['id', 'channel'])
      .execute();
    for (const r of rows) this.enqueue(r.channel as OutChannel, { id: r.id, owner });
  }

  private enqueue(channel: OutChannel, job: Job) {
    const lane = this.lanes.get(channel)!;
    if (lane.active >= this.options.concurrency && lane.queue.length >= this.options.queueMax) {
      this.track(this.overflow(job, lane.queue.length));
      return;
    }
    lane.queue.push(job);
    this.pump(lane);
  }

  private async overflow(job: Job, waiting: number) {
    await this.ctx.db
      .updateTable('notify_delivery')
      .set({ status: 'failed', error: `发送队列已满（${waiting}条等待发送），本条未发送`, next_at: null, lease_owner: null, lease_until: null })
      .where('id', '=', job.id)
      .where('lease_owner', '=', job.owner)
      .execute();
  }

  private pump(lane: Lane) {
    while (!this.stopped && lane.active < this.options.concurrency && lane.queue.length) {
      const job = lane.queue.shift()!;
      lane.active++;
      this.track(
        this.run(job)
          .catch((err) => this.log.error({ err, deliveryId: job.id }, 'alarm notification send failed unexpectedly'))
          .finally(() => {
            lane.active--;
            this.pump(lane);
          }),
      );
    }
  }

  private track(p: Promise<unknown>) {
    const done: Promise<void> = p.then(
      () => undefined,
      () => undefined,
    );
    this.running.add(done);
    void done.finally(() => this.running.delete(done));
  }

  private async run(job: Job) {
    const db = this.ctx.db;
    const started = Date.now();
    // Re-claimed by the token it was queued with: if the lease ran out and someone else took the row, it is theirs.
    const claimed = await db
      .updateTable('notify_delivery')
      .set({ lease_until: started + this.options.leaseMs })
      .where('id', '=', job.id)
      .where('lease_owner', '=', job.owner)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return;
    const row = await db.selectFrom('notify_delivery').select(['channel', 'payload', 'attempts']).where('id', '=', job.id).executeTakeFirstOrThrow();
    const config = await readNotifyConfig(db);
    const attempts = row.attempts + 1;
    const channel = row.channel as OutChannel;
    // Switched off since it was planned: recorded, not retried.
    const off = !config[channel].enabled;
    let error: string | null = off ? `${CHANNEL_TEXT[channel]}通知已停用，未发送` : null;
    if (!off) {
      try {
        await sendPayload(JSON.parse(row.payload) as DeliveryPayload, config, this.ctx.sms);
      } catch (err) {
        error = short((err as Error).message || String(err));
      }
    }
    const now = Date.now();
    const retry = error !== null && !off && attempts < this.maxAttempts;
    await db
      .updateTable('notify_delivery')
      .set({
        status: error === null ? 'sent' : retry ? 'pending' : 'failed',
        attempts,
        error,
        sent_at: error === null ? now : null,
        next_at: retry ? now + this.options.retryDelaysMs[attempts - 1] : null,
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', job.id)
      .where('lease_owner', '=', job.owner)
      .execute();
    if (error !== null) this.log.warn({ deliveryId: job.id, attempts, error }, 'alarm notification not delivered');
  }

  /** Deletes finished deliveries past the retention (pending ones stay whatever their age). */
  async purgeOld(now = Date.now()): Promise<number> {
    this.purgedAt = now;
    const res = await this.ctx.db
      .deleteFrom('notify_delivery')
      .where('created_at', '<', now - this.options.retentionDays * 86_400_000)
      .where('status', '<>', 'pending')
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Claims due pending rows (retries, rows of a stopped process) as far as the lanes have room. */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.ticking ??= this.claimDue()
      .catch((err) => this.log.error({ err }, 'alarm notification retry scan failed'))
      .finally(() => (this.ticking = null));
    return this.ticking;
  }

  private async claimDue() {
    const db = this.ctx.db;
    const now = Date.now();
    if (now - this.purgedAt > 86_400_000) await this.purgeOld(now);
    const due = await db
      .selectFrom('notify_delivery')
      .select(['id', 'channel'])
      .where('status', '=', 'pending')
      .where('next_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_at')
      .limit(100)
      .execute();
    for (const r of due) {
      const lane = this.lanes.get(r.channel as OutChannel);
      if (!lane) continue;
      if (this.stopped || (lane.active >= this.options.concurrency && lane.queue.length >= this.options.queueMax)) continue;
      const owner = this.token();
      const res = await db
        .updateTable('notify_delivery')
        .set({ lease_owner: owner, lease_until: now + this.options.leaseMs })
        .where('id', '=', r.id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) this.enqueue(r.channel as OutChannel, { id: r.id, owner });
    }
  }
}

const CHANNEL_TEXT: Record<OutChannel, string> = { email: '邮件', sms: '短信', webhook: 'Webhook' };
