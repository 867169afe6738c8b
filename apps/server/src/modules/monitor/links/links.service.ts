import { DEFAULT_LINK_SETTINGS, linkQuality, type GatewayLinkRow, type GatewayLinkSettings } from '@pdz/contracts';
import type { DialectName } from '../../../platform/db/index';
import { customerVisible } from '../../../platform/auth/asset-scope';
import { notFound } from '../../../platform/errors';
import type { TelDb } from '../../../telemetry/store/store';
import { gatewaysInScope, type GatewayFilter } from '../gateway-rows';

const num = (x: number | string | null | undefined) => (x === null || x === undefined ? null : Number(x));

/** 弱网优化: every gateway in scope with its link figures and upload settings (defaults where never set). */
export async function linkList(db: TelDb, dialect: DialectName, visible: number[] | null, q: GatewayFilter, now = Date.now()): Promise<GatewayLinkRow[]> {
  if (visible !== null && !visible.length) return [];
  const rows = await gatewaysInScope(db, dialect, visible, q)
    .leftJoin('tel_gateway_link as l', 'l.gateway_id', 'g.id')
    .select([
      'g.id',
      'g.code',
      'g.name',
      'c.name as customer_name',
      's.name as station_name',
      'g.report_interval_s',
      'g.online',
      'g.last_seen_at',
      't.messages',
      't.records',
      't.delay_ms',
      't.backlog_records',
      't.last_backlog_at',
      't.last_backlog_records',
      't.max_backlog_age_ms',
      't.offline_count',
      't.last_offline_at',
      'l.batch_interval_s',
      'l.deadband_pct',
      'l.full_report_s',
      'l.replay_max_records',
      'l.updated_at',
      'l.updated_by',
    ])
    .execute();
  return rows.map((r) => {
    const figures = { online: !!r.online, lastSeenAt: num(r.last_seen_at), delayMs: r.delay_ms === null || r.delay_ms === undefined ? null : Math.round(r.delay_ms), lastBacklogAt: num(r.last_backlog_at), lastOfflineAt: num(r.last_offline_at) };
    return {
      id: r.id,
      code: r.code,
      name: r.name,
      customerName: r.customer_name,
      stationName: r.station_name,
      reportIntervalS: r.report_interval_s,
      ...figures,
      messages: Number(r.messages ?? 0),
      records: Number(r.records ?? 0),
      backlogRecords: Number(r.backlog_records ?? 0),
      lastBacklogRecords: num(r.last_backlog_records),
      maxBacklogAgeMs: num(r.max_backlog_age_ms),
      offlineCount: Number(r.offline_count ?? 0),
      quality: linkQuality(figures, now),
      batchIntervalS: r.batch_interval_s ?? DEFAULT_LINK_SETTINGS.batchIntervalS,
      deadbandPct: r.deadband_pct ?? DEFAULT_LINK_SETTINGS.deadbandPct,
      fullReportS: r.full_report_s ?? DEFAULT_LINK_SETTINGS.fullReportS,
      replayMaxRecords: r.replay_max_records ?? DEFAULT_LINK_SETTINGS.replayMaxRecords,
      settingsUpdatedAt: num(r.updated_at),
      settingsUpdatedBy: r.updated_by ?? null,
    };
  });
}

/** Saves a gateway's upload settings; 404 outside the scope. Returns the gateway code and the settings before. */
export async function saveLinkSettings(db: TelDb, visible: number[] | null, gatewayId: number, s: GatewayLinkSettings, by: string): Promise<{ code: string; before: GatewayLinkSettings }> {
  const gw = await db
    .selectFrom('asset_gateway as g')
    .leftJoin('tel_gateway_link as l', 'l.gateway_id', 'g.id')
    .select(['g.code', 'g.customer_id', 'l.batch_interval_s', 'l.deadband_pct', 'l.full_report_s', 'l.replay_max_records'])
    .where('g.id', '=', gatewayId)
    .executeTakeFirst();
  if (!gw || !customerVisible(visible, gw.customer_id)) throw notFound('网关');
  const before: GatewayLinkSettings =
    gw.batch_interval_s === null ? DEFAULT_LINK_SETTINGS : { batchIntervalS: gw.batch_interval_s, deadbandPct: gw.deadband_pct!, fullReportS: gw.full_report_s!, replayMaxRecords: gw.replay_max_records! };
  const row = { batch_interval_s: s.batchIntervalS, deadband_pct: s.deadbandPct, full_report_s: s.fullReportS, replay_max_records: s.replayMaxRecords, updated_at: Date.now(), updated_by: by };
  await db
    .insertInto('tel_gateway_link')
    .values({ gateway_id: gatewayId, ...row })
    .onConflict((oc) => oc.column('gateway_id').doUpdateSet(row))
    .execute();
  return { code: gw.code, before };
}
