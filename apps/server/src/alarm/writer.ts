import type { FastifyBaseLogger } from 'fastify';
import { ALARM_LEVEL_LABELS, type AlarmRow } from '@pdz/contracts';
import type { AppContext } from '../platform/context';
import { sql } from '../platform/db/index';
import { createMessage } from '../modules/message/message.service';
import { alarmRecipients } from './recipients';
import { loadAlarmRows } from './read';
import type { Rule } from './rules';

/** An alarm the engine holds open; `id` is set once its row is written. */
export interface OpenAlarm {
  id: number | null;
  ruleId: number;
}

type Op =
  | { k: 'raise'; open: OpenAlarm; rule: Rule; at: number; value: number | null; title: string }
  | { k: 'recover'; open: OpenAlarm; at: number; value: number | null }
  | { k: 'remap'; open: OpenAlarm; ruleId: number };

const MAX_ATTEMPTS = 3;
const CHUNK = 500;

/**
 * The engine's database side. Evaluation only queues operations; this writes them in order, one
 * transaction per batch, off the ingest path (ingest never waits for it). After each commit it
 * creates the site messages of new alarms and tells the bus. Delays that started are kept in
 * `alarm_pending`, coalesced per rule, so a restart resumes them.
 */
export class AlarmWriter {
  private ops: Op[] = [];
  private pendingRows = new Map<number, { since: number; value: number | null } | null>();
  private running: Promise<void> | null = null;
  private attempts = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  raise(open: OpenAlarm, rule: Rule, at: number, value: number | null, title: string) {
    this.push({ k: 'raise', open, rule, at, value, title });
  }
  recover(open: OpenAlarm, at: number, value: number | null) {
    this.push({ k: 'recover', open, at, value });
  }
  remap(open: OpenAlarm, ruleId: number) {
    open.ruleId = ruleId;
    this.push({ k: 'remap', open, ruleId });
  }
  pending(ruleId: number, p: { since: number; value: number | null } | null) {
    this.pendingRows.set(ruleId, p);
    this.kick();
  }

  /** Resolves when everything queued so far is written and announced. */
  async idle() {
    while (this.running) await this.running;
  }

  private push(op: Op) {
    this.ops.push(op);
    this.kick();
  }

  private kick() {
    if (this.running) return;
    this.running = this.loop().finally(() => (this.running = null));
  }

  private async loop() {
    while (this.ops.length || this.pendingRows.size) {
      // Let the rest of this tick's samples queue up: one transaction for all of them.
      await new Promise((r) => setImmediate(r));
      const ops = this.ops;
      const pend = this.pendingRows;
      this.ops = [];
      this.pendingRows = new Map();
      try {
        await this.write(ops, pend);
        this.attempts = 0;
      } catch (err) {
        for (const op of ops) if (op.k === 'raise') op.open.id = null;
        if (++this.attempts < MAX_ATTEMPTS) {
          this.log.warn({ err }, 'alarm: write failed, retrying');
          this.ops = [...ops, ...this.ops];
          for (const [k, v] of pend) if (!this.pendingRows.has(k)) this.pendingRows.set(k, v);
          await new Promise((r) => setTimeout(r, 200 * this.attempts));
        } else {
          this.log.error({ err, ops: ops.length }, 'alarm: write failed, operations dropped');
          this.attempts = 0;
        }
      }
    }
  }

  private async write(ops: Op[], pend: Map<number, { since: number; value: number | null } | null>) {
    const { db } = this.ctx;
    const raised: { id: number; rule: Rule; at: number }[] = [];
    const recovered: number[] = [];
    const t = Date.now();
    await db.transaction().execute(async (trx) => {
      for (const op of ops) {
        if (op.k === 'raise') {
          const r = op.rule;
          const row = await trx
            .insertInto('alarm_event')
            .values({
              customer_id: r.customerId,
              station_id: r.stationId,
              equipment_id: r.equipmentId,
              point_id: r.pointId,
              rule_id: op.open.ruleId,
              rule_type: r.type,
              level: r.level,
              title: op.title,
              value: op.value,
              threshold: r.type === 'status' ? r.statusValue : r.type === 'comm' ? null : r.threshold,
              raised_at: op.at,
              closed: 0,
              created_at: t,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          op.open.id = row.id;
          raised.push({ id: row.id, rule: r, at: op.at });
        } else if (op.k === 'recover') {
          if (op.open.id === null) continue; // its raise was never written
          const res = await trx
            .updateTable('alarm_event')
            .set({ recovered_at: op.at, recovered_value: op.value, closed: sql<number>`case when confirmed_at is null then 0 else 1 end` })
            .where('id', '=', op.open.id)
            .where('recovered_at', 'is', null)
            .executeTakeFirst();
          // Another process may have recovered it first: announce once.
          if (Number(res.numUpdatedRows) === 1) recovered.push(op.open.id);
        } else if (op.open.id !== null) {
          await trx.updateTable('alarm_event').set({ rule_id: op.ruleId }).where('id', '=', op.open.id).execute();
        }
      }
      const keys = [...pend.keys()];
      for (let i = 0; i < keys.length; i += CHUNK) await trx.deleteFrom('alarm_pending').where('rule_id', 'in', keys.slice(i, i + CHUNK)).execute();
      const rows = [...pend].filter(([, v]) => v !== null).map(([rule_id, v]) => ({ rule_id, since: v!.since, value: v!.value }));
      for (let i = 0; i < rows.length; i += CHUNK) await trx.insertInto('alarm_pending').values(rows.slice(i, i + CHUNK)).execute();
    });
    if (!raised.length && !recovered.length) return;
    // Committed: a failure from here on must not send the batch round again (it would insert twice).
    await this.announce(raised, recovered).catch((err) => this.log.error({ err }, 'alarm: messages or events of a committed batch failed'));
  }

  /**
   * Someone confirmed the alarm from the list before its message existed: the message starts
   * confirmed too, so the bell and the alarm agree.
   */
  private async confirmedMeanwhile(alarmId: number, messageId: number) {
    const a = await this.ctx.db.selectFrom('alarm_event').select(['confirmed_at', 'confirm_note']).where('id', '=', alarmId).executeTakeFirst();
    if (!a || a.confirmed_at === null) return;
    const users = await this.ctx.db.selectFrom('sys_message_user').select('user_id').where('message_id', '=', messageId).where('confirmed_at', 'is', null).execute();
    await this.ctx.db
      .updateTable('sys_message_user')
      .set((eb) => ({ confirmed_at: a.confirmed_at, confirm_note: a.confirm_note, read_at: eb.fn.coalesce('read_at', eb.val(a.confirmed_at)) }))
      .where('message_id', '=', messageId)
      .where('confirmed_at', 'is', null)
      .execute();
    for (const u of users) this.ctx.bus.emit('message.changed', { userId: u.user_id });
  }

  /** Site messages for new alarms, then the bus events, in the order things happened. */
  private async announce(raised: { id: number; rule: Rule; at: number }[], recovered: number[]) {
    const { db, bus } = this.ctx;
    const rows = await loadAlarmRows(db, [...raised.map((r) => r.id), ...recovered]);
    const recipients = await alarmRecipients(db, [...new Set(raised.map((r) => r.rule.customerId))]);
    for (const r of raised) {
      const row = rows.get(r.id);
      if (!row) continue;
      const users = recipients.get(r.rule.customerId) ?? [];
      if (users.length) {
        try {
          const messageId = await createMessage(
            this.ctx,
            { type: 'alarm', level: row.level, title: messageTitle(row), content: messageContent(row, r.rule, this.ctx.config.zoneOffsetMinutes), sourceKey: `alarm:${row.id}` },
            users,
          );
          await db.updateTable('alarm_event').set({ message_id: messageId }).where('id', '=', row.id).execute();
          await this.confirmedMeanwhile(row.id, messageId);
        } catch (err) {
          this.log.error({ err, alarmId: row.id }, 'alarm: site message not created');
        }
      }
      bus.emit('alarm.event', { kind: 'raised', alarm: row });
    }
    for (const id of recovered) {
      const row = rows.get(id);
      if (row) bus.emit('alarm.event', { kind: 'recovered', alarm: row });
    }
  }
}

function zoneTime(ms: number, offsetMin: number): string {
  const d = new Date(ms + offsetMin * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

function messageContent(row: AlarmRow, rule: Rule, offsetMin: number): string {
  return [
    row.title,
    `位置：${row.customerName} / ${row.stationName} / ${row.equipmentName}（${row.equipmentCode}）`,
    `告警级别：${ALARM_LEVEL_LABELS[row.level] ?? row.level}`,
    `告警时间：${zoneTime(row.raisedAt, offsetMin)}`,
    ...(rule.message && rule.type !== 'status' ? [`说明：${rule.message}`] : []),
  ].join('\n');
}

/** The bell lists many alarms of many stations: the title names the station first (column limit 100). */
function messageTitle(row: { stationName: string; title: string }): string {
  const title = `【${row.stationName}】${row.title}`;
  return title.length > 100 ? `${title.slice(0, 99)}…` : title;
}
