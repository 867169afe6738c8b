import { sql, type Kysely } from 'kysely';
import { nativeSqlite } from '../../apps/server/src/platform/db/index';
import type { Database } from '../../apps/server/src/platform/db/schema';
import type { Sample } from '../../apps/server/src/telemetry/types';

/**
 * The ingest benchmarks' baseline (ingest.bench.ts, live.bench.ts): a plain batched insert of
 * samples into a bare table of tel_raw's shape on the same database, so every ingest figure is a
 * ratio against what this database can take on this machine in the same run.
 */
export async function createRawTable(db: Kysely<Database>, dialect: string) {
  await sql`CREATE TABLE bench_raw (point_id integer NOT NULL, ts bigint NOT NULL, value double precision NOT NULL, quality integer NOT NULL, PRIMARY KEY (point_id, ts)) ${sql.raw(dialect === 'sqlite' ? 'WITHOUT ROWID' : '')}`.execute(db);
}

/** One committed batch: a prepared statement in a durable transaction (SQLite), one unnest INSERT (PostgreSQL). */
export async function plainInsert(ctx: { db: Kysely<Database>; dialect: string }, rows: Sample[]) {
  const db = ctx.db;
  if (ctx.dialect === 'sqlite') {
    const native = nativeSqlite(db)!;
    await db.connection().execute(async () => {
      const st = native.prepare('INSERT INTO bench_raw (point_id, ts, value, quality) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
      native.pragma('synchronous = FULL');
      native.transaction(() => {
        for (const s of rows) st.run(s.p, s.t, s.v, s.q);
      })();
      native.pragma('synchronous = NORMAL');
    });
    return;
  }
  await sql`INSERT INTO bench_raw SELECT * FROM unnest(${rows.map((s) => s.p)}::int[], ${rows.map((s) => s.t)}::bigint[], ${rows.map((s) => s.v)}::float8[], ${rows.map((s) => s.q)}::int[]) ON CONFLICT DO NOTHING`.execute(db);
}

export const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
