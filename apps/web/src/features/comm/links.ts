import type { GatewayLinkSettings, LinkQuality } from '@pdz/contracts';
import { DEFAULT_LINK_SETTINGS } from '@pdz/contracts';
import { durationText } from '../asset/components/siteGateway';

export const QUALITY_COLORS: Record<LinkQuality, string> = { good: 'success', fair: 'warning', poor: 'error', offline: 'default', unknown: 'default' };

/** A delay as operators read it: 350 毫秒, 1.2 秒, 2 分钟. */
export function delayText(ms: number | null): string {
  if (ms === null) return '-';
  if (ms < 1000) return `${Math.round(ms)} 毫秒`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} 秒`;
  return durationText(ms);
}

/** How live data goes out, in one line: 打包 30 秒 · 死区 0.5% · 全量 15 分钟, or 逐条上报 · 全部上报. */
export function settingsSummary(s: GatewayLinkSettings): string {
  const parts = [s.batchIntervalS ? `打包 ${durationText(s.batchIntervalS * 1000)}` : '逐条上报', s.deadbandPct ? `死区 ${s.deadbandPct}%` : '全部上报'];
  if (s.deadbandPct && s.fullReportS) parts.push(`全量 ${durationText(s.fullReportS * 1000)}`);
  return parts.join(' · ');
}

export const isDefaultSettings = (s: GatewayLinkSettings) =>
  s.batchIntervalS === DEFAULT_LINK_SETTINGS.batchIntervalS && s.deadbandPct === DEFAULT_LINK_SETTINGS.deadbandPct && s.fullReportS === DEFAULT_LINK_SETTINGS.fullReportS && s.replayMaxRecords === DEFAULT_LINK_SETTINGS.replayMaxRecords;

/** Settings that suit a slow or metered link (GPRS/4G in a basement): what 一键推荐 fills in. */
export const WEAK_LINK_PRESET: GatewayLinkSettings = { batchIntervalS: 60, deadbandPct: 0.5, fullReportS: 900, replayMaxRecords: 200 };
