import type { Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';
import { withId, notNull, flagOn, flagOff } from './helpers';

/** Users, roles, menus, departments, sessions, dictionaries, audit, SMS, files, messages, config. */
export const m0001_system: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    const s = db.schema;
    await withId(s.createTable('sys_dept'), dialect)
      .addColumn('parent_id', 'integer', notNull)
      .addColumn('ancestors', 'varchar(500)', notNull)
      .addColumn('dept_name', 'varchar(50)', notNull)
      .addColumn('order_num', 'integer', notNull)
      .addColumn('leader', 'varchar(32)')
      .addColumn('phone', 'varchar(20)')
      .addColumn('email', 'varchar(100)')
      .addColumn('enabled', 'integer', flagOn)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await s.createIndex('sys_dept_parent').on('sys_dept').column('parent_id').execute();

    await withId(s.createTable('sys_user'), dialect)
      .addColumn('user_name', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('nick_name', 'varchar(64)')
      .addColumn('password_hash', 'varchar(255)', notNull)
      .addColumn('dept_id', 'integer', (c) => c.references('sys_dept.id'))
      .addColumn('phone', 'varchar(20)')
      .addColumn('email', 'varchar(100)')
      .addColumn('avatar', 'varchar(255)')
      .addColumn('remark', 'varchar(255)')
      .addColumn('logo', 'varchar(255)')
      .addColumn('min_logo', 'varchar(255)')
      .addColumn('enabled', 'integer', flagOn)
      .addColumn('built_in', 'integer', flagOff)
      .addColumn('landing_path', 'varchar(255)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addColumn('last_login_at', 'bigint')
      .addColumn('last_login_ip', 'varchar(64)')
      .addColumn('created_by', 'integer')
      .execute();
    await s.createIndex('sys_user_phone').on('sys_user').column('phone').execute();
    await s.createIndex('sys_user_dept').on('sys_user').column('dept_id').execute();

    await withId(s.createTable('sys_role'), dialect)
      .addColumn('role_name', 'varchar(32)', notNull)
      .addColumn('role_key', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('order_num', 'integer', notNull)
      .addColumn('data_scope', 'varchar(16)', notNull)
      .addColumn('enabled', 'integer', flagOn)
      .addColumn('built_in', 'integer', flagOff)
      .addColumn('remark', 'varchar(255)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();

    await withId(s.createTable('sys_menu'), dialect)
      .addColumn('parent_id', 'integer', notNull)
      .addColumn('menu_name', 'varchar(50)', notNull)
      .addColumn('menu_type', 'varchar(1)', notNull)
      .addColumn('path', 'varchar(200)')
      .addColumn('component', 'varchar(255)')
      .addColumn('perms', 'varchar(100)')
      .addColumn('icon', 'varchar(100)')
      .addColumn('order_num', 'integer', notNull)
      .addColumn('hidden', 'integer', flagOff)
      .addColumn('affix', 'integer', flagOff)
      .addColumn('keep_alive', 'integer', flagOff)
      .addColumn('is_frame', 'integer', flagOff)
      .addColumn('menu_scope', 'varchar(32)', (c) => c.notNull().defaultTo('all'))
      .addColumn('enabled', 'integer', flagOn)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await s.createIndex('sys_menu_parent').on('sys_menu').column('parent_id').execute();

    const link = (table: string, a: [string, string], b: [string, string]) =>
      s
        .createTable(table)
        .addColumn(a[0], 'integer', (c) => c.notNull().references(a[1]).onDelete('cascade'))
        .addColumn(b[0], 'integer', (c) => c.notNull().references(b[1]).onDelete('cascade'))
        .addPrimaryKeyConstraint(`${table}_pk`, [a[0], b[0]] as never)
        .execute();
    await link('sys_user_role', ['user_id', 'sys_user.id'], ['role_id', 'sys_role.id']);
    await link('sys_role_menu', ['role_id', 'sys_role.id'], ['menu_id', 'sys_menu.id']);
    await link('sys_role_dept', ['role_id', 'sys_role.id'], ['dept_id', 'sys_dept.id']);

    await s
      .createTable('sys_session')
      .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('last_seen_at', 'bigint', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(255)')
      .addColumn('module', 'varchar(32)')
      .execute();
    await s.createIndex('sys_session_user').on('sys_session').column('user_id').execute();

    await withId(s.createTable('sys_login_failure'), dialect)
      .addColumn('user_name', 'varchar(64)', notNull)
      .addColumn('ip', 'varchar(64)')
      .addColumn('ts', 'bigint', notNull)
      .execute();
    await s.createIndex('sys_login_failure_user_ts').on('sys_login_failure').columns(['user_name', 'ts']).execute();
    await s
      .createTable('sys_login_lock')
      .addColumn('user_name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('locked_until', 'bigint', notNull)
      .execute();

    await withId(s.createTable('sys_dict_type'), dialect)
      .addColumn('dict_name', 'varchar(64)', notNull)
      .addColumn('dict_type', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('enabled', 'integer', flagOn)
      .addColumn('built_in', 'integer', flagOff)
      .addColumn('remark', 'varchar(255)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await withId(s.createTable('sys_dict_data'), dialect)
      .addColumn('dict_type', 'varchar(64)', notNull)
      .addColumn('dict_label', 'varchar(100)', notNull)
      .addColumn('dict_value', 'varchar(100)', notNull)
      .addColumn('dict_sort', 'integer', notNull)
      .addColumn('list_class', 'varchar(32)')
      .addColumn('is_default', 'integer', flagOff)
      .addColumn('enabled', 'integer', flagOn)
      .addColumn('remark', 'varchar(255)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('sys_dict_data_type_value', ['dict_type', 'dict_value'])
      .execute();

    await withId(s.createTable('sys_audit'), dialect)
      .addColumn('ts', 'bigint', notNull)
      .addColumn('user_id', 'integer')
      .addColumn('user_name', 'varchar(64)')
      .addColumn('category', 'varchar(32)', notNull)
      .addColumn('action', 'varchar(64)', notNull)
      .addColumn('target', 'varchar(255)')
      .addColumn('detail', 'text')
      .addColumn('ip', 'varchar(64)')
      .addColumn('ok', 'integer', flagOn)
      .execute();
    await s.createIndex('sys_audit_ts').on('sys_audit').column('ts').execute();
    await s.createIndex('sys_audit_category_ts').on('sys_audit').columns(['category', 'ts']).execute();

    await withId(s.createTable('sys_sms_outbox'), dialect)
      .addColumn('phone', 'varchar(20)', notNull)
      .addColumn('purpose', 'varchar(32)', notNull)
      .addColumn('content', 'varchar(500)', notNull)
      .addColumn('provider', 'varchar(32)', notNull)
      .addColumn('status', 'varchar(16)', notNull)
      .addColumn('error', 'varchar(255)')
      .addColumn('ip', 'varchar(64)')
      .addColumn('created_at', 'bigint', notNull)
      .execute();
    await s.createIndex('sys_sms_outbox_phone').on('sys_sms_outbox').columns(['phone', 'created_at']).execute();
    await s.createIndex('sys_sms_outbox_ip').on('sys_sms_outbox').columns(['ip', 'created_at']).execute();

    await withId(s.createTable('sys_sms_code'), dialect)
      .addColumn('phone', 'varchar(20)', notNull)
      .addColumn('purpose', 'varchar(32)', notNull)
      .addColumn('code_hash', 'varchar(64)', notNull)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('expires_at', 'bigint', notNull)
      .addColumn('used_at', 'bigint')
      .addColumn('attempts', 'integer', flagOff)
      .addColumn('ip', 'varchar(64)')
      .addColumn('ticket_hash', 'varchar(64)')
      .execute();
    await s.createIndex('sys_sms_code_phone').on('sys_sms_code').columns(['phone', 'purpose', 'created_at']).execute();

    await withId(s.createTable('sys_file'), dialect)
      .addColumn('stored_name', 'varchar(128)', (c) => c.notNull().unique())
      .addColumn('original_name', 'varchar(255)', notNull)
      .addColumn('mime', 'varchar(100)', notNull)
      .addColumn('size', 'bigint', notNull)
      .addColumn('kind', 'varchar(32)', notNull)
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', notNull)
      .execute();

    await withId(s.createTable('sys_message'), dialect)
      .addColumn('type', 'varchar(16)', notNull)
      .addColumn('level', 'integer', notNull)
      .addColumn('title', 'varchar(100)', notNull)
      .addColumn('content', 'text', notNull)
      .addColumn('source_key', 'varchar(128)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('created_by', 'integer')
      .execute();
    await s
      .createTable('sys_message_user')
      .addColumn('message_id', 'integer', (c) => c.notNull().references('sys_message.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('sys_user.id').onDelete('cascade'))
      .addColumn('read_at', 'bigint')
      .addColumn('confirmed_at', 'bigint')
      .addColumn('confirm_note', 'varchar(255)')
      .addPrimaryKeyConstraint('sys_message_user_pk', ['message_id', 'user_id'])
      .execute();
    await s.createIndex('sys_message_user_user').on('sys_message_user').columns(['user_id', 'confirmed_at']).execute();

    await s
      .createTable('sys_config')
      .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('value', 'text', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
  },
};
