import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/platform/config';
import { buildApp, type BuiltApp } from '../../apps/server/src/app';
import type { BenchFleetOptions } from '../../apps/server/src/modules/assets/tree/tree.bench-data';
import { BENCH_PASSWORD } from './harness';

/** The asset benchmarks' fleet: 4 customers × 25 stations × 20 cabinets × 5 equipment × 20 points = 10,000 equipment, 200,000 points. */
export const ASSET_BENCH_FLEET: BenchFleetOptions = {
  prefix: 'BN',
  customers: 4,
  stationsPerCustomer: 25,
  baysPerStation: 2,
  cabinetsPerStation: 20,
  equipmentPerCabinet: 5,
  pointsPerEquipment: 20,
};

export type Backend = 'sqlite' | 'postgres';

export interface AssetBenchApp extends BuiltApp {
  dataDir: string;
  /** Closes the server; drops the PostgreSQL schema; removes the data folder unless asked to keep it. */
  dispose(keepDataDir?: boolean): Promise<void>;
}

/**
 * A fresh server on a temporary data folder: the embedded database (whatever DATABASE_URL says),
 * or a PostgreSQL schema of its own, so the shared test database is never filled with the fleet.
 * WEB_DIST empty: the API only.
 */
export async function assetBenchApp(backend: Backend): Promise<AssetBenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdz-bench-assets-'));
  const env = { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: BENCH_PASSWORD, WEB_DIST: '', DEMO: '0', DATABASE_URL: backend === 'postgres' ? process.env.DATABASE_URL : '' };
  const config = { ...loadConfig(env), logLevel: 'silent' };
  const pgSchema = backend === 'postgres' ? `bench_${crypto.randomBytes(5).toString('hex')}` : undefined;
  const built = await buildApp(config, { pgSchema, logger: false });
  return {
    ...built,
    dataDir,
    async dispose(keepDataDir = false) {
      await built.app.close();
      if (pgSchema) {
        const pg = await import('pg');
        const client = new pg.default.Client({ connectionString: config.databaseUrl! });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
        await client.end();
      }
      if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
