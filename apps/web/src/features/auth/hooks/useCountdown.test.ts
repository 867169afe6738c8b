import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { codeButtonText, RESEND_SECONDS, useCountdown } from './useCountdown';

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 60 s down to zero, one second at a time, then is idle again', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current.remaining).toBe(0);
    expect(result.current.running).toBe(false);

    act(() => result.current.start());
    expect(result.current.remaining).toBe(RESEND_SECONDS);
    expect(result.current.running).toBe(true);

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(59);
    expect(codeButtonText(result.current.remaining)).toBe('重新获取(59s)');

    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current.remaining).toBe(1);

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(0);
    expect(result.current.running).toBe(false);
    expect(codeButtonText(result.current.remaining)).toBe('获取验证码');
  });

  it('follows the wait the server asks for, and reset stops it', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(5));
    expect(result.current.remaining).toBe(5);
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.remaining).toBe(3);
    act(() => result.current.reset());
    expect(result.current.remaining).toBe(0);
  });

  it('keeps time by the clock: a throttled timer still ends on schedule', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    // Jump the clock without firing the intermediate ticks, as a background tab would.
    act(() => {
      vi.setSystemTime(Date.now() + 45_000);
      vi.advanceTimersByTime(1000);
    });
    expect(result.current.remaining).toBe(14);
  });
});
