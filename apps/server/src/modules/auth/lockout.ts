import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { AppConfig } from '../../platform/config';

/** Minutes left on a lock, or 0. Keyed by the name typed, so unknown names lock the same way. */
export async function lockMinutesLeft(db: Kysely<Database>, userName: string): Promise<number> {
  const lock = await db.selectFrom('sys_login_lock').select('locked_until').where('user_name', '=', userName).executeTakeFirst();
  const left = lock ? lock.locked_until - Date.now() : 0;
  return left > 0 ? Math.ceil(left / 60_000) : 0;
}

/** Records a failure; returns true when this failure locked the account. */
export async function recordFailure(db: Kysely<Database>, policy: AppConfig['lockout'], userName: string, ip: string | null): Promise<boolean> {
  const t = Date.now();
  await db.insertInto('sys_login_failure').values({ user_name: userName, ip, ts: t }).execute();
  const { n } = await db
    .selectFrom('sys_login_failure')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_name', '=', userName)
    .where('ts', '>', t - policy.windowMinutes * 60_000)
    .executeTakeFirstOrThrow();
  if (Number(n) < policy.maxFailures) return false;
  const until = t + policy.lockMinutes * 60_000;
  await db.deleteFrom('sys_login_lock').where('user_name', '=', userName).execute();
  await db.insertInto('sys_login_lock').values({ user_name: userName, locked_until: until }).execute();
  await db.deleteFrom('sys_login_failure').where('user_name', '=', userName).execute();
  return true;
}

export async function clearFailures(db: Kysely<Database>, userName: string): Promise<void> {
  await db.deleteFrom('sys_login_failure').where('user_name', '=', userName).execute();
  await db.deleteFrom('sys_login_lock').where('user_name', '=', userName).execute();
}
