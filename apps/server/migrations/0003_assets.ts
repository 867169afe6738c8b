import type { Kysely } from 'kysely';
import type { AppMigration } from '../src/platform/db/migrate';
import { withId, notNull, flagOn, flagOff } from './helpers';

/**
 * The asset registry (issue 3): customer → station → bay / cabinet → equipment → measuring
 * point, with gateways, cameras, capacitors, equipment models and their standard point sets,
 * raw-tag rules and alarm rules. Codes are unique where the field needs them to be.
 */
export const m0003_assets: AppMigration = {
  async up(db: Kysely<unknown>, dialect) {
    const s = db.schema;

    await withId(s.createTable('asset_customer'), dialect)
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('dept_id', 'integer', (c) => c.references('sys_dept.id'))
      .addColumn('contact', 'varchar(32)')
      .addColumn('phone', 'varchar(20)')
      .addColumn('address', 'varchar(255)')
      .addColumn('logo', 'varchar(128)')
      .addColumn('min_logo', 'varchar(128)')
      .addColumn('remark', 'varchar(255)')
      .addColumn('enabled', 'integer', flagOn)
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await s.createIndex('asset_customer_dept').on('asset_customer').column('dept_id').execute();

    await withId(s.createTable('asset_station'), dialect)
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('asset_customer.id'))
      .addColumn('code', 'varchar(32)', notNull)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('station_type', 'varchar(32)', notNull)
      .addColumn('voltage_level', 'varchar(16)')
      .addColumn('capacity_kva', 'double precision')
      .addColumn('city', 'varchar(32)')
      .addColumn('address', 'varchar(255)')
      .addColumn('longitude', 'double precision')
      .addColumn('latitude', 'double precision')
      .addColumn('commission_date', 'varchar(10)')
      .addColumn('contact', 'varchar(32)')
      .addColumn('phone', 'varchar(20)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('running'))
      .addColumn('order_num', 'integer', flagOff)
      .addColumn('remark', 'varchar(255)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('asset_station_customer_code', ['customer_id', 'code'])
      .execute();

    await withId(s.createTable('asset_bay'), dialect)
      .addColumn('station_id', 'integer', (c) => c.notNull().references('asset_station.id'))
      .addColumn('code', 'varchar(32)', notNull)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('voltage_level', 'varchar(16)')
      .addColumn('order_num', 'integer', flagOff)
      .addColumn('remark', 'varchar(255)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('asset_bay_station_code', ['station_id', 'code'])
      .execute();

    await withId(s.createTable('asset_cabinet'), dialect)
      .addColumn('station_id', 'integer', (c) => c.notNull().references('asset_station.id'))
      .addColumn('bay_id', 'integer', (c) => c.references('asset_bay.id'))
      .addColumn('code', 'varchar(32)', notNull)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('cabinet_type', 'varchar(32)', notNull)
      .addColumn('voltage_level', 'varchar(16)')
      .addColumn('model', 'varchar(64)')
      .addColumn('manufacturer', 'varchar(100)')
      .addColumn('commission_date', 'varchar(10)')
      .addColumn('order_num', 'integer', flagOff)
      .addColumn('remark', 'varchar(255)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('asset_cabinet_station_code', ['station_id', 'code'])
      .execute();
    await s.createIndex('asset_cabinet_bay').on('asset_cabinet').column('bay_id').execute();

    await withId(s.createTable('asset_camera'), dialect)
      .addColumn('station_id', 'integer', (c) => c.notNull().references('asset_station.id'))
      .addColumn('cabinet_id', 'integer', (c) => c.references('asset_cabinet.id'))
      .addColumn('code', 'varchar(32)', notNull)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('stream_url', 'varchar(500)')
      .addColumn('brand', 'varchar(64)')
      .addColumn('ip', 'varchar(64)')
      .addColumn('order_num', 'integer', flagOff)
      .addColumn('remark', 'varchar(255)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('asset_camera_station_code', ['station_id', 'code'])
      .execute();

    // Gateway codes are globally unique: the MQTT topic gw/{code}/up and the HTTP ingest path name them.
    await withId(s.createTable('asset_gateway'), dialect)
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('asset_customer.id'))
      .addColumn('station_id', 'integer', (c) => c.notNull().references('asset_station.id'))
      .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('model', 'varchar(64)')
      .addColumn('manufacturer', 'varchar(100)')
      .addColumn('ip', 'varchar(64)')
      .addColumn('protocol', 'varchar(16)', (c) => c.notNull().defaultTo('mqtt'))
      .addColumn('secret_hash', 'varchar(255)', notNull)
      .addColumn('secret_rotated_at', 'bigint', notNull)
      .addColumn('report_interval_s', 'integer', (c) => c.notNull().defaultTo(60))
      .addColumn('online', 'integer', flagOff)
      .addColumn('last_seen_at', 'bigint')
      .addColumn('offline_since', 'bigint')
      .addColumn('remark', 'varchar(255)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await s.createIndex('asset_gateway_station').on('asset_gateway').column('station_id').execute();

    await withId(s.createTable('asset_equipment_model'), dialect)
      .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('equipment_type', 'varchar(32)', notNull)
      .addColumn('manufacturer', 'varchar(100)')
      .addColumn('description', 'varchar(500)')
      .addColumn('built_in', 'integer', flagOff)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();

    // kind: yc 遥测 analog, yx 遥信 status, ym 遥脉 accumulator, yk 遥控 control.
    await withId(s.createTable('asset_model_point'), dialect)
      .addColumn('model_id', 'integer', (c) => c.notNull().references('asset_equipment_model.id').onDelete('cascade'))
      .addColumn('point_key', 'varchar(32)', notNull)
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('kind', 'varchar(4)', notNull)
      .addColumn('unit', 'varchar(16)')
      .addColumn('precision', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('ratio', 'varchar(8)')
      .addColumn('is_tag', 'integer', flagOff)
      .addColumn('order_num', 'integer', flagOff)
      .addUniqueConstraint('asset_model_point_key', ['model_id', 'point_key'])
      .execute();

    await withId(s.createTable('asset_equipment'), dialect)
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('asset_customer.id'))
      .addColumn('station_id', 'integer', (c) => c.notNull().references('asset_station.id'))
      .addColumn('cabinet_id', 'integer', (c) => c.references('asset_cabinet.id'))
      .addColumn('gateway_id', 'integer', (c) => c.references('asset_gateway.id'))
      .addColumn('model_id', 'integer', (c) => c.notNull().references('asset_equipment_model.id'))
      .addColumn('code', 'varchar(64)', notNull)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('equipment_type', 'varchar(32)', notNull)
      .addColumn('comm_address', 'varchar(32)')
      .addColumn('ct_ratio', 'double precision', (c) => c.notNull().defaultTo(1))
      .addColumn('pt_ratio', 'double precision', (c) => c.notNull().defaultTo(1))
      .addColumn('values_are_primary', 'integer', flagOn)
      .addColumn('rated_kva', 'double precision')
      .addColumn('rated_current', 'double precision')
      .addColumn('manufacturer', 'varchar(100)')
      .addColumn('install_date', 'varchar(10)')
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('running'))
      .addColumn('online', 'integer', flagOff)
      .addColumn('last_seen_at', 'bigint')
      .addColumn('order_num', 'integer', flagOff)
      .addColumn('remark', 'varchar(255)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('asset_equipment_customer_code', ['customer_id', 'code'])
      .execute();
    await s.createIndex('asset_equipment_station').on('asset_equipment').column('station_id').execute();
    await s.createIndex('asset_equipment_cabinet').on('asset_equipment').column('cabinet_id').execute();
    await s.createIndex('asset_equipment_gateway').on('asset_equipment').column('gateway_id').execute();

    await withId(s.createTable('asset_point'), dialect)
      .addColumn('equipment_id', 'integer', (c) => c.notNull().references('asset_equipment.id'))
      .addColumn('model_point_id', 'integer', (c) => c.references('asset_model_point.id'))
      .addColumn('point_key', 'varchar(32)', notNull)
      .addColumn('name', 'varchar(64)', notNull)
      .addColumn('kind', 'varchar(4)', notNull)
      .addColumn('unit', 'varchar(16)')
      .addColumn('precision', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('ratio', 'varchar(8)')
      .addColumn('is_tag', 'integer', flagOff)
      .addColumn('order_num', 'integer', flagOff)
      .addColumn('enabled', 'integer', flagOn)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('asset_point_equipment_key', ['equipment_id', 'point_key'])
      .execute();

    // One rule per point: which raw tag of which gateway feeds it, and how to scale it.
    await withId(s.createTable('iot_raw_rule'), dialect)
      .addColumn('point_id', 'integer', (c) => c.notNull().unique().references('asset_point.id').onDelete('cascade'))
      .addColumn('gateway_id', 'integer', (c) => c.notNull().references('asset_gateway.id'))
      .addColumn('raw_tag', 'varchar(128)', notNull)
      .addColumn('scale', 'double precision', (c) => c.notNull().defaultTo(1))
      .addColumn('offset', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', flagOn)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('iot_raw_rule_gateway_tag', ['gateway_id', 'raw_tag'])
      .execute();

    await withId(s.createTable('asset_capacitor'), dialect)
      .addColumn('station_id', 'integer', (c) => c.notNull().references('asset_station.id'))
      .addColumn('cabinet_id', 'integer', (c) => c.references('asset_cabinet.id'))
      .addColumn('equipment_id', 'integer', (c) => c.references('asset_equipment.id'))
      .addColumn('code', 'varchar(32)', notNull)
      .addColumn('name', 'varchar(100)', notNull)
      .addColumn('capacity_kvar', 'double precision', notNull)
      .addColumn('steps', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('rated_voltage_kv', 'double precision', notNull)
      .addColumn('connection', 'varchar(16)', (c) => c.notNull().defaultTo('delta'))
      .addColumn('manufacturer', 'varchar(100)')
      .addColumn('install_date', 'varchar(10)')
      .addColumn('remark', 'varchar(255)')
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .addUniqueConstraint('asset_capacitor_station_code', ['station_id', 'code'])
      .execute();

    // rule_type: upper, lower, status (遥信 change to `status_value`), comm (communication loss).
    await withId(s.createTable('alarm_config'), dialect)
      .addColumn('equipment_id', 'integer', (c) => c.notNull().references('asset_equipment.id'))
      .addColumn('point_id', 'integer', (c) => c.references('asset_point.id').onDelete('cascade'))
      .addColumn('rule_type', 'varchar(16)', notNull)
      .addColumn('threshold', 'double precision')
      .addColumn('status_value', 'integer')
      .addColumn('deadband', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('delay_s', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('level', 'integer', notNull)
      .addColumn('channels', 'varchar(100)', (c) => c.notNull().defaultTo('site'))
      .addColumn('message', 'varchar(255)')
      .addColumn('enabled', 'integer', flagOn)
      .addColumn('created_at', 'bigint', notNull)
      .addColumn('updated_at', 'bigint', notNull)
      .execute();
    await s.createIndex('alarm_config_equipment').on('alarm_config').column('equipment_id').execute();
    await s.createIndex('alarm_config_point').on('alarm_config').column('point_id').execute();
  },
};
