import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError, conflict } from '../../platform/errors';

/** What a change fills in while it runs, so the audit row names its target and outcome. */
export interface AuditNote {
  target?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * Runs one state-changing operation and records it: a success row, or a failure row with the
 * reason (refused escalations, out-of-scope ids, clashes) before the error goes to the caller.
 * Used by the user, role and department modules so no path forgets its audit record.
 */
export async function audited<T>(
  db: Kysely<Database>,
  req: FastifyRequest,
  what: { category: string; action: string; target?: string | null },
  run: (note: AuditNote) => Promise<T>,
): Promise<T> {
  const note: AuditNote = { target: what.target ?? null };
  try {
    const result = await run(note);
    await writeAudit(db, req, { category: what.category, action: what.action, target: note.target, detail: note.detail });
    return result;
  } catch (err) {
    const reason = err instanceof AppError ? err.message : '系统异常';
    try {
      await writeAudit(db, req, { category: what.category, action: what.action, target: note.target, detail: { ...note.detail, reason }, ok: false });
    } catch (auditErr) {
      req.log.error({ err: auditErr }, 'audit write failed');
    }
    throw err;
  }
}

/** A unique index refused the row (a race the pre-check did not see): answer 409, not 500. */
export function rethrowUnique(err: unknown, message: string): never {
  const code = (err as { code?: string }).code;
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE') throw conflict(message);
  throw err;
}

/** "a、b、c等" for messages that name a few of many items. */
export function nameFew(names: string[], max = 5): string {
  const shown = names.slice(0, max).join('、');
  return names.length > max ? `${shown}等${names.length}项` : shown;
}
