import { DEFAULT_LINK_SETTINGS, type GatewayLinkConfig } from '@pdz/contracts';
import type { TelDb } from '../store/store';

/** Where a gateway finds its settings over MQTT (retained, so it gets them on subscribing). */
export const configTopic = (code: string) => `gw/${code}/config`;

/** The settings gateways read (弱网优化), by gateway code; defaults where nobody changed them. */
export async function linkConfigs(db: TelDb, where: { gatewayId?: number; code?: string } = {}): Promise<{ code: string; config: GatewayLinkConfig }[]> {
  let q = db
    .selectFrom('asset_gateway as g')
    .leftJoin('tel_gateway_link as l', 'l.gateway_id', 'g.id')
    .select(['g.code', 'g.report_interval_s', 'l.batch_interval_s', 'l.deadband_pct', 'l.full_report_s', 'l.replay_max_records']);
  if (where.gatewayId !== undefined) q = q.where('g.id', '=', where.gatewayId);
  if (where.code !== undefined) q = q.where('g.code', '=', where.code);
  const rows = await q.execute();
  return rows.map((r) => ({
    code: r.code,
    config: {
      reportIntervalS: r.report_interval_s,
      batchIntervalS: r.batch_interval_s ?? DEFAULT_LINK_SETTINGS.batchIntervalS,
      deadbandPct: r.deadband_pct ?? DEFAULT_LINK_SETTINGS.deadbandPct,
      fullReportS: r.full_report_s ?? DEFAULT_LINK_SETTINGS.fullReportS,
      replayMaxRecords: r.replay_max_records ?? DEFAULT_LINK_SETTINGS.replayMaxRecords,
    },
  }));
}
