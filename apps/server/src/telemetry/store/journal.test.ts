import { describe, expect, it } from 'vitest';
import { sortUnique } from '../buffer/write-buffer';
import type { Sample } from '../types';
import { Journal } from './journal';

const batch = (points: number[], t: number, v = t): Sample[] => sortUnique(points.map((p) => ({ p, t, v, q: 0 })));

describe('Journal and its move windows', () => {
  it('hands every sample over once, in point ranges that never split a point, first arrival kept', () => {
    const j = new Journal();
    const points = Array.from({ length: 500 }, (_, i) => i * 3 + 1);
    j.add({ samples: batch(points, 1000), lastRowid: 500, at: 1 });
    j.add({ samples: batch(points.slice(0, 300), 2000), lastRowid: 800, at: 2 });
    j.add({ samples: batch([...points.slice(200), 1], 1000, -1), lastRowid: 1101, at: 3 }); // resent keys, other values
    expect(j.size).toBe(1101);
    expect(j.oldestAt).toBe(1);

    const w = j.take()!;
    expect([w.upto, w.size, j.size, j.oldestAt]).toEqual([1101, 1101, 0, null]);
    const chunks: Sample[][] = [];
    for (let c = w.next(100); c; c = w.next(100)) chunks.push(c);
    expect(chunks.length).toBeGreaterThan(5);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(200);
    const all = chunks.flat();
    expect(all).toEqual(sortUnique([...batch(points, 1000), ...batch(points.slice(0, 300), 2000)]));
    expect(all.every((s) => s.v !== -1)).toBe(true);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i][0].p).toBeGreaterThan(chunks[i - 1][chunks[i - 1].length - 1].p);
    expect(w.done).toBe(true);
  });

  it('gives a failed chunk back and puts the rest of the window in front of later batches', () => {
    const j = new Journal();
    j.add({ samples: batch([1, 2, 3, 4], 1000), lastRowid: 4, at: 1 });
    const w = j.take()!;
    expect(w.next(1)).toEqual(batch([1], 1000));
    expect(w.nextPoint).toBe(2);
    expect(w.next(1)).toEqual(batch([2], 1000));
    w.rewind(); // the commit of point 2 failed
    expect(w.nextPoint).toBe(2);
    j.add({ samples: batch([1, 2], 2000), lastRowid: 6, at: 5 });
    j.restore(w);
    expect(j.size).toBe(5);
    const again = j.take()!;
    expect(again.upto).toBe(6);
    const moved: Sample[] = [];
    for (let c = again.next(1000); c; c = again.next(1000)) moved.push(...c);
    expect(moved).toEqual(sortUnique([...batch([2, 3, 4], 1000), ...batch([1, 2], 2000)]));
  });
});
