import { useEffect } from 'react';
import { noConfirmCount } from '@/features/auth/api';
import { RequestError } from '@/api/request';
import { useSessionStore } from '@/stores/session';

export const NO_CONFIRM_REFRESH_MS = 60_000;

/**
 * Refreshes the bell's unconfirmed-message count every 60 s while enabled (desktop). A server
 * without the message endpoint (404) stops the polling so its error does not repeat every minute.
 */
export function useNoConfirmPolling(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      noConfirmCount()
        .then((n) => useSessionStore.getState().setNoConfirm(Number(n) || 0))
        .catch((e: unknown) => {
          if (e instanceof RequestError && e.status === 404) clearInterval(timer);
        });
    }, NO_CONFIRM_REFRESH_MS);
    return () => clearInterval(timer);
  }, [enabled]);
}
