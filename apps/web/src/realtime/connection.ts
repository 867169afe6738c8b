import { WS_PATH } from '@pdz/contracts';
import { onUnauthorized } from '@/api/request';
import { useSessionStore } from '@/stores/session';
import { getToken } from '@/utils/auth';
import { RealtimeClient, type SocketLike } from './client';

/** `ws(s)://<API base or this page's host>/ws?token=…` */
export function socketUrl(token: string, base = import.meta.env.VITE_APP_BASE_API ?? '', loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const query = `${WS_PATH}?token=${encodeURIComponent(token)}`;
  if (/^https?:\/\//i.test(base)) return base.replace(/^http/i, 'ws').replace(/\/$/, '') + query;
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${base.replace(/\/$/, '')}${query}`;
}

let client: RealtimeClient | null = null;

/** The console's one realtime client, created on first use; follows sign-in and sign-out. */
export function realtime(): RealtimeClient {
  if (client) return client;
  const c = new RealtimeClient({
    url: (token) => socketUrl(token),
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    // The cookie, as the HTTP client reads it (a sign-out removes it before anything else).
    getToken: () => getToken(),
    onUnauthorized: () => void onUnauthorized(),
    onNoConfirm: (n) => useSessionStore.getState().setNoConfirm(n),
  });
  useSessionStore.subscribe((s, prev) => {
    if (s.token === prev.token) return;
    if (s.token) c.resume();
    else c.stop();
  });
  client = c;
  return c;
}
