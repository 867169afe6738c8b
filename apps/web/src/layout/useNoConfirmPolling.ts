import { useEffect } from 'react';
import { noConfirmCount } from '@/features/auth/api';
import { RequestError } from '@/api/request';
import { useSessionStore } from '@/stores/session';
import { realtime } from '@/realtime';

export const NO_CONFIRM_REFRESH_MS = 60_000;
/** While the live connection is up it pushes the count ('messages' frames): poll only this often. */
export const NO_CONFIRM_FALLBACK_MS = 5 * 60_000;

/**
 * Refreshes the bell's unconfirmed-message count every 60 s while enabled (desktop) and the live
 * connection is down; while it is up, the websocket pushes the count and this is only a slow
 * fallback. A server without the message endpoint (404) stops the polling so its error does not
 * repeat every minute.
 */
export function useNoConfirmPolling(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let last = Date.now();
    const timer = setInterval(() => {
      if (realtime().state === 'open' && Date.now() - last < NO_CONFIRM_FALLBACK_MS - 1000) return;
      last = Date.now();
      noConfirmCount()
        .then((n) => useSessionStore.getState().setNoConfirm(Number(n) || 0))
        .catch((e: unknown) => {
          if (e instanceof RequestError && e.status === 404) clearInterval(timer);
        });
    }, NO_CONFIRM_REFRESH_MS);
    return () => clearInterval(timer);
  }, [enabled]);
}
