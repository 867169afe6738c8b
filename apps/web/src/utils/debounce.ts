export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops a pending call. */
  cancel(): void;
  /** Runs a pending call now (if any). */
  flush(): void;
  readonly pending: boolean;
}

/**
 * Calls `fn` once calls have stopped for `wait` ms, with the last arguments (trailing edge).
 * With `immediate`, the first call of a burst runs at once and the rest of the burst is dropped.
 */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, wait: number, immediate = false): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastArgs: A | undefined;

  const run = () => {
    const args = lastArgs;
    lastArgs = undefined;
    if (args) fn(...args);
  };

  const debounced = ((...args: A) => {
    const callNow = immediate && timer === undefined;
    if (timer !== undefined) clearTimeout(timer);
    // Leading mode never runs on the trailing edge; the timer only marks the burst.
    lastArgs = immediate ? undefined : args;
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, wait);
    if (callNow) fn(...args);
  }) as Debounced<A>;

  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    lastArgs = undefined;
  };
  debounced.flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    run();
  };
  Object.defineProperty(debounced, 'pending', { get: () => lastArgs !== undefined });
  return debounced;
}
