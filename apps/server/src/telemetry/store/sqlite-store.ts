import type { Database as Native, Transaction } from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Sample } from '../types';
import type { Buckets } from '../rollup/buckets';
import { SqliteHistory, meterPoints } from './sqlite-history';
import type { TelemetryStore, WriteMode } from './store';
import { Journal, MoveWindow } from './journal';
import { readJournal } from './sqlite-journal-read';
import { recoverDirtyBuckets } from './sqlite-recovery';

export interface JournalOptions {
  /** Under load, acknowledged samples wait in the journal at most about this long before they are moved into the history tables. */
  moveEveryMs: number;
  /** Beyond this many samples waiting, a commit waits for the move in progress (ingest is pushed back). */
  maxSamples: number;
  /** Samples per move commit (a point range): small enough that the event loop is never held long. */
  chunkSamples: number;
}

const DEFAULT_JOURNAL: JournalOptions = { moveEveryMs: 2000, maxSamples: 2_000_000, chunkSamples: 4000 };

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * SQLite: prepared single-row statements (sqlite-history.ts) inside one transaction, run
 * synchronously while holding Kysely's connection lock. Commits that acknowledge samples are
 * synced to disk (synchronous=FULL for these transactions only): an acknowledged sample survives
 * a power cut, not just a crash.
 *
 * Two ways in (telemetry README, "Ingest journal"):
 * - direct (`now`, nothing waiting in the journal): raw rows, latest values and rollups in one
 *   durable commit, so at low load an acknowledged sample is in the history at once;
 * - journal (`defer`, the buffer is under load): the batch is appended to tel_journal, a rowid
 *   table written at its end, which costs a few pages per commit where the clustered tel_raw costs
 *   a page per point. Every `moveEveryMs` (and when the buffer is quiet) the waiting samples move
 *   into tel_raw and the rollups, one point range per commit, each commit also recording how far
 *   it got (tel_journal_move), so a crash resumes the move at the next start without counting a
 *   sample twice.
 */
export class SqliteTelemetryStore implements TelemetryStore {
  private readonly history: SqliteHistory;
  private readonly direct: Transaction<(batch: Sample[], isAcc: (p: number) => boolean) => Sample[]>;
  private readonly append: Transaction<(batch: Sample[]) => number>;
  private readonly moveChunk: Transaction<(chunk: Sample[], w: MoveWindow) => void>;
  private readonly journal = new Journal();
  private moving: Promise<void> | null = null;
  private moveTimer: NodeJS.Timeout | null = null;
  private failedAt = 0;
  private inWindow = 0;
  private isAcc: (p: number) => boolean = () => false;
  private readonly opts: JournalOptions;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly native: Native,
    private readonly buckets: Buckets,
    opts: Partial<JournalOptions> = {},
    private readonly onMoveError: (err: unknown) => void = () => undefined,
  ) {
    this.opts = { ...DEFAULT_JOURNAL, ...opts };
    const n = native;
    const history = (this.history = new SqliteHistory(n, buckets));
    this.direct = n.transaction((batch: Sample[], isAcc: (p: number) => boolean) => history.write(batch, isAcc));
    const journal = n.prepare('INSERT INTO tel_journal (point_id, ts, value, quality) VALUES (?, ?, ?, ?)');
    this.append = n.transaction((batch: Sample[]) => {
      let last = 0;
      for (const s of batch) last = Number(journal.run(s.p, s.t, s.v, s.q).lastInsertRowid);
      return last;
    });
    const progress = n.prepare('INSERT OR REPLACE INTO tel_journal_move (id, upto, next_point) VALUES (1, ?, ?)');
    const moved = n.prepare('DELETE FROM tel_journal WHERE rowid <= ?');
    const finished = n.prepare('DELETE FROM tel_journal_move');
    this.moveChunk = n.transaction((chunk: Sample[], w: MoveWindow) => {
      history.write(chunk, this.isAcc);
      if (w.done) {
        moved.run(w.upto);
        finished.run();
      } else progress.run(w.upto, w.nextPoint);
    });
  }

  /** Samples acknowledged but not yet in the history tables. */
  get backlog() {
    return this.journal.size + this.inWindow;
  }

  /**
   * Run once at start, before the first write: finishes what the last run left in the journal,
   * and rebuilds 15-minute buckets marked by an earlier version's deferred rollups.
   */
  recover(): { journal: number; buckets: number; points: number } {
    this.isAcc = meterPoints(this.native);
    const old = recoverDirtyBuckets(this.native, this.buckets, (late) => this.history.recomputeConsumption(late));
    let moved = 0;
    for (const batch of readJournal(this.native)) {
      const w = new MoveWindow([batch]);
      for (let chunk = w.next(this.opts.chunkSamples); chunk; chunk = w.next(this.opts.chunkSamples)) this.moveChunk(chunk, w);
      moved += w.size;
    }
    return { journal: moved, ...old };
  }

  async write(batch: Sample[], isAccumulator: (p: number) => boolean, mode: WriteMode = 'now'): Promise<Sample[]> {
    this.isAcc = isAccumulator;
    if (!batch.length) {
      if (mode === 'now') await this.drain();
      return [];
    }
    // Straight into the history only when nothing older waits, so each point's samples arrive in order.
    if (mode === 'now' && !this.moving && !this.journal.size) return this.locked(() => this.direct(batch, isAccumulator));
    const lastRowid = await this.locked(() => this.append(batch));
    this.journal.add({ samples: batch, lastRowid, at: Date.now() });
    if (mode === 'now') void this.startMove();
    else this.scheduleMove();
    // Pushback: the batch is durable either way; a failed move was reported where it started.
    if (this.backlog > this.opts.maxSamples) await this.moving?.catch(() => undefined);
    return batch;
  }

  /** Moves everything waiting in the journal (the buffer is quiet, or the server stops); throws if a move fails. */
  async drain(): Promise<void> {
    while (this.moving || this.journal.size) await (this.moving ?? this.startMove());
  }

  /** The next move starts `moveEveryMs` after the oldest waiting batch came (or after the move in progress, or a failed one). */
  private scheduleMove() {
    const oldest = this.journal.oldestAt;
    if (this.moving || this.moveTimer || oldest === null) return;
    const due = Math.max(oldest, this.failedAt) + this.opts.moveEveryMs;
    this.moveTimer = setTimeout(() => void this.startMove()?.catch(() => undefined), Math.max(0, due - Date.now()));
    this.moveTimer.unref();
  }

  /** Starts moving what waits now, unless a move runs; resolves when that move ends. */
  private startMove(): Promise<void> | null {
    if (this.moving) return this.moving;
    if (this.moveTimer) clearTimeout(this.moveTimer);
    this.moveTimer = null;
    const w = this.journal.take();
    if (!w) return null;
    this.inWindow = w.size;
    const run = this.moveWindow(w).finally(() => {
      this.moving = null;
      this.inWindow = 0;
      this.scheduleMove();
    });
    run.catch((err) => this.onMoveError(err));
    this.moving = run;
    return run;
  }

  /** One window, a chunk per commit, letting the event loop (and the next append) run between them. */
  private async moveWindow(w: MoveWindow) {
    try {
      for (let chunk = w.next(this.opts.chunkSamples); chunk; chunk = w.next(this.opts.chunkSamples)) {
        const c = chunk;
        await this.locked(() => this.moveChunk(c, w), false);
        this.inWindow -= c.length;
        await nextTurn();
      }
    } catch (err) {
      this.failedAt = Date.now();
      w.rewind();
      this.journal.restore(w);
      throw err;
    }
  }

  private locked<T>(commit: () => T, durable = true): Promise<T> {
    return this.db.connection().execute(async () => {
      if (durable) this.native.pragma('synchronous = FULL');
      try {
        return commit();
      } finally {
        if (durable) this.native.pragma('synchronous = NORMAL');
      }
    });
  }
}
