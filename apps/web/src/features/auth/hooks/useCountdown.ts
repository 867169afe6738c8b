import { useCallback, useEffect, useState } from 'react';

/** Resend wait after sending a code (the server answers with the same figure). */
export const RESEND_SECONDS = 60;

/**
 * A seconds countdown for "获取验证码". It counts against a deadline rather than ticks, so a
 * throttled background tab still ends on time.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!deadline) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) {
        setDeadline(0);
        clearInterval(timer);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number = RESEND_SECONDS) => {
    const t = Date.now();
    setNow(t);
    setDeadline(t + seconds * 1000);
  }, []);
  const reset = useCallback(() => setDeadline(0), []);

  const remaining = deadline ? Math.max(0, Math.ceil((deadline - now) / 1000)) : 0;
  return { remaining, running: remaining > 0, start, reset };
}

/** Label of the send button: 获取验证码, or 重新获取(59s) while waiting. */
export const codeButtonText = (remaining: number) => (remaining > 0 ? `重新获取(${remaining}s)` : '获取验证码');
