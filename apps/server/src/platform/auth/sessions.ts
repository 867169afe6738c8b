import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashToken, newToken } from './tokens';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** Touching last_seen on every call would write on every request; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

export async function createSession(
  db: Kysely<Database>,
  policy: SessionPolicy,
  userId: number,
  meta: { ip: string | null; userAgent: string | null; module?: string | null },
): Promise<string> {
  const token = newToken();
  const t = Date.now();
  await db
    .insertInto('sys_session')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: t,
      last_seen_at: t,
      expires_at: t + policy.absoluteHours * 3_600_000,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 255) ?? null,
      module: meta.module ?? null,
    })
    .execute();
  return token;
}

export interface LiveSession {
  tokenHash: string;
  userId: number;
  module: string | null;
}

/** Returns the session if it exists and has passed neither its idle nor its absolute limit. */
export async function findLiveSession(db: Kysely<Database>, policy: SessionPolicy, token: string): Promise<LiveSession | null> {
  const tokenHash = hashToken(token);
  const s = await db.selectFrom('sys_session').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!s) return null;
  const t = Date.now();
  if (t >= s.expires_at || t - s.last_seen_at >= policy.idleMinutes * 60_000) {
    await db.deleteFrom('sys_session').where('token_hash', '=', tokenHash).execute();
    return null;
  }
  if (t - s.last_seen_at >= TOUCH_EVERY_MS) {
    await db.updateTable('sys_session').set({ last_seen_at: t }).where('token_hash', '=', tokenHash).execute();
  }
  return { tokenHash, userId: s.user_id, module: s.module };
}

export async function endSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sys_session').where('token_hash', '=', tokenHash).execute();
}

/** Ends every session of a user (disabled, password reset, deleted). */
export async function endUserSessions(db: Kysely<Database>, userId: number, exceptTokenHash?: string): Promise<void> {
  let q = db.deleteFrom('sys_session').where('user_id', '=', userId);
  if (exceptTokenHash) q = q.where('token_hash', '!=', exceptTokenHash);
  await q.execute();
}

export async function setSessionModule(db: Kysely<Database>, tokenHash: string, module: string | null): Promise<void> {
  await db.updateTable('sys_session').set({ module }).where('token_hash', '=', tokenHash).execute();
}

/** "Bearer x" or the bare token, as the console sends it (spec §7). */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const t = header.startsWith('Bearer ') ? header.slice(7) : header;
  return t.trim() || null;
}
