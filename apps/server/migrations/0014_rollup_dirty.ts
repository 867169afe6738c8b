import type { Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';

/**
 * 15-minute buckets whose rollups may lag their raw samples: under load the embedded store writes
 * rollups and latest values a few seconds after the raw samples' commit, and marks the buckets in
 * that same commit. A start after a crash rebuilds the marked buckets from raw (telemetry/store).
 */
export const m0014_rollup_dirty: AppMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('tel_rollup_dirty')
      .addColumn('bucket', 'bigint', (c) => c.primaryKey())
      .execute();
  },
};
