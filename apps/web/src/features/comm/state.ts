import { agoText, durationText } from '../asset/components/siteGateway';

export type GatewayCommFilter = 'all' | 'online' | 'offline' | 'never';

export interface GatewayCommView {
  state: 'online' | 'offline' | 'never';
  label: string;
  color: 'success' | 'error' | 'default';
  /** 3 分钟前上报 / 已离线 2 小时 / 从未上报 */
  detail: string;
}

/**
 * A gateway's comm state as the page shows it. `live` (from the websocket) wins over the loaded
 * row: when it says offline, offline-since is its time; when online, last seen is at least then.
 */
export function gatewayCommView(
  row: { online: boolean; lastSeenAt: number | null; offlineSince: number | null },
  live: { online: boolean; at: number } | undefined,
  now: number,
): GatewayCommView {
  const online = live ? live.online : row.online;
  if (online) {
    const seen = Math.max(row.lastSeenAt ?? 0, live?.online ? live.at : 0);
    return { state: 'online', label: '在线', color: 'success', detail: seen ? `${agoText(seen, now)}上报` : '' };
  }
  const since = live && !live.online ? live.at : row.offlineSince;
  if (row.lastSeenAt === null && !live) return { state: 'never', label: '未上报', color: 'default', detail: '从未收到数据' };
  return { state: 'offline', label: '离线', color: 'error', detail: since ? `已离线 ${durationText(now - since)}` : '' };
}

export const COMM_FILTERS: { value: GatewayCommFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'online', label: '在线' },
  { value: 'offline', label: '离线' },
  { value: 'never', label: '未上报' },
];
