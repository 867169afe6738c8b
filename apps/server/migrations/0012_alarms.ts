import { sql, type Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';
import { notNull, withId } from './helpers';

/**
 * Alarm events (issue 4): one row per raised alarm with everything the lists need denormalised
 * (customer, station, equipment, point ids; names are joined at read), its confirmation and
 * recovery. `closed` (confirmed and recovered) is kept in the row so the active list is one index
 * range. `alarm_pending` keeps delays that have started, so a restart does not forget them;
 * `alarm_pref` holds each user's alarm preferences.
 */
export const m0012_alarms: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    const s = db.schema;
    await withId(s.createTable('alarm_event'), dialect)
      .addColumn('customer_id', 'integer', notNull)
      .addColumn('station_id', 'integer', notNull)
      .addColumn('equipment_id', 'integer', notNull)
      .addColumn('point_id', 'integer')
      // No foreign key: rules are replaced on every save and history outlives asset edits.
      .addColumn('rule_id', 'integer')
      .addColumn('rule_type', 'varchar(16)', notNull)
      .addColumn('level', 'integer', notNull)
      .addColumn('title', 'varchar(255)', notNull)
      .addColumn('value', 'double precision')
      .addColumn('threshold', 'double precision')
      .addColumn('raised_at', 'bigint', notNull)
      .addColumn('confirmed_at', 'bigint')
      .addColumn('confirmed_by', 'varchar(64)')
      .addColumn('confirmed_by_id', 'integer')
      .addColumn('confirm_note', 'varchar(255)')
      .addColumn('recovered_at', 'bigint')
      .addColumn('recovered_value', 'double precision')
      .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('message_id', 'integer')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await s.createIndex('alarm_event_active').on('alarm_event').columns(['closed', 'raised_at']).execute();
    await s.createIndex('alarm_event_raised').on('alarm_event').column('raised_at').execute();
    await s.createIndex('alarm_event_customer').on('alarm_event').columns(['customer_id', 'raised_at']).execute();
    await s.createIndex('alarm_event_station').on('alarm_event').columns(['station_id', 'raised_at']).execute();
    await s.createIndex('alarm_event_equipment').on('alarm_event').columns(['equipment_id', 'raised_at']).execute();
    // The engine reloads the open ones (not recovered) at start.
    await s.createIndex('alarm_event_open').on('alarm_event').column('rule_id').where(sql.ref('recovered_at'), 'is', null).execute();

    await s
      .createTable('alarm_pending')
      .addColumn('rule_id', 'integer', (c) => c.primaryKey())
      .addColumn('since', 'bigint', notNull)
      .addColumn('value', 'double precision')
      .execute();

    await s
      .createTable('alarm_pref')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('sys_user.id').onDelete('cascade'))
      .addColumn('sound_muted', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
  },
};
