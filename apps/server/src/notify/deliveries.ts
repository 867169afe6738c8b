import type { Kysely, Selectable } from 'kysely';
import { DELIVERY_STATUSES, type AlarmChannel, type DeliveryRow, type DeliveryStatus, type Page, type deliveryQuery } from '@pdz/contracts';
import type { z } from 'zod';
import type { Database, NotifyDeliveryTable } from '../platform/db/schema';
import { offsetOf, page } from '../platform/http';

export function toDeliveryRow(r: Pick<Selectable<NotifyDeliveryTable>, 'id' | 'alarm_id' | 'channel' | 'recipient' | 'status' | 'attempts' | 'error' | 'created_at' | 'sent_at'>): DeliveryRow {
  return {
    id: r.id,
    alarmId: r.alarm_id,
    channel: r.channel as AlarmChannel,
    recipient: r.recipient,
    status: (DELIVERY_STATUSES as readonly string[]).includes(r.status) ? (r.status as DeliveryStatus) : 'failed',
    attempts: r.attempts,
    error: r.error,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  };
}

const COLUMNS = ['id', 'alarm_id', 'channel', 'recipient', 'status', 'attempts', 'error', 'created_at', 'sent_at'] as const;

/** 投递记录: newest first (id breaks ties of one alarm's rows). */
export async function pageDeliveries(db: Kysely<Database>, q: z.infer<typeof deliveryQuery>): Promise<Page<DeliveryRow>> {
  let base = db.selectFrom('notify_delivery');
  if (q.channel) base = base.where('channel', '=', q.channel);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.alarmId) base = base.where('alarm_id', '=', q.alarmId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset(offsetOf(q.pageNum, q.pageSize))
    .execute();
  return page(rows.map(toDeliveryRow), Number(n), q.pageNum, q.pageSize);
}

export async function deliveryById(db: Kysely<Database>, id: number): Promise<DeliveryRow> {
  return toDeliveryRow(await db.selectFrom('notify_delivery').select(COLUMNS).where('id', '=', id).executeTakeFirstOrThrow());
}
