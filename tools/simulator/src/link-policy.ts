import { DEFAULT_LINK_SETTINGS, type GatewayLinkConfig, type GatewayLinkSettings } from '@pdz/contracts';
import type { UpRecord } from './gateway';

/**
 * What a gateway does with the settings it reads from the server (弱网优化): report by exception
 * (a reading goes out when it moved more than the deadband from the last one sent, or when the
 * full-report interval has passed; the record itself always goes, as a heartbeat), batching of
 * live records, and the size of backlog messages.
 */
export class LinkPolicy {
  settings: GatewayLinkSettings = DEFAULT_LINK_SETTINGS;
  private readonly sent = new Map<string, { v: number; at: number }>();

  apply(config: GatewayLinkConfig) {
    this.settings = { batchIntervalS: config.batchIntervalS, deadbandPct: config.deadbandPct, fullReportS: config.fullReportS, replayMaxRecords: config.replayMaxRecords };
  }

  /** The record as the gateway sends it: every reading without a deadband, else only those due. */
  filter(r: UpRecord): UpRecord {
    const { deadbandPct, fullReportS } = this.settings;
    if (!deadbandPct) return r;
    const values: Record<string, number> = {};
    for (const [tag, v] of Object.entries(r.values)) {
      const last = this.sent.get(tag);
      const moved = !last || Math.abs(v - last.v) > (deadbandPct / 100) * Math.abs(last.v);
      const stale = !!last && fullReportS > 0 && r.ts - last.at >= fullReportS * 1000;
      if (!moved && !stale) continue;
      values[tag] = v;
      this.sent.set(tag, { v, at: r.ts });
    }
    return { ...r, values };
  }

  /** Live records wait until the oldest of them is a batch interval old; a backlog goes at once. */
  due(oldestTs: number, now: number): boolean {
    return now - oldestTs >= this.settings.batchIntervalS * 1000;
  }

  get maxRecords() {
    return this.settings.replayMaxRecords;
  }
}
