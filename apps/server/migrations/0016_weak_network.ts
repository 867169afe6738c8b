import type { Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';
import type { Database } from '../src/platform/db/schema';
import { notNull } from './helpers';
import { insertMenus } from './seed-tools';

/**
 * 通信管理 › 弱网优化 (menus.md): per-gateway upload settings that the gateway reads
 * (tel_gateway_link; a gateway without a row uses the defaults), and link-quality figures kept with
 * the ingest counters (delay of live messages, replayed backlogs, disconnections). The page goes
 * to the roles that see 网关状态; changing settings (the 修改 button) stays with administrators.
 */
export const m0016_weak_network: AppMigration = {
  async up(raw) {
    const db = raw as Kysely<Database>;
    await db.schema
      .createTable('tel_gateway_link')
      .addColumn('gateway_id', 'integer', (c) => c.primaryKey())
      .addColumn('batch_interval_s', 'integer', notNull)
      .addColumn('deadband_pct', 'double precision', notNull)
      .addColumn('full_report_s', 'integer', notNull)
      .addColumn('replay_max_records', 'integer', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addColumn('updated_by', 'varchar(64)')
      .execute();
    const stat = () => db.schema.alterTable('tel_gateway_stat');
    await stat().addColumn('delay_ms', 'double precision').execute();
    await stat().addColumn('backlog_records', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    await stat().addColumn('last_backlog_at', 'bigint').execute();
    await stat().addColumn('last_backlog_records', 'integer').execute();
    await stat().addColumn('max_backlog_age_ms', 'bigint').execute();
    await stat().addColumn('offline_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await stat().addColumn('last_offline_at', 'bigint').execute();

    const comm = await db.selectFrom('sys_menu').select('id').where('path', '=', '/comm').where('parent_id', '=', 0).executeTakeFirst();
    if (!comm) return;
    await insertMenus(
      db,
      [{ name: '弱网优化', type: 'C', path: 'weak-network', component: 'comm/weak-network', icon: 'signal', perms: 'telemetry:gateway:stats', children: [{ name: '修改', type: 'F', perms: 'telemetry:gateway:link' }] }],
      comm.id,
      'monitor',
    );
    const page = await db.selectFrom('sys_menu').select('id').where('parent_id', '=', comm.id).where('path', '=', 'weak-network').executeTakeFirstOrThrow();
    await db.updateTable('sys_menu').set({ order_num: 2 }).where('id', '=', page.id).execute();
    const roles = await db
      .selectFrom('sys_role_menu as rm')
      .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
      .select('rm.role_id')
      .distinct()
      .where('m.parent_id', '=', comm.id)
      .where('m.perms', '=', 'telemetry:gateway:stats')
      .execute();
    if (roles.length) await db.insertInto('sys_role_menu').values(roles.map((r) => ({ role_id: r.role_id, menu_id: page.id }))).execute();
  },
};
