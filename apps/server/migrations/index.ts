import type { AppMigration } from '../src/platform/db/migrate';
import { m0001_system } from './0001_system';
import { m0002_system_seed } from './0002_system_seed';
import { m0003_assets } from './0003_assets';
import { m0004_asset_menus } from './0004_asset_menus';
import { m0005_equipment_models } from './0005_equipment_models';
import { m0010_telemetry } from './0010_telemetry';
import { m0011_monitor_menus } from './0011_monitor_menus';
import { m0012_alarms } from './0012_alarms';
import { m0013_notify } from './0013_notify';
import { m0014_rollup_dirty } from './0014_rollup_dirty';
import { m0015_ingest_journal } from './0015_ingest_journal';
import { m0016_weak_network } from './0016_weak_network';

/** Ordered by name; never edit a migration that has shipped, add a new one. */
export const migrations: Record<string, AppMigration> = {
  '0001_system': m0001_system,
  '0002_system_seed': m0002_system_seed,
  '0003_assets': m0003_assets,
  '0004_asset_menus': m0004_asset_menus,
  '0005_equipment_models': m0005_equipment_models,
  '0010_telemetry': m0010_telemetry,
  '0011_monitor_menus': m0011_monitor_menus,
  '0012_alarms': m0012_alarms,
  '0013_notify': m0013_notify,
  '0014_rollup_dirty': m0014_rollup_dirty,
  '0015_ingest_journal': m0015_ingest_journal,
  '0016_weak_network': m0016_weak_network,
};
