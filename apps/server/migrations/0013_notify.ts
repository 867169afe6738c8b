import type { Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';
import { notNull, withId } from './helpers';

/**
 * Alarm notifications (issue 4): one row per delivery of one message on one channel to one
 * recipient. The row is also the durable queue: `pending` rows whose `next_at` has come are
 * (re)sent by whichever process holds the lease, so a restart or a crash loses nothing.
 * The channel settings themselves are one JSON row of sys_config ('alarm.notify').
 */
export const m0013_notify: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    await withId(db.schema.createTable('notify_delivery'), dialect)
      .addColumn('alarm_id', 'integer')
      .addColumn('channel', 'varchar(16)', notNull)
      .addColumn('recipient', 'varchar(1000)', notNull)
      // What to send (JSON): kept so a retry sends exactly the first attempt's message.
      .addColumn('payload', 'text', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'varchar(1000)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('sent_at', 'bigint')
      .addColumn('next_at', 'bigint')
      .addColumn('lease_owner', 'varchar(40)')
      .addColumn('lease_until', 'bigint')
      .execute();
    await db.schema.createIndex('notify_delivery_due').on('notify_delivery').columns(['status', 'next_at']).execute();
    await db.schema.createIndex('notify_delivery_alarm').on('notify_delivery').column('alarm_id').execute();
    await db.schema.createIndex('notify_delivery_created').on('notify_delivery').column('created_at').execute();
  },
};
