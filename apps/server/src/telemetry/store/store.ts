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
/**
 * `now`: the batch's rollups and latest values, and any left pending, are written in its commit.
 * `defer` (the buffer has more waiting): they may be written in a later commit, at most the
 * configured delay later; the embedded store uses it, PostgreSQL writes everything at once.
 */
export type WriteMode = 'now' | 'defer';

export interface TelemetryStore {
  /**
   * Commits one batch, sorted by (point, ts) and without duplicate keys, in one transaction: raw
   * rows (a key already stored is skipped), the latest value per point (only when newer), the
   * rollups of the new samples, and the consumption of accumulators. Resolves after the commit
   * with the samples that were new. An empty batch in mode `now` writes what is pending.
   */
  write(batch: Sample[], isAccumulator: (pointId: number) => boolean, mode?: WriteMode): Promise<Sample[]>;
}

export type TelDb = Kysely<Database & TelemetryTables>;

/** The app's Kysely instance, typed with the telemetry tables too. */
export const telDb = (ctx: Pick<AppContext, 'db'>) => ctx.db as unknown as TelDb;

export function createStore(ctx: Pick<AppContext, 'db' | 'dialect' | 'config'>, buckets: Buckets, log?: (msg: string) => void): TelemetryStore {
  if (ctx.dialect === 'sqlite') {
    const native = nativeSqlite(ctx.db);
    if (!native) throw new Error('telemetry: SQLite handle not found');
    const store = new SqliteTelemetryStore(ctx.db, native, buckets, ctx.config.telemetry.rollupDelayMs);
    const r = store.recover();
    if (r.buckets) log?.(`telemetry: rebuilt ${r.buckets} 15-minute buckets of ${r.points} points left unfinished by the last stop`);
    return store;
  }
  return new PgTelemetryStore(telDb(ctx), buckets);
}
