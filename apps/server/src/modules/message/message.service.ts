import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MESSAGE_SORT_COLUMNS,
  SUPER_ROLE_KEY,
  type AlarmCount,
  type MessageRow,
  type MessageType,
  type NoticeResult,
  type Page,
  messageQuery,
  noticeAddBody,
} from '@pdz/contracts';
import type { AppContext } from '../../platform/context';
import type { Database } from '../../platform/db/schema';
import type { Principal } from '../../platform/auth/principal';
import { contains } from '../../platform/db/filters';
import { sql } from '../../platform/db/index';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { offsetOf, page, sortColumn } from '../../platform/http';
import { whereUserInScope } from './recipients';
import { confirmLinkedAlarm } from '../../alarm/confirm';

export interface NewMessage {
  type: MessageType;
  level: number;
  title: string;
  content: string;
  sourceKey?: string | null;
  createdBy?: number | null;
}

/** Stores a message for the given recipients and tells the realtime side (bell count). */
export async function createMessage(ctx: AppContext, msg: NewMessage, userIds: number[]): Promise<number> {
  const recipients = [...new Set(userIds)];
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('sys_message')
      .values({ type: msg.type, level: msg.level, title: msg.title, content: msg.content, source_key: msg.sourceKey ?? null, created_at: Date.now(), created_by: msg.createdBy ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (recipients.length) {
      await trx
        .insertInto('sys_message_user')
        .values(recipients.map((userId) => ({ message_id: row.id, user_id: userId, read_at: null, confirmed_at: null, confirm_note: null })))
        .execute();
    }
    return row.id;
  });
  ctx.bus.emit('message.created', { messageId: id, userIds: recipients });
  return id;
}

/** Security notices go to every enabled holder of the administrator role. */
export async function notifyAdministrators(ctx: AppContext, msg: NewMessage): Promise<number> {
  const admins = await ctx.db
    .selectFrom('sys_user as u')
    .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select('u.id')
    .where('r.role_key', '=', SUPER_ROLE_KEY)
    .where('u.enabled', '=', 1)
    .execute();
  return createMessage(ctx, msg, admins.map((a) => a.id));
}

// ---------------------------------------------------------------------------------------------
// The caller's own messages (spec §7 "Messages"): read, confirm, counts, and notices.
// ---------------------------------------------------------------------------------------------

type MessageQuery = z.infer<typeof messageQuery>;
const SORT: Record<(typeof MESSAGE_SORT_COLUMNS)[number], string> = { id: 'm.id', createdAt: 'm.created_at', level: 'm.level' };

/** One recipient's view of their messages: their own read and confirm state, nobody else's. */
function ownMessages(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('sys_message_user as mu')
    .innerJoin('sys_message as m', 'm.id', 'mu.message_id')
    .innerJoin('sys_user as u', 'u.id', 'mu.user_id')
    .where('mu.user_id', '=', userId);
}

const ROW_COLUMNS = ['m.id', 'm.type', 'm.level', 'm.title', 'm.content', 'm.created_at', 'mu.read_at', 'mu.confirmed_at', 'mu.confirm_note', 'u.user_name'] as const;

function toMessageRow(r: {
  id: number;
  type: string;
  level: number;
  title: string;
  content: string;
  created_at: number;
  read_at: number | null;
  confirmed_at: number | null;
  confirm_note: string | null;
  user_name: string;
}): MessageRow {
  return {
    id: r.id,
    type: r.type as MessageType,
    level: r.level,
    title: r.title,
    content: r.content,
    createdAt: r.created_at,
    readAt: r.read_at,
    confirmedAt: r.confirmed_at,
    confirmedBy: r.confirmed_at ? r.user_name : null,
    confirmNote: r.confirm_note,
  };
}

export async function pageMessages(ctx: AppContext, userId: number, q: MessageQuery): Promise<Page<MessageRow>> {
  let base = ownMessages(ctx.db, userId);
  if (q.type) base = base.where('m.type', '=', q.type);
  if (q.confirmed) base = base.where('mu.confirmed_at', q.confirmed === 'true' ? 'is not' : 'is', null);
  if (q.read) base = base.where('mu.read_at', q.read === 'true' ? 'is not' : 'is', null);
  if (q.keyword) {
    const kw = q.keyword;
    base = base.where((eb) => eb.or([contains(ctx.dialect, 'm.title', kw), contains(ctx.dialect, 'm.content', kw)]));
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(ROW_COLUMNS)
    .orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'm.created_at')), q.order ?? 'desc')
    .orderBy('m.id', q.order ?? 'desc')
    .limit(q.pageSize)
    .offset(offsetOf(q.pageNum, q.pageSize))
    .execute();
  return page(rows.map(toMessageRow), Number(n), q.pageNum, q.pageSize);
}

async function ownMessage(db: Kysely<Database>, userId: number, id: number): Promise<MessageRow> {
  const row = await ownMessages(db, userId).select(ROW_COLUMNS).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('消息');
  return toMessageRow(row);
}

/** Opens one of the caller's messages and marks it read. */
export async function readMessage(ctx: AppContext, userId: number, id: number): Promise<MessageRow> {
  const msg = await ownMessage(ctx.db, userId, id);
  if (msg.readAt === null) {
    const t = Date.now();
    await ctx.db.updateTable('sys_message_user').set({ read_at: t }).where('message_id', '=', id).where('user_id', '=', userId).where('read_at', 'is', null).execute();
    ctx.bus.emit('message.changed', { userId });
    return { ...msg, readAt: t };
  }
  return msg;
}

/** Confirms a message once, with a note; a second confirmation is refused. */
export async function confirmMessage(ctx: AppContext, userId: number, id: number, note: string): Promise<MessageRow> {
  await ownMessage(ctx.db, userId, id);
  // An alarm's message confirms the alarm, and that confirms this message for every recipient.
  if (await confirmLinkedAlarm(ctx, userId, id, note)) return ownMessage(ctx.db, userId, id);
  const t = Date.now();
  const res = await ctx.db
    .updateTable('sys_message_user')
    .set((eb) => ({ confirmed_at: t, confirm_note: note, read_at: eb.fn.coalesce('read_at', eb.val(t)) }))
    .where('message_id', '=', id)
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  // The guarded update decides, so two clicks at once cannot both confirm.
  if (Number(res.numUpdatedRows) !== 1) throw conflict('该消息已确认，请勿重复确认');
  ctx.bus.emit('message.changed', { userId });
  return ownMessage(ctx.db, userId, id);
}

/** The bell's number: the caller's unconfirmed messages. */
export async function unconfirmedCount(db: Kysely<Database>, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('sys_message_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The caller's alarm messages: all, unconfirmed, and unconfirmed per level. */
export async function alarmCount(db: Kysely<Database>, userId: number): Promise<AlarmCount> {
  const rows = await ownMessages(db, userId)
    .where('m.type', '=', 'alarm')
    .select(['m.level', 'mu.confirmed_at'])
    .execute();
  const byLevel: Record<string, number> = { 1: 0, 2: 0, 3: 0, 4: 0 };
  let unconfirmed = 0;
  for (const r of rows) {
    if (r.confirmed_at !== null) continue;
    unconfirmed++;
    byLevel[String(r.level)] = (byLevel[String(r.level)] ?? 0) + 1;
  }
  return { total: rows.length, unconfirmed, byLevel };
}

/** Marks every unread message of the caller read; answers how many changed. */
export async function readAll(ctx: AppContext, userId: number): Promise<number> {
  const res = await ctx.db.updateTable('sys_message_user').set({ read_at: Date.now() }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
  const n = Number(res.numUpdatedRows);
  if (n) ctx.bus.emit('message.changed', { userId });
  return n;
}

/**
 * An administrator's notice: to the chosen users, or to every enabled user, within the
 * publisher's data scope. A chosen user who is missing, disabled or out of reach refuses the
 * whole notice, so nobody is silently left out.
 */
export async function publishNotice(ctx: AppContext, p: Principal, body: z.infer<typeof noticeAddBody>): Promise<NoticeResult> {
  let q = whereUserInScope(ctx.db.selectFrom('sys_user').select('sys_user.id').where('sys_user.enabled', '=', 1), p);
  const chosen = [...new Set(body.userIds)];
  if (chosen.length) q = q.where('sys_user.id', 'in', chosen);
  const ids = (await q.execute()).map((r) => r.id);
  if (chosen.length && ids.length !== chosen.length) throw badRequest('接收人不存在、已停用或不在您的数据范围内');
  if (!ids.length) throw badRequest('没有可接收通知的用户');
  const id = await createMessage(ctx, { type: 'notice', level: body.level, title: body.title, content: body.content, createdBy: p.userId }, ids);
  return { id, recipients: ids.length };
}
