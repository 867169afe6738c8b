import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs`: the "3 分钟前" texts and running durations of the
 * lists age while the page is open.
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
