import type { AppContext } from '../platform/context';
import { sql } from '../platform/db/index';
import { notFound } from '../platform/errors';
import { loadAlarmRows } from './read';

type Visible = number[] | null;

/**
 * Confirms alarms with the operator's note, all or nothing: an id that is missing or outside
 * the caller's customers refuses the whole call (404) and confirms nothing. Alarms already
 * confirmed keep their first confirmation. Each alarm's site message is confirmed for every
 * recipient with the same note; the bell of each of them and the alarm screens are told.
 */
export async function confirmAlarms(ctx: AppContext, who: { userId: number; userName: string }, ids: number[], note: string, visible: Visible): Promise<number[]> {
  const wanted = [...new Set(ids)];
  const t = Date.now();
  const { confirmed, users } = await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('alarm_event').select(['id', 'customer_id', 'confirmed_at', 'message_id']).where('id', 'in', wanted).execute();
    if (rows.length !== wanted.length || rows.some((r) => visible !== null && !visible.includes(r.customer_id))) throw notFound('告警');
    const todo = rows.filter((r) => r.confirmed_at === null).map((r) => r.id);
    if (!todo.length) return { confirmed: [] as number[], users: [] as number[] };
    const done = await trx
      .updateTable('alarm_event')
      .set({ confirmed_at: t, confirmed_by: who.userName, confirmed_by_id: who.userId, confirm_note: note, closed: sql<number>`case when recovered_at is null then 0 else 1 end` })
      .where('id', 'in', todo)
      .where('confirmed_at', 'is', null)
      .returning(['id', 'message_id'])
      .execute();
    const messageIds = done.map((r) => r.message_id).filter((m): m is number => m !== null);
    let users: number[] = [];
    if (messageIds.length) {
      users = (await trx.selectFrom('sys_message_user').select('user_id').distinct().where('message_id', 'in', messageIds).where('confirmed_at', 'is', null).execute()).map((r) => r.user_id);
      await trx
        .updateTable('sys_message_user')
        .set((eb) => ({ confirmed_at: t, confirm_note: note, read_at: eb.fn.coalesce('read_at', eb.val(t)) }))
        .where('message_id', 'in', messageIds)
        .where('confirmed_at', 'is', null)
        .execute();
    }
    return { confirmed: done.map((r) => r.id), users };
  });
  for (const userId of users) ctx.bus.emit('message.changed', { userId });
  if (confirmed.length) {
    const rows = await loadAlarmRows(ctx.db, confirmed);
    for (const id of confirmed) {
      const row = rows.get(id);
      if (row) ctx.bus.emit('alarm.event', { kind: 'confirmed', alarm: row });
    }
  }
  return confirmed;
}

/**
 * `/api/pdfznjkpt/mail/confirm` on an alarm's message: the recipient confirms the alarm itself
 * (being a recipient is the right to). True when the alarm was confirmed now, which confirmed
 * this message too; false when the message is not an alarm's or the alarm was confirmed before.
 */
export async function confirmLinkedAlarm(ctx: AppContext, userId: number, messageId: number, note: string): Promise<boolean> {
  const msg = await ctx.db.selectFrom('sys_message').select('source_key').where('id', '=', messageId).executeTakeFirst();
  const match = /^alarm:(\d+)$/.exec(msg?.source_key ?? '');
  if (!match) return false;
  const alarm = await ctx.db.selectFrom('alarm_event').select(['id', 'confirmed_at']).where('id', '=', Number(match[1])).executeTakeFirst();
  if (!alarm || alarm.confirmed_at !== null) return false;
  const user = await ctx.db.selectFrom('sys_user').select('user_name').where('id', '=', userId).executeTakeFirstOrThrow();
  const done = await confirmAlarms(ctx, { userId, userName: user.user_name }, [alarm.id], note, null);
  return done.length > 0;
}
