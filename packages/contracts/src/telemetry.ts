import { z } from 'zod';
import { id, idList, int, optionalId } from './fields';

/**
 * Live telemetry (issue 4): what gateways send, and the query calls of charts and live pages.
 *
 * Gateway payload (MQTT topic `gw/{gatewayCode}/up`, or `POST /api/ingest/{gatewayCode}` with the
 * secret in the `X-Gateway-Secret` header): one record or an ordered array of records (a backlog).
 */
export interface IngestRecord {
  /** The gateway's own sequence number (kept for diagnosis; order comes from ts). */
  seq?: number;
  /** Device time of the readings, epoch milliseconds. */
  ts: number;
  /** Raw tag → reading; booleans are stored as 1 / 0. */
  values: Record<string, number | boolean>;
}

/** Header that carries the gateway secret on HTTP ingest. */
export const GATEWAY_SECRET_HEADER = 'x-gateway-secret';

/** HTTP 200 of POST /api/ingest/{gatewayCode}: everything listed here is durable. */
export interface IngestResult {
  /** Records taken (after record-level rejections). */
  records: number;
  /** Samples mapped to points and committed (a resent sample counts here but is stored once). */
  samples: number;
  /** Readings whose tag has no enabled rule on this gateway (counted on the gateway page). */
  unknown: number;
  /** Records or readings refused, with the reason. */
  rejected: { index: number; tag?: string; reason: string }[];
}

/** Why a message, record or reading was refused (counted per gateway). */
export const INGEST_REJECT_REASONS = {
  auth: '网关编号或密钥错误',
  json: '不是有效的 JSON',
  shape: '格式错误：应为记录或记录数组',
  empty: '消息中没有记录',
  tooMany: '一条消息中的记录过多',
  ts: '时间戳无效',
  future: '时间戳超前于服务器时间',
  values: 'values 必须是对象',
  value: '数值无效（只接受数字或布尔值）',
  seq: 'seq 必须是整数',
  topic: '主题与网关不符',
} as const;
export type IngestRejectReason = keyof typeof INGEST_REJECT_REASONS;

/** Chart resolutions; `auto` picks by the asked range (≤ 1 day raw, ≤ 31 days 15m, ≤ 2 years day, else month). */
export const HISTORY_RESOLUTIONS = ['auto', 'raw', '15m', 'day', 'month'] as const;
export type HistoryResolution = (typeof HISTORY_RESOLUTIONS)[number];

/** GET /api/telemetry/latest: the points of one equipment, or a list of points. */
export const telemetryLatestQuery = z
  .object({
    equipmentId: optionalId('设备').optional(),
    pointIds: idList('测点').optional(),
  })
  .refine((q) => !!q.equipmentId || (q.pointIds?.length ?? 0) > 0, { message: '请指定设备或测点' })
  .refine((q) => (q.pointIds?.length ?? 0) <= 2000, { message: '一次最多查询2000个测点' });

export interface LatestValueRow {
  pointId: number;
  equipmentId: number;
  pointKey: string;
  name: string;
  kind: string;
  unit: string | null;
  precision: number;
  /** null until the point has reported. */
  ts: number | null;
  value: number | null;
}

/** GET /api/telemetry/history */
export const telemetryHistoryQuery = z
  .object({
    pointIds: idList('测点').refine((v) => v.length <= 50, '一次最多查询50个测点'),
    from: int('开始时间', { min: 0 }),
    to: int('结束时间', { min: 0 }),
    resolution: z.enum(HISTORY_RESOLUTIONS, { error: '分辨率取值无效' }).default('auto'),
  })
  .refine((q) => q.to > q.from, { message: '结束时间必须晚于开始时间' });

/**
 * One point's history, column-wise (compact for long charts). Raw: ts + value. Rollups: ts is the
 * bucket start; min/max per bucket keep spikes visible; cons is the consumption of accumulators
 * (遥脉: sum of increments with resets and rollovers handled, never negative), null for others.
 */
export interface HistorySeries {
  pointId: number;
  ts: number[];
  value?: number[];
  min?: number[];
  max?: number[];
  avg?: number[];
  first?: number[];
  last?: number[];
  count?: number[];
  cons?: (number | null)[];
  /** Some bucket of an accumulator held an unexplained drop (a meter reset), counted as 0. */
  suspect?: number[];
}

export interface HistoryResult {
  resolution: Exclude<HistoryResolution, 'auto'>;
  from: number;
  to: number;
  series: HistorySeries[];
  /** True when raw rows were cut at the row limit. */
  truncated: boolean;
}

export const gatewayStatsParams = z.object({ id: id('网关') });
export const gatewayStatsQuery = z.object({ limit: int('条数', { min: 1, max: 1000 }).default(200) });

export interface GatewayStats {
  gateway: { id: number; code: string; name: string; online: boolean; lastSeenAt: number | null; offlineSince: number | null; reportIntervalS: number };
  totals: { messages: number; records: number; samples: number; unknownSamples: number; rejected: number; lastMessageAt: number | null };
  unknownTags: { rawTag: string; count: number; firstSeenAt: number; lastSeenAt: number }[];
  rejects: { reason: string; reasonText: string; count: number; lastAt: number; lastDetail: string | null }[];
}
