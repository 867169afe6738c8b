import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce } from './debounce';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('debounce', () => {
  it('runs once, after the quiet period, with the last arguments', () => {
    const fn = vi.fn();
    const d = debounce(fn, 300);
    d(1);
    vi.advanceTimersByTime(200);
    d(2);
    vi.advanceTimersByTime(200);
    d(3);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith(3);
  });

  it('runs again for a later burst', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d('a');
    vi.advanceTimersByTime(100);
    d('b');
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls).toEqual([['a'], ['b']]);
  });

  it('cancel drops the pending call', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d();
    expect(d.pending).toBe(true);
    d.cancel();
    expect(d.pending).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    d('after');
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledWith('after');
  });

  it('flush runs the pending call at once, and only once', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d(7);
    d.flush();
    expect(fn).toHaveBeenCalledWith(7);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
    d.flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('immediate: the first call of a burst runs at once, the rest of the burst is dropped', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100, true);
    d(1);
    expect(fn).toHaveBeenCalledWith(1);
    d(2);
    d(3);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(1);
    d(4);
    expect(fn).toHaveBeenLastCalledWith(4);
    expect(fn).toHaveBeenCalledTimes(2);
  });
});
