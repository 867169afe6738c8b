import type { CreateTableBuilder, ColumnDefinitionBuilder } from 'kysely';
import type { DialectName } from '../src/platform/db/index';

/** Auto-increment integer primary key: `integer … autoincrement` on SQLite, identity on PostgreSQL. */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? t.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
export const flagOn = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(1);
export const flagOff = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
