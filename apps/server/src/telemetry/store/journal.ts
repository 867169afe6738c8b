import type { Sample } from '../types';
import { sortUnique } from '../buffer/write-buffer';

/** One appended batch: its samples sorted by (point, ts), and the journal rows that hold them. */
export interface JournalBatch {
  samples: Sample[];
  /** Last rowid of the batch in tel_journal. */
  lastRowid: number;
  /** When it was appended (ms). */
  at: number;
}

/** A batch as the journal keeps it: (point, ts, value, quality) packed, 32 bytes a sample instead of an object's ~100. */
interface Packed {
  data: Float64Array;
  lastRowid: number;
  at: number;
}

const pack = (b: JournalBatch): Packed => {
  const data = new Float64Array(b.samples.length * 4);
  let i = 0;
  for (const s of b.samples) {
    data[i++] = s.p;
    data[i++] = s.t;
    data[i++] = s.v;
    data[i++] = s.q;
  }
  return { data, lastRowid: b.lastRowid, at: b.at };
};

const unpack = (data: Float64Array, from: number, to: number): Sample[] => {
  const out: Sample[] = new Array(to - from);
  for (let i = from; i < to; i++) out[i - from] = { p: data[i * 4], t: data[i * 4 + 1], v: data[i * 4 + 2], q: data[i * 4 + 3] };
  return out;
};

const lengthOf = (b: Packed) => b.data.length / 4;

/**
 * The samples appended to tel_journal and not yet moved into tel_raw and the rollups, kept in
 * memory in arrival order so a move never reads them back. A move takes everything appended so far
 * as a `MoveWindow`; later appends wait for the next move.
 */
export class Journal {
  private batches: Packed[] = [];
  private count = 0;

  get size() {
    return this.count;
  }

  /** When the oldest waiting batch was appended (ms), or null when nothing waits. */
  get oldestAt(): number | null {
    return this.batches.length ? this.batches[0].at : null;
  }

  add(batch: JournalBatch) {
    if (!batch.samples.length) return;
    this.batches.push(pack(batch));
    this.count += batch.samples.length;
  }

  /** Everything waiting, as one window to move; null when nothing waits. */
  take(): MoveWindow | null {
    if (!this.batches.length) return null;
    const w = new MoveWindow(this.batches);
    this.batches = [];
    this.count = 0;
    return w;
  }

  /** Puts a window back in front (its move failed part-way; chunks already moved are skipped). */
  restore(w: MoveWindow) {
    const rest = w.remaining();
    if (!rest.samples.length) return;
    this.batches.unshift(pack(rest));
    this.count += rest.samples.length;
  }
}

/**
 * Batches of the journal moved together, one point range at a time: many samples of each point
 * in one commit, so the clustered history table and the per-point rollup rows are written once per
 * point and chunk instead of once per point and batch (the point of the journal). Each batch is
 * sorted by point, so a chunk is a slice of each batch found by binary search.
 */
export class MoveWindow {
  /** Every journal row up to this one belongs to the window. */
  readonly upto: number;
  readonly size: number;
  private readonly batches: Packed[];
  private cursors: number[];
  private before: number[];

  constructor(batches: (Packed | JournalBatch)[]) {
    this.batches = batches.map((b) => ('data' in b ? b : pack(b)));
    this.upto = this.batches[this.batches.length - 1].lastRowid;
    this.size = this.batches.reduce((n, b) => n + lengthOf(b), 0);
    this.cursors = this.batches.map(() => 0);
    this.before = this.cursors;
  }

  get done() {
    return this.batches.every((b, i) => this.cursors[i] >= lengthOf(b));
  }

  /** The first point not yet moved (the progress a crash resumes from). */
  get nextPoint(): number {
    let p = Infinity;
    this.batches.forEach((b, i) => {
      if (this.cursors[i] < lengthOf(b)) p = Math.min(p, b.data[this.cursors[i] * 4]);
    });
    return p;
  }

  /**
   * The next point range of about `target` samples, sorted by (point, ts) with the first arrival
   * of a key kept; null when the window is done. Whole points only: a point's samples never
   * straddle two chunks.
   */
  next(target: number): Sample[] | null {
    if (this.done) return null;
    const end = this.boundary(target);
    this.before = this.cursors.slice();
    const parts: Sample[][] = [];
    this.batches.forEach((b, i) => {
      const from = this.cursors[i];
      const to = firstAtOrAbove(b.data, end, from);
      if (to > from) parts.push(unpack(b.data, from, to));
      this.cursors[i] = to;
    });
    return parts.length === 1 ? parts[0] : sortUnique(parts.flat());
  }

  /** Gives back the chunk last taken (its commit failed). */
  rewind() {
    this.cursors = this.before;
  }

  /** What is left, as one batch (for `Journal.restore`). */
  remaining(): JournalBatch {
    const parts = this.batches.map((b, i) => unpack(b.data, this.cursors[i], lengthOf(b)));
    return { samples: sortUnique(parts.flat()), lastRowid: this.upto, at: this.batches[0].at };
  }

  /**
   * The point just past the next chunk. Estimated from the batch with the most samples left:
   * batches carry about the same points, so its share of `target` ends near the same point.
   */
  private boundary(target: number): number {
    let big = -1;
    let left = 0;
    let total = 0;
    this.batches.forEach((b, i) => {
      const n = lengthOf(b) - this.cursors[i];
      total += n;
      if (n > left) {
        left = n;
        big = i;
      }
    });
    const b = this.batches[big];
    const from = this.cursors[big];
    const step = Math.max(1, Math.floor((target * left) / total));
    if (from + step >= lengthOf(b)) return Infinity;
    const at = b.data[(from + step) * 4];
    // At least one point moves: a boundary equal to the first point left would make an empty chunk.
    return at > this.nextPoint ? at : this.nextPoint + 1;
  }
}

/** Index of the first sample at or after `from` whose point is ≥ `p` (packed samples sorted by point). */
function firstAtOrAbove(data: Float64Array, p: number, from: number): number {
  let lo = from;
  let hi = data.length / 4;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (data[mid * 4] < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
