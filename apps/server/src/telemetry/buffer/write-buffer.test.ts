import { describe, expect, it } from 'vitest';
import type { Sample } from '../types';
import { BufferFullError, WriteBuffer, sortUnique } from './write-buffer';

const s = (p: number, t: number, v = 0): Sample => ({ p, t, v, q: 0 });

describe('write buffer', () => {
  it('sorts by (point, ts) and keeps the first arrival of a key', () => {
    expect(sortUnique([s(2, 5, 1), s(1, 9), s(2, 1), s(2, 5, 2), s(1, 3)])).toEqual([s(1, 3), s(1, 9), s(2, 1), s(2, 5, 1)]);
  });

  it('settles an offer only after its batch is written, and batches by time', async () => {
    const written: [string, Sample[]][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const buf = new WriteBuffer({ maxSamples: 100, batchSamples: 50, flushMs: 20 }, async (batch, mode) => {
      await gate;
      written.push([mode, batch]);
      return batch;
    });
    let settled = false;
    const a = buf.tryOffer([s(2, 1), s(1, 1)]).then(() => (settled = true));
    const b = buf.tryOffer([s(1, 0)]);
    await new Promise((r) => setTimeout(r, 60));
    expect(settled).toBe(false);
    release();
    await Promise.all([a, b]);
    expect(written).toEqual([['now', [s(1, 0), s(1, 1), s(2, 1)]]]);
  });

  it('writes large batches in mode defer, and closes with an empty now write that finishes the history', async () => {
    const calls: [string, number[]][] = [];
    let release!: () => void;
    let gate = new Promise<void>((r) => (release = r));
    const buf = new WriteBuffer({ maxSamples: 100, batchSamples: 2, flushMs: 5, deferFrom: 2 }, async (batch, mode) => {
      calls.push([mode, batch.map((x) => x.t)]);
      await gate;
      return batch;
    });
    const first = buf.tryOffer([s(1, 1), s(1, 2)]);
    await new Promise((r) => setTimeout(r, 10));
    const second = buf.tryOffer([s(1, 3), s(1, 4)]);
    const open = release;
    gate = Promise.resolve();
    open();
    await Promise.all([first, second]);
    expect(calls).toEqual([
      ['defer', [1, 2]],
      ['defer', [3, 4]],
    ]);
    // A small batch is written whole; closing leaves nothing behind.
    await buf.tryOffer([s(1, 5)]);
    await new Promise((r) => setTimeout(r, 30));
    expect(calls.slice(2)).toEqual([['now', [5]]]);
    await buf.close();
    expect(calls.slice(3)).toEqual([['now', []]]);
  });

  it('writes samples that waited through a long write right after it, not flushMs later', async () => {
    const starts: number[] = [];
    const ends: number[] = [];
    const buf = new WriteBuffer({ maxSamples: 100, batchSamples: 50, flushMs: 40 }, async (batch) => {
      starts.push(performance.now());
      await new Promise((r) => setTimeout(r, 120));
      ends.push(performance.now());
      return batch;
    });
    const first = buf.tryOffer([s(1, 1)]);
    await new Promise((r) => setTimeout(r, 60)); // the first write is under way
    await Promise.all([first, buf.tryOffer([s(1, 2)])]);
    expect(starts).toHaveLength(2);
    // Due 40 ms after it came (during the write): written as soon as the write ends.
    expect(starts[1] - ends[0]).toBeLessThan(25);
  });

  it('refuses when full (tryOffer) and makes offer wait for room, losing nothing', async () => {
    const written: Sample[] = [];
    let release!: () => void;
    let gate = new Promise<void>((r) => (release = r));
    const buf = new WriteBuffer({ maxSamples: 4, batchSamples: 2, flushMs: 5 }, async (batch) => {
      await gate;
      written.push(...batch);
      return batch;
    });
    const first = buf.tryOffer([s(1, 1), s(1, 2), s(1, 3)]);
    expect(() => buf.tryOffer([s(1, 4), s(1, 5)])).toThrow(BufferFullError);
    let waited = false;
    const later = buf.offer([s(1, 4), s(1, 5)]).then(() => (waited = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(waited).toBe(false);
    expect(buf.size).toBe(3);
    const open = release;
    gate = Promise.resolve();
    open();
    await Promise.all([first, later]);
    expect(written.map((x) => x.t)).toEqual([1, 2, 3, 4, 5]);
  });

  it('rejects the offers of a batch that fails to commit, and goes on', async () => {
    let fail = true;
    const buf = new WriteBuffer({ maxSamples: 10, batchSamples: 10, flushMs: 1 }, async (batch) => {
      if (fail) throw new Error('disk full');
      return batch;
    });
    await expect(buf.tryOffer([s(1, 1)])).rejects.toThrow('disk full');
    fail = false;
    await expect(buf.tryOffer([s(1, 2)])).resolves.toBeUndefined();
    expect(buf.stats.failures).toBe(1);
    await buf.close();
    expect(() => buf.tryOffer([s(1, 3)])).toThrow();
  });
});
