import { sql, type Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';
import { notNull } from './helpers';

/**
 * The embedded store's ingest journal (telemetry README, "Ingest journal"): under load an
 * acknowledged batch is appended here, a rowid table written at its end, and moved into tel_raw and
 * the rollups a few seconds later, one point range per commit; tel_journal_move records how far a
 * move got, so a crash resumes it. PostgreSQL writes the history directly and has no journal.
 * tel_rollup_dirty (0014) is kept: a start still rebuilds marks left by the version before this.
 */
export const m0015_ingest_journal: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    if (dialect !== 'sqlite') return;
    await db.schema
      .createTable('tel_journal')
      .addColumn('point_id', 'integer', notNull)
      .addColumn('ts', 'bigint', notNull)
      .addColumn('value', 'double precision', notNull)
      .addColumn('quality', 'integer', notNull)
      .execute();
    await db.schema
      .createTable('tel_journal_move')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('upto', 'bigint', notNull)
      .addColumn('next_point', 'integer', notNull)
      .execute();
  },
};
