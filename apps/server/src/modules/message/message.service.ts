import { SUPER_ROLE_KEY, type MessageType } from '@pdz/contracts';
import type { AppContext } from '../../platform/context';

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
