import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';

export interface AuditEntry {
  category: string;
  action: string;
  target?: string | null;
  detail?: unknown;
  ok?: boolean;
  /** For sign-in events where no session exists yet. */
  userId?: number | null;
  userName?: string | null;
}

/** Writes who did what, when, from where and with what result (design §4). */
export async function writeAudit(db: Kysely<Database>, req: FastifyRequest | null, e: AuditEntry): Promise<void> {
  const detail = e.detail === undefined || e.detail === null ? null : typeof e.detail === 'string' ? e.detail : JSON.stringify(e.detail);
  await db
    .insertInto('sys_audit')
    .values({
      ts: Date.now(),
      user_id: e.userId ?? req?.auth?.userId ?? null,
      user_name: e.userName ?? req?.auth?.userName ?? null,
      category: e.category,
      action: e.action,
      target: e.target ?? null,
      detail: detail && detail.length > 4000 ? detail.slice(0, 4000) : detail,
      ip: req?.ip ?? null,
      ok: e.ok === false ? 0 : 1,
    })
    .execute();
}
