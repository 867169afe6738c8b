import type { Sample } from '../types';

export interface BufferOptions {
  /** Most samples held (waiting plus being written); beyond it producers are pushed back. */
  maxSamples: number;
  /** A batch this large is written at once. */
  batchSamples: number;
  /** Otherwise the oldest waiting sample is written after this many ms. */
  flushMs: number;
  /**
   * A batch this large is written in mode `defer` (the embedded store journals it, the history
   * follows within seconds): the load is high enough that writing the history in every commit
   * would cap the rate. Smaller batches are written in mode `now`; closing ends with an empty
   * `now` write, which finishes the history.
   */
  deferFrom?: number;
}

/**
 * Writes one sorted batch durably; resolves with the samples that may be new. `defer`: the history
 * (raw rows, rollups, latest values) may follow later; an empty batch with `now` writes it.
 */
export type BatchWriter = (batch: Sample[], mode: 'now' | 'defer') => Promise<Sample[]>;

export class BufferFullError extends Error {
  constructor() {
    super('写入缓冲已满，请稍后重试');
  }
}

export class BufferClosedError extends Error {
  constructor() {
    super('服务正在停止，请稍后重试');
  }
}

interface Batch {
  samples: Sample[];
  /** When its first sample arrived (ms): it is written at most `flushMs` after that. */
  since: number;
  done: Promise<void>;
  resolve(): void;
  reject(err: unknown): void;
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const done = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  done.catch(() => undefined); // a failure is reported to each offerer through `done`
  return { samples: [], since: 0, done, resolve, reject };
}

/**
 * The durable write buffer between ingest and the store. Producers add samples and get a promise
 * that settles when the batch holding them is committed: that is when a gateway may be
 * acknowledged. Batches are sorted by (point, ts), deduplicated (the first arrival of a key wins,
 * as in the database) and written one at a time off the request path, on size or after `flushMs`.
 *
 * Bounded: `tryOffer` refuses when the buffer is full (HTTP answers 503), `offer` waits for room
 * (MQTT acknowledges later, and aedes stops reading the socket meanwhile). Samples are dropped
 * only when their batch fails to commit, and then nobody was acknowledged for them.
 */
export class WriteBuffer {
  private current = newBatch();
  private writing = 0;
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timerDue = 0;
  private readonly waiters: { samples: Sample[]; resolve: () => void; reject: (e: unknown) => void }[] = [];
  private closed = false;
  /** Figures for the benchmark and the logs. */
  readonly stats = { batches: 0, samples: 0, stored: 0, failures: 0, lastBatchMs: 0, lastBatchSize: 0, sortMs: 0, writeMs: 0 };

  constructor(
    private readonly opts: BufferOptions,
    private readonly writer: BatchWriter,
    private readonly onCommitted: (inserted: Sample[]) => void = () => undefined,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  /** Samples held now (waiting plus being written). */
  get size() {
    return this.current.samples.length + this.writing;
  }

  private hasRoom(n: number) {
    // An empty buffer takes any message, however large, so nothing waits forever.
    return this.size === 0 || this.size + n <= this.opts.maxSamples;
  }

  /** Adds samples if there is room; throws BufferFullError otherwise. */
  tryOffer(samples: Sample[]): Promise<void> {
    if (this.closed) throw new BufferClosedError();
    if (this.waiters.length || !this.hasRoom(samples.length)) throw new BufferFullError();
    return this.add(samples);
  }

  /** Adds samples, first waiting (in arrival order) until there is room. */
  offer(samples: Sample[]): Promise<void> {
    if (this.closed) return Promise.reject(new BufferClosedError());
    if (!this.waiters.length && this.hasRoom(samples.length)) return this.add(samples);
    return new Promise<void>((resolve, reject) => this.waiters.push({ samples, resolve, reject }));
  }

  private add(samples: Sample[]): Promise<void> {
    const batch = this.current;
    if (!samples.length) return Promise.resolve();
    if (!batch.samples.length) batch.since = Date.now();
    for (const s of samples) batch.samples.push(s);
    if (batch.samples.length >= this.opts.batchSamples) this.kick(0);
    else if (!this.timer) this.kick(this.opts.flushMs);
    return batch.done;
  }

  private kick(delay: number) {
    const due = Date.now() + delay;
    // A write already due sooner stays as it is (rescheduling on every add would postpone it forever).
    if (this.timer && this.timerDue <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      // While a batch is being written the next one keeps growing; its end starts the next write.
      if (!this.flushing) void this.flush();
    }, delay);
  }

  /** Writes what is waiting now (after the batch being written, if any). */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing.then(() => (this.current.samples.length ? this.flush() : undefined));
    if (!this.current.samples.length) return Promise.resolve();
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.current;
    this.current = newBatch();
    this.writing = batch.samples.length;
    this.flushing = this.write(batch).finally(() => {
      this.writing = 0;
      this.flushing = null;
      this.release();
      // Samples that waited through this write are due flushMs after the first of them came, not after the write.
      const next = this.current;
      if (next.samples.length) this.kick(next.samples.length >= this.opts.batchSamples ? 0 : Math.max(0, next.since + this.opts.flushMs - Date.now()));
    });
    return this.flushing;
  }

  private async write(batch: Batch) {
    const started = performance.now();
    const sorted = sortUnique(batch.samples);
    this.stats.sortMs += performance.now() - started;
    try {
      // A batch that grew while the previous one was written goes in commits of at most twice the
      // batch size (a huge transaction outgrows the database page cache); its producers are
      // acknowledged once all of them are committed.
      const inserted: Sample[] = [];
      const most = Math.max(1, 2 * this.opts.batchSamples);
      const mode = sorted.length >= (this.opts.deferFrom ?? Infinity) ? 'defer' : 'now';
      for (let i = 0; i < sorted.length; i += most) {
        for (const s of await this.writer(i === 0 && sorted.length <= most ? sorted : sorted.slice(i, i + most), mode)) inserted.push(s);
      }
      this.stats.batches++;
      this.stats.samples += batch.samples.length;
      this.stats.stored += inserted.length;
      this.stats.lastBatchMs = performance.now() - started;
      this.stats.writeMs += this.stats.lastBatchMs;
      this.stats.lastBatchSize = batch.samples.length;
      batch.resolve();
      try {
        this.onCommitted(inserted);
      } catch (err) {
        this.onError(err);
      }
    } catch (err) {
      this.stats.failures++;
      this.onError(err);
      batch.reject(err);
    }
  }

  private async settle() {
    try {
      await this.writer([], 'now');
    } catch (err) {
      this.onError(err);
    }
  }

  /** Lets waiting producers in, oldest first, while there is room. */
  private release() {
    while (this.waiters.length && this.hasRoom(this.waiters[0].samples.length)) {
      const w = this.waiters.shift()!;
      this.add(w.samples).then(w.resolve, w.reject);
    }
  }

  /** Writes what is held, then the history the store left for later (the embedded store's journal). */
  async drain(): Promise<void> {
    await this.flush();
    await this.settle();
  }

  /** Stops taking samples, refuses waiting producers, and writes what is held. */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w.reject(new BufferClosedError());
    await this.drain();
  }
}

/**
 * Sorts by (point, ts) and keeps the first arrival of each key. Gateways send time-major (all
 * points of one instant, then the next), so samples are grouped by point first and each group,
 * usually already in time order, is sorted only when it is not: O(n) in the common case.
 */
export function sortUnique(samples: Sample[]): Sample[] {
  const groups = new Map<number, Sample[]>();
  for (const s of samples) {
    const g = groups.get(s.p);
    if (g) g.push(s);
    else groups.set(s.p, [s]);
  }
  const points = [...groups.keys()].sort((a, b) => a - b);
  const out: Sample[] = [];
  for (const p of points) {
    const g = groups.get(p)!;
    let ordered = true;
    for (let i = 1; i < g.length; i++) {
      if (g[i].t <= g[i - 1].t) {
        ordered = false;
        break;
      }
    }
    if (ordered) {
      for (const s of g) out.push(s);
      continue;
    }
    g.sort((a, b) => a.t - b.t); // stable: the first arrival of a key stays first
    for (let i = 0; i < g.length; i++) if (i === 0 || g[i].t !== g[i - 1].t) out.push(g[i]);
  }
  return out;
}
