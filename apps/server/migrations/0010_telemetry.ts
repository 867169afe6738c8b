import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';
import type { DialectName } from '../src/platform/db/index';
import { notNull } from './helpers';

/**
 * Telemetry (issue 4): raw history keyed (point, ts) so a resent sample is stored once, the
 * latest value per point, rollups per 15 minutes / day / month in the configured zone, and the
 * per-gateway ingest counters (unknown tags, rejected messages) that the gateway page shows.
 * No foreign keys on the hot tables: the write path must not pay for them, and history outlives
 * edits of the asset registry.
 */
export const m0010_telemetry: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    const s = db.schema;
    // On SQLite a clustered (point, ts) key makes range reads 3-5x faster (design.md §3).
    const clustered = <T extends string>(t: CreateTableBuilder<T, never>) => (dialect === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t);

    await clustered(
      s
        .createTable('tel_raw')
        .addColumn('point_id', 'integer', notNull)
        .addColumn('ts', 'bigint', notNull)
        .addColumn('value', 'double precision', notNull)
        .addColumn('quality', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('tel_raw_pk', ['point_id', 'ts']),
    ).execute();

    await s
      .createTable('tel_latest')
      .addColumn('point_id', 'integer', (c) => c.primaryKey())
      .addColumn('ts', 'bigint', notNull)
      .addColumn('value', 'double precision', notNull)
      .execute();

    for (const name of ['tel_15m', 'tel_day', 'tel_month']) await rollupTable(db, dialect, name);

    await s
      .createTable('tel_gateway_stat')
      .addColumn('gateway_id', 'integer', (c) => c.primaryKey())
      .addColumn('messages', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('records', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('samples', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('unknown_samples', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('rejected', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_message_at', 'bigint')
      .execute();

    await s
      .createTable('tel_unknown_tag')
      .addColumn('gateway_id', 'integer', notNull)
      .addColumn('raw_tag', 'varchar(128)', notNull)
      .addColumn('count', 'bigint', notNull)
      .addColumn('first_seen_at', 'bigint', notNull)
      .addColumn('last_seen_at', 'bigint', notNull)
      .addPrimaryKeyConstraint('tel_unknown_tag_pk', ['gateway_id', 'raw_tag'])
      .execute();

    await s
      .createTable('tel_reject')
      .addColumn('gateway_id', 'integer', notNull)
      .addColumn('reason', 'varchar(16)', notNull)
      .addColumn('count', 'bigint', notNull)
      .addColumn('last_at', 'bigint', notNull)
      .addColumn('last_detail', 'varchar(255)')
      .addPrimaryKeyConstraint('tel_reject_pk', ['gateway_id', 'reason'])
      .execute();
  },
};

/**
 * One rollup level. `bucket` is the bucket start (epoch ms); first/last are by sample time, so a
 * late sample merges correctly. `cons` (accumulators only) is the consumption attributed to the
 * bucket: each increment between two consecutive readings counts in the bucket of the earlier one.
 */
async function rollupTable(db: Kysely<unknown>, dialect: DialectName, name: string) {
  let t = db.schema
    .createTable(name)
    .addColumn('point_id', 'integer', notNull)
    .addColumn('bucket', 'bigint', notNull)
    .addColumn('min', 'double precision', notNull)
    .addColumn('max', 'double precision', notNull)
    .addColumn('sum', 'double precision', notNull)
    .addColumn('count', 'integer', notNull)
    .addColumn('first', 'double precision', notNull)
    .addColumn('first_ts', 'bigint', notNull)
    .addColumn('last', 'double precision', notNull)
    .addColumn('last_ts', 'bigint', notNull)
    .addColumn('cons', 'double precision')
    .addColumn('suspect', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint(`${name}_pk`, ['point_id', 'bucket']);
  if (dialect === 'sqlite') t = t.modifyEnd(sql`without rowid`);
  await t.execute();
}
