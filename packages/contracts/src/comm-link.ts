import { z } from 'zod';
import { id, int, num } from './fields';

/**
 * 通信管理 › 弱网优化: per-gateway link quality, and the upload settings a gateway reads (HTTP
 * `GET /api/ingest/{code}/config`, or the retained MQTT message on `gw/{code}/config`). Reading
 * needs `telemetry:gateway:stats`, changing settings `telemetry:gateway:link`.
 */

/** What a gateway does on a weak link; 0 switches a mechanism off. */
export const gatewayLinkSettings = z
  .object({
  /** Records collected this long are sent as one message (an ordered array); 0 sends each record at once. */
  batchIntervalS: int('打包间隔', { min: 0, max: 3600 }),
  /** Report by exception: a reading is sent only when it moved more than this % from the last sent one (switches on every change). */
  deadbandPct: num('变化死区', { min: 0, max: 50 }),
  /** With a deadband, every point is still sent at least this often, changed or not (a stale reading is refreshed, silence means a lost link); required then. */
  fullReportS: int('全量上报间隔', { min: 0, max: 86_400 }),
  /** Records per message when a gateway sends what it stored while offline. */
  replayMaxRecords: int('补发每包条数', { min: 1, max: 10_000 }),
  })
  // Without a refresh, a steady point would go quiet for good and its equipment would look offline.
  .refine((s) => !s.deadbandPct || s.fullReportS > 0, { message: '启用变化死区时必须设置全量上报间隔', path: ['fullReportS'] });
export type GatewayLinkSettings = z.infer<typeof gatewayLinkSettings>;

/** Settings of a gateway nobody has tuned: every record at once, every reading, backlog 100 records a message. */
export const DEFAULT_LINK_SETTINGS: GatewayLinkSettings = { batchIntervalS: 0, deadbandPct: 0, fullReportS: 0, replayMaxRecords: 100 };

/** What a gateway reads: its settings and its report interval. */
export interface GatewayLinkConfig extends GatewayLinkSettings {
  reportIntervalS: number;
}

export type LinkQuality = 'good' | 'fair' | 'poor' | 'offline' | 'unknown';
export const LINK_QUALITY_LABELS: Record<LinkQuality, string> = { good: '良好', fair: '一般', poor: '较差', offline: '离线', unknown: '无数据' };

/** Delay (ms) of live messages above which a link is fair / poor. */
export const LINK_DELAY_MS = { fair: 2_000, poor: 10_000 } as const;
/** A disconnection this recent (ms) marks the link fair. */
export const LINK_RECENT_MS = 24 * 3_600_000;

/**
 * The grade shown for a link: offline now; poor when live messages lag 10 s or more; fair when they
 * lag 2 s or more, or the gateway went offline in the last 24 hours. A replayed backlog alone does
 * not lower it: that is store-and-forward working (and a server that was down looks the same).
 */
export function linkQuality(l: { online: boolean; lastSeenAt: number | null; delayMs: number | null; lastOfflineAt: number | null }, now: number): LinkQuality {
  if (l.lastSeenAt === null) return 'unknown';
  if (!l.online) return 'offline';
  if (l.delayMs !== null && l.delayMs >= LINK_DELAY_MS.poor) return 'poor';
  const recentlyOffline = l.lastOfflineAt !== null && now - l.lastOfflineAt < LINK_RECENT_MS;
  if ((l.delayMs !== null && l.delayMs >= LINK_DELAY_MS.fair) || recentlyOffline) return 'fair';
  return 'good';
}

/** GET /api/monitor/links (query as the gateway list). */
export interface GatewayLinkRow extends GatewayLinkSettings {
  id: number;
  code: string;
  name: string;
  stationName: string;
  customerName: string;
  reportIntervalS: number;
  online: boolean;
  lastSeenAt: number | null;
  /** Smoothed delay of live messages: arrival − time of their newest record (gateway clock included). */
  delayMs: number | null;
  messages: number;
  records: number;
  /** Records that arrived late enough to be a stored backlog, in all. */
  backlogRecords: number;
  lastBacklogAt: number | null;
  lastBacklogRecords: number | null;
  /** Oldest record of a backlog on arrival (ms). */
  maxBacklogAgeMs: number | null;
  offlineCount: number;
  lastOfflineAt: number | null;
  quality: LinkQuality;
  /** When the settings were last changed, and by whom (null: defaults). */
  settingsUpdatedAt: number | null;
  settingsUpdatedBy: string | null;
}

/** PUT /api/monitor/links/{id}. */
export const gatewayLinkParams = z.object({ id: id('网关') });
