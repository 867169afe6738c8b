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
 * `now`: the batch goes into the history (raw, latest, rollups) in its commit; an empty batch
 * moves everything still waiting in the journal. `defer` (the buffer is under load): the embedded
 * store may append the batch to its ingest journal and move it into the history a few seconds
 * later. PostgreSQL writes the history at once in both modes.
 */
export type WriteMode = 'now' | 'defer';

export interface TelemetryStore {
  /**
   * Commits one batch, sorted by (point, ts) and without duplicate keys, durably. In the history:
   * raw rows (a key already stored is skipped), the latest value per point (only when newer), the
   * rollups of the new samples, and the consumption of accumulators. Resolves after the commit
   * with the samples that may be new: those that were new when written to the history, the whole
   * batch when it went to the journal (a resent sample is skipped when it is moved).
   */
  write(batch: Sample[], isAccumulator: (pointId: number) => boolean, mode?: WriteMode): Promise<Sample[]>;
  /** Samples acknowledged but not yet in the history tables (the embedded store's journal). */
  readonly backlog: number;
}

export type TelDb = Kysely<Database & TelemetryTables>;

/** The app's Kysely instance, typed with the telemetry tables too. */
export const telDb = (ctx: Pick<AppContext, 'db'>) => ctx.db as unknown as TelDb;

export function createStore(ctx: Pick<AppContext, 'db' | 'dialect' | 'config'>, buckets: Buckets, log?: (msg: string) => void): TelemetryStore {
  if (ctx.dialect === 'sqlite') {
    const native = nativeSqlite(ctx.db);
    if (!native) throw new Error('telemetry: SQLite handle not found');
    const cfg = ctx.config.telemetry;
    const store = new SqliteTelemetryStore(ctx.db, native, buckets, { moveEveryMs: cfg.journalMoveMs, maxSamples: cfg.journalMax }, (err) => log?.(`telemetry: moving the ingest journal failed (retried at the next move): ${String(err)}`));
    const r = store.recover();
    if (r.journal) log?.(`telemetry: moved ${r.journal} journal samples left by the last stop into the history`);
    if (r.buckets) log?.(`telemetry: rebuilt ${r.buckets} 15-minute buckets of ${r.points} points left unfinished by the last stop`);
    return store;
  }
  return new PgTelemetryStore(telDb(ctx), buckets);
}
