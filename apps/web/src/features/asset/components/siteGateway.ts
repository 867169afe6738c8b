import type { GatewayRow } from '@pdz/contracts';

/**
 * How long ago, in the words an operator uses on the phone: 刚刚, 5 分钟前, 3 小时前, 2 天前.
 * Clocks a little ahead of the browser's (server time) still read 刚刚.
 */
export function agoText(at: number, now: number): string {
  const s = Math.max(0, Math.floor((now - at) / 1000));
  if (s < 60) return '刚刚';
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} 分钟前`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} 小时前`;
  return `${Math.floor(h / 24)} 天前`;
}

/** A duration: 45 秒, 12 分钟, 3 小时 20 分钟, 2 天 5 小时. */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} 秒`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} 分钟`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 ? `${h} 小时 ${m % 60} 分钟` : `${h} 小时`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} 天 ${h % 24} 小时` : `${d} 天`;
}

export interface GatewayState {
  online: boolean;
  /** 在线 / 离线 / 未接入 (never reported). */
  label: string;
  color: 'success' | 'error' | 'default';
  /** The line under the tag: last report or how long it has been offline. */
  detail: string;
}

/** The online state of a gateway as the list shows it (the telemetry side fills the fields). */
export function gatewayState(g: Pick<GatewayRow, 'online' | 'lastSeenAt' | 'offlineSince'>, now: number): GatewayState {
  if (g.online) return { online: true, label: '在线', color: 'success', detail: g.lastSeenAt ? `${agoText(g.lastSeenAt, now)}上报` : '' };
  if (g.lastSeenAt === null && g.offlineSince === null) return { online: false, label: '未接入', color: 'default', detail: '从未上报' };
  const since = g.offlineSince ?? g.lastSeenAt!;
  return { online: false, label: '离线', color: 'error', detail: `已离线 ${durationText(now - since)}` };
}
