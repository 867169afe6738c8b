import { sql, type Expression, type SqlBool } from 'kysely';
import type { DialectName } from './index';

/** Escapes LIKE wildcards typed by a user so they match literally. */
export function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "contains" on both dialects. The explicit ESCAPE matters: SQLite's LIKE has no
 * default escape character, so without it a typed "%" or "_" would act as a wildcard there.
 */
export function contains(dialect: DialectName, column: string, value: string): Expression<SqlBool> {
  const op = dialect === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  return sql<SqlBool>`${sql.ref(column)} ${op} ${likeContains(value)} escape '\\'`;
}

/** Case-insensitive equality, for uniqueness checks of names people type. */
export function sameText(column: string, value: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`;
}

/** Always-false condition, for filters that can match nothing (an empty id list). */
export const nothing: Expression<SqlBool> = sql<SqlBool>`1 = 0`;

/** True for a unique-constraint failure (a concurrent insert won the race after our check). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/i.test(e.message ?? '');
}
