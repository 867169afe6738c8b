import type { Kysely } from 'kysely';
import type { AppContext } from '../../platform/context';
import type { Database } from '../../platform/db/schema';
import { nativeSqlite } from '../../platform/db/index';
import type { Sample } from '../types';
import type { Buckets } from '../rollup/buckets';
import type { TelemetryTables } from './schema';
import { SqliteTelemetryStore } from './sqlite-store';
import { PgTelemetryStore } from './pg-store';

/**
 * Where samples become durable. One implementation per database: this folder is the only place
 * with dialect-specific SQL for telemetry (design.md §5).
 */
export interface TelemetryStore {
  /**
   * Commits one batch, sorted by (point, ts) and without duplicate keys, in one transaction: raw
   * rows (a key already stored is skipped), the latest value per point (only when newer), the
   * rollups of the new samples, and the consumption of accumulators. Resolves after the commit
   * with the samples that were new.
   */
  write(batch: Sample[], isAccumulator: (pointId: number) => boolean): Promise<Sample[]>;
}

export type TelDb = Kysely<Database & TelemetryTables>;

/** The app's Kysely instance, typed with the telemetry tables too. */
export const telDb = (ctx: Pick<AppContext, 'db'>) => ctx.db as unknown as TelDb;

export function createStore(ctx: Pick<AppContext, 'db' | 'dialect'>, buckets: Buckets): TelemetryStore {
  if (ctx.dialect === 'sqlite') {
    const native = nativeSqlite(ctx.db);
    if (!native) throw new Error('telemetry: SQLite handle not found');
    return new SqliteTelemetryStore(ctx.db, native, buckets);
  }
  return new PgTelemetryStore(telDb(ctx), buckets);
}
