import { sql, type Expression, type SqlBool } from 'kysely';
import { likeContains } from '../../platform/db/index';
import type { DialectName } from '../../platform/db/index';

/**
 * Case-insensitive "contains" on both dialects. The explicit ESCAPE makes the backslashes that
 * likeContains() puts before % and _ work on SQLite too (it has no default escape character).
 */
export function contains(dialect: DialectName, column: string, value: string): Expression<SqlBool> {
  const op = dialect === 'postgres' ? 'ilike' : 'like';
  return sql<SqlBool>`${sql.ref(column)} ${sql.raw(op)} ${likeContains(value)} escape '\\'`;
}

/** Case-insensitive equality, for uniqueness checks of names people type. */
export function sameText(column: string, value: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`;
}

/** Always-false condition, for filters that can match nothing (an empty id list). */
export const nothing: Expression<SqlBool> = sql<SqlBool>`1 = 0`;
