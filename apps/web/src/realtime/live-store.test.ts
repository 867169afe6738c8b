import { describe, expect, it, vi } from 'vitest';
import { LiveStore } from './live-store';

describe('LiveStore', () => {
  it('tells only the listeners of a point that changed, and only for newer values', () => {
    const s = new LiveStore();
    const one = vi.fn();
    const two = vi.fn();
    s.subscribePoint(1, one);
    const off = s.subscribePoint(2, two);
    s.applyPoints([[1, 100, 5]]);
    expect(one).toHaveBeenCalledTimes(1);
    expect(two).not.toHaveBeenCalled();
    s.applyPoints([[1, 90, 4], [1, 100, 5]]); // late, then the same again
    expect(one).toHaveBeenCalledTimes(1);
    off();
    s.applyPoints([[2, 1, 1]]);
    expect(two).not.toHaveBeenCalled();
    expect(s.point(2)).toEqual({ ts: 1, value: 1 });
  });

  it('keeps a bounded series, seeded with the latest value, with a stable snapshot between changes', () => {
    const s = new LiveStore();
    s.applyPoints([[7, 1, 10]]);
    const fn = vi.fn();
    const off = s.subscribeSeries(7, 3, fn);
    expect(s.seriesSnapshot(7, 3)).toEqual([[1, 10]]);
    for (let i = 2; i <= 6; i++) s.applyPoints([[7, i, i * 10]]);
    const snap = s.seriesSnapshot(7, 3);
    expect(snap).toEqual([
      [4, 40],
      [5, 50],
      [6, 60],
    ]);
    expect(s.seriesSnapshot(7, 3)).toBe(snap);
    expect(s.seriesSnapshot(7, 2)).toEqual([
      [5, 50],
      [6, 60],
    ]);
    // a larger holder grows the buffer and keeps what is there
    const off2 = s.subscribeSeries(7, 5, () => undefined);
    s.applyPoints([[7, 7, 70]]);
    expect(s.seriesSnapshot(7, 5)).toEqual([
      [4, 40],
      [5, 50],
      [6, 60],
      [7, 70],
    ]);
    off();
    off2();
    expect(s.seriesSnapshot(7, 5)).toEqual([]);
  });

  it('keeps comm states moving forward only', () => {
    const s = new LiveStore();
    const fn = vi.fn();
    s.subscribeComm('gateway', 1, fn);
    s.applyStatus('gateway', [{ id: 1, online: true, at: 10 }]);
    s.applyStatus('gateway', [{ id: 1, online: false, at: 5 }]);
    expect(s.commState('gateway', 1)).toEqual({ online: true, at: 10 });
    expect(s.commState('equipment', 1)).toBeUndefined();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
