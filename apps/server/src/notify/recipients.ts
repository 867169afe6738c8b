import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { alarmRecipients as siteMessageRecipients } from '../alarm/recipients';

export interface AlarmRecipient {
  userId: number;
  userName: string;
  email: string | null;
  phone: string | null;
}

/**
 * The people an alarm's e-mail and SMS go to: exactly the recipients of its site message (the
 * alarm engine's rule, one definition), with their addresses.
 */
export async function alarmRecipients(db: Kysely<Database>, customerId: number): Promise<AlarmRecipient[]> {
  const ids = (await siteMessageRecipients(db, [customerId])).get(customerId) ?? [];
  if (!ids.length) return [];
  const rows = await db.selectFrom('sys_user').select(['id', 'user_name', 'email', 'phone']).where('id', 'in', ids).orderBy('id').execute();
  return rows.map((u) => ({ userId: u.id, userName: u.user_name, email: u.email || null, phone: u.phone || null }));
}
