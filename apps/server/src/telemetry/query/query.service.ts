import type { GatewayStats, HistoryResolution, HistoryResult, HistorySeries, LatestValueRow } from '@pdz/contracts';
import { INGEST_REJECT_REASONS, type IngestRejectReason } from '@pdz/contracts';
import { customerVisible } from '../../platform/auth/asset-scope';
import { notFound } from '../../platform/errors';
import type { TelDb } from '../store/store';
import type { Buckets } from '../rollup/buckets';

const DAY = 86_400_000;
/** Raw rows per point in one answer; more sets `truncated` (ask a rollup instead). */
export const RAW_ROW_LIMIT = 100_000;

/** Resolution for a range: ≤ 1 day raw, ≤ 31 days 15 min, ≤ 2 years day, else month. */
export function autoResolution(from: number, to: number): Exclude<HistoryResolution, 'auto'> {
  const span = to - from;
  if (span <= DAY) return 'raw';
  if (span <= 31 * DAY) return '15m';
  if (span <= 731 * DAY) return 'day';
  return 'month';
}

interface PointInfo {
  id: number;
  equipment_id: number;
  point_key: string;
  name: string;
  kind: string;
  unit: string | null;
  precision: number;
  customer_id: number;
}

function pointSelect(db: TelDb) {
  return db
    .selectFrom('asset_point as p')
    .innerJoin('asset_equipment as e', 'e.id', 'p.equipment_id')
    .select(['p.id', 'p.equipment_id', 'p.point_key', 'p.name', 'p.kind', 'p.unit', 'p.precision', 'e.customer_id']);
}

/** The points asked for, all within the user's scope; any other id answers 404, never data. */
async function visiblePoints(db: TelDb, visible: number[] | null, q: { equipmentId?: number | null; pointIds?: number[] }): Promise<PointInfo[]> {
  if (q.equipmentId) {
    const e = await db.selectFrom('asset_equipment').select(['id', 'customer_id']).where('id', '=', q.equipmentId).executeTakeFirst();
    if (!e || !customerVisible(visible, e.customer_id)) throw notFound('设备');
    const rows = await pointSelect(db).where('p.equipment_id', '=', e.id).orderBy('p.order_num').orderBy('p.id').execute();
    if (!q.pointIds?.length) return rows;
    const wanted = new Set(q.pointIds);
    const picked = rows.filter((r) => wanted.has(r.id));
    if (picked.length !== wanted.size) throw notFound('测点');
    return picked;
  }
  const ids = [...new Set(q.pointIds ?? [])];
  const rows = ids.length ? await pointSelect(db).where('p.id', 'in', ids).execute() : [];
  if (rows.length !== ids.length || rows.some((r) => !customerVisible(visible, r.customer_id))) throw notFound('测点');
  const order = new Map(ids.map((id, i) => [id, i]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

export async function latestValues(db: TelDb, visible: number[] | null, q: { equipmentId?: number | null; pointIds?: number[] }): Promise<LatestValueRow[]> {
  const points = await visiblePoints(db, visible, q);
  if (!points.length) return [];
  const latest = await db
    .selectFrom('tel_latest')
    .select(['point_id', 'ts', 'value'])
    .where(
      'point_id',
      'in',
      points.map((p) => p.id),
    )
    .execute();
  const byPoint = new Map(latest.map((l) => [l.point_id, l]));
  return points.map((p) => ({
    pointId: p.id,
    equipmentId: p.equipment_id,
    pointKey: p.point_key,
    name: p.name,
    kind: p.kind,
    unit: p.unit,
    precision: p.precision,
    ts: byPoint.get(p.id)?.ts ?? null,
    value: byPoint.get(p.id)?.value ?? null,
  }));
}

/** History of several points at the resolution that fits the range (or the one asked for). */
export async function history(
  db: TelDb,
  buckets: Buckets,
  visible: number[] | null,
  q: { pointIds: number[]; from: number; to: number; resolution: HistoryResolution },
): Promise<HistoryResult> {
  const points = await visiblePoints(db, visible, { pointIds: q.pointIds });
  const resolution = q.resolution === 'auto' ? autoResolution(q.from, q.to) : q.resolution;
  let truncated = false;
  const series: HistorySeries[] = [];
  for (const p of points) {
    if (resolution === 'raw') {
      const rows = await db
        .selectFrom('tel_raw')
        .select(['ts', 'value'])
        .where('point_id', '=', p.id)
        .where('ts', '>=', q.from)
        .where('ts', '<', q.to)
        .orderBy('ts')
        .limit(RAW_ROW_LIMIT + 1)
        .execute();
      if (rows.length > RAW_ROW_LIMIT) {
        truncated = true;
        rows.length = RAW_ROW_LIMIT;
      }
      series.push({ pointId: p.id, ts: rows.map((r) => r.ts), value: rows.map((r) => r.value) });
      continue;
    }
    const table = resolution === '15m' ? 'tel_15m' : resolution === 'day' ? 'tel_day' : 'tel_month';
    // The bucket holding `from` is included: a chart of 10:05–11:00 starts with the 10:00 bucket.
    const start = resolution === '15m' ? buckets.quarter(q.from) : resolution === 'day' ? buckets.day(q.from) : buckets.month(q.from);
    const rows = await db
      .selectFrom(table)
      .select(['bucket', 'min', 'max', 'sum', 'count', 'first', 'last', 'cons', 'suspect'])
      .where('point_id', '=', p.id)
      .where('bucket', '>=', start)
      .where('bucket', '<', q.to)
      .orderBy('bucket')
      .execute();
    const accumulator = p.kind === 'ym';
    series.push({
      pointId: p.id,
      ts: rows.map((r) => r.bucket),
      min: rows.map((r) => r.min),
      max: rows.map((r) => r.max),
      avg: rows.map((r) => (r.count ? r.sum / r.count : r.first)),
      first: rows.map((r) => r.first),
      last: rows.map((r) => r.last),
      count: rows.map((r) => r.count),
      ...(accumulator ? { cons: rows.map((r) => r.cons), suspect: rows.map((r) => r.suspect) } : {}),
    });
  }
  return { resolution, from: q.from, to: q.to, series, truncated };
}

/** The gateway page: totals, unknown tags (most frequent first) and refusals by reason. */
export async function gatewayStats(db: TelDb, visible: number[] | null, gatewayId: number, limit: number): Promise<GatewayStats> {
  const g = await db
    .selectFrom('asset_gateway')
    .select(['id', 'code', 'name', 'customer_id', 'online', 'last_seen_at', 'offline_since', 'report_interval_s'])
    .where('id', '=', gatewayId)
    .executeTakeFirst();
  if (!g || !customerVisible(visible, g.customer_id)) throw notFound('网关');
  const totals = await db.selectFrom('tel_gateway_stat').selectAll().where('gateway_id', '=', g.id).executeTakeFirst();
  const unknown = await db
    .selectFrom('tel_unknown_tag')
    .selectAll()
    .where('gateway_id', '=', g.id)
    .orderBy('count', 'desc')
    .orderBy('raw_tag')
    .limit(limit)
    .execute();
  const rejects = await db.selectFrom('tel_reject').selectAll().where('gateway_id', '=', g.id).orderBy('count', 'desc').execute();
  return {
    gateway: { id: g.id, code: g.code, name: g.name, online: !!g.online, lastSeenAt: g.last_seen_at, offlineSince: g.offline_since, reportIntervalS: g.report_interval_s },
    totals: {
      messages: Number(totals?.messages ?? 0),
      records: Number(totals?.records ?? 0),
      samples: Number(totals?.samples ?? 0),
      unknownSamples: Number(totals?.unknown_samples ?? 0),
      rejected: Number(totals?.rejected ?? 0),
      lastMessageAt: totals?.last_message_at ?? null,
    },
    unknownTags: unknown.map((u) => ({ rawTag: u.raw_tag, count: Number(u.count), firstSeenAt: u.first_seen_at, lastSeenAt: u.last_seen_at })),
    rejects: rejects.map((r) => ({
      reason: r.reason,
      reasonText: INGEST_REJECT_REASONS[r.reason as IngestRejectReason] ?? r.reason,
      count: Number(r.count),
      lastAt: r.last_at,
      lastDetail: r.last_detail,
    })),
  };
}
