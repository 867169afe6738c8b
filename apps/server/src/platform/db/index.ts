import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

/**
 * The better-sqlite3 handle behind a Kysely instance, for the telemetry store's prepared-statement
 * batch writes (design.md §3). Use it only inside `db.connection().execute(...)`, which holds
 * Kysely's connection lock, so it never interleaves with another transaction.
 */
const nativeHandles = new WeakMap<object, unknown>();
export function nativeSqlite(db: Kysely<Database>): import('better-sqlite3').Database | undefined {
  return nativeHandles.get(db) as import('better-sqlite3').Database | undefined;
}

export interface DbOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** PostgreSQL schema to use (tests isolate themselves in a schema of their own). */
  pgSchema?: string;
}

/** Opens the embedded SQLite file (default) or PostgreSQL when a URL is given. */
export async function openDb(opts: DbOptions): Promise<Db> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.pgSchema);
  return openSqlite(opts.dataDir);
}

async function openSqlite(dataDir: string): Promise<Db> {
  const { default: SQLite } = await import('better-sqlite3');
  fs.mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(path.join(dataDir, 'pdz.sqlite'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  nativeHandles.set(db, file);
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

async function openPostgres(url: string, schema?: string): Promise<Db> {
  const pg = await import('pg');
  // int8 (COUNT, bigint ms timestamps) and numeric as JS numbers: our values stay below 2^53.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  pg.default.types.setTypeParser(1700, (v: string) => Number(v));
  const pool = new pg.default.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  if (schema) {
    const client = await pool.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
    } finally {
      client.release();
    }
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

export { sql };
