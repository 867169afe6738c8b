import type { AlarmEventKind, AlarmRow, CommState, MonitorStationRow } from '@pdz/contracts';

/**
 * The pure rules behind the 监控中心 screens (kept apart from the components so they are tested
 * without rendering): which station to show, the comm state after live updates, value formats,
 * and how alarm events change the latest-alarms list.
 */

export const LAST_STATION_KEY = 'monitor.realtime.stationId';
/** Shown where a value has not arrived yet. */
export const NO_VALUE = '--';

export function rememberStation(id: number) {
  try {
    localStorage.setItem(LAST_STATION_KEY, String(id));
  } catch {
    // Private mode or a full storage: the page still works, it just forgets.
  }
}

export function recallStation(): number | undefined {
  try {
    const v = Number(localStorage.getItem(LAST_STATION_KEY));
    return Number.isInteger(v) && v > 0 ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The station to show: the one in the address, else the last one viewed, else the first; only stations in the list count. */
export function pickStation(fromUrl: number | undefined, remembered: number | undefined, stations: readonly { id: number }[]): number | undefined {
  const known = (id: number | undefined) => id !== undefined && stations.some((s) => s.id === id);
  if (known(fromUrl)) return fromUrl;
  if (known(remembered)) return remembered;
  return stations[0]?.id;
}

/**
 * A live comm update wins over the state the page was loaded with. The server sends `at: 0` for
 * equipment or a gateway that has never reported: that stays 未上报, not 离线.
 */
export function liveCommState(loaded: CommState, live: { online: boolean; at: number } | undefined): CommState {
  if (!live) return loaded;
  if (live.online) return 'online';
  return live.at ? 'offline' : 'never';
}

export const COMM_COLORS: Record<CommState, string> = { online: '#52c41a', offline: '#ff4d4f', never: '#bfbfbf' };
export const COMM_TAG_COLORS: Record<CommState, string> = { online: 'success', offline: 'error', never: 'default' };

/** A number with the point's decimals; '--' for nothing. */
export function formatValue(v: number | null | undefined, precision = 2): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return NO_VALUE;
  return v.toFixed(Math.max(0, Math.min(6, precision)));
}

/** Big figures of the header strips: thousands grouped, one decimal below 100. */
export function formatFigure(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return NO_VALUE;
  const digits = Math.abs(v) < 100 ? 1 : 0;
  return v.toLocaleString('zh-CN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Online equipment as a whole percentage of those that should talk; null without equipment. */
export function onlineRatio(e: MonitorStationRow['equipment']): number | null {
  return e.total ? Math.round((e.online / e.total) * 100) : null;
}

/** Sum of what is known; null when nothing is. */
export function sumKnown(values: readonly (number | undefined | null)[]): number | null {
  const known = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
}

export type { AlarmEventKind };

/**
 * The latest-alarms list after a websocket event: a new alarm of this station goes on top, a
 * change replaces its row, a closed alarm leaves the list; other stations' events change nothing.
 */
export function applyAlarmEvent(list: readonly AlarmRow[], kind: AlarmEventKind, alarm: AlarmRow, stationId: number, max = 50): AlarmRow[] {
  if (alarm.stationId !== stationId) return list as AlarmRow[];
  const rest = list.filter((a) => a.id !== alarm.id);
  if (alarm.state === 'closed') return rest;
  if (kind === 'raised' || rest.length === list.length) return [alarm, ...rest].slice(0, max);
  return list.map((a) => (a.id === alarm.id ? alarm : a));
}

/** Station picker options, grouped by customer in the order the server gave. */
export function stationOptions(stations: readonly MonitorStationRow[]) {
  const groups = new Map<number, { label: string; title: string; options: { label: string; value: number }[] }>();
  for (const s of stations) {
    const g = groups.get(s.customerId) ?? { label: s.customerName, title: s.customerName, options: [] };
    g.options.push({ label: s.name, value: s.id });
    groups.set(s.customerId, g);
  }
  return [...groups.values()];
}

/** Customers of the stations (the customer filters of these screens, for users without the asset pickers). */
export function customerOptions(stations: readonly MonitorStationRow[]) {
  const seen = new Map<number, string>();
  for (const s of stations) if (!seen.has(s.customerId)) seen.set(s.customerId, s.customerName);
  return [...seen].map(([value, label]) => ({ value, label }));
}

export type StationAttention = 'all' | 'alarm' | 'offline';

/** 站点总览's quick filter: every station, those with active alarms, or those with equipment offline. */
export function filterStations(list: readonly MonitorStationRow[], mode: StationAttention): MonitorStationRow[] {
  if (mode === 'alarm') return list.filter((s) => s.alarms.total > 0);
  if (mode === 'offline') return list.filter((s) => s.equipment.offline > 0 || (s.gateways.total > 0 && s.gateways.online < s.gateways.total));
  return [...list];
}

/** Totals over the stations shown (the strip above 站点总览). */
export function fleetTotals(list: readonly MonitorStationRow[]) {
  const t = { stations: list.length, equipment: { total: 0, online: 0, offline: 0, never: 0 }, gateways: { total: 0, online: 0 }, alarms: { total: 0, byLevel: {} as Record<string, number> }, loadKw: null as number | null, todayKwh: null as number | null };
  for (const s of list) {
    for (const k of ['total', 'online', 'offline', 'never'] as const) t.equipment[k] += s.equipment[k];
    t.gateways.total += s.gateways.total;
    t.gateways.online += s.gateways.online;
    t.alarms.total += s.alarms.total;
    for (const [l, n] of Object.entries(s.alarms.byLevel)) t.alarms.byLevel[l] = (t.alarms.byLevel[l] ?? 0) + n;
    if (s.loadKw !== null) t.loadKw = (t.loadKw ?? 0) + s.loadKw;
    if (s.todayKwh !== null) t.todayKwh = (t.todayKwh ?? 0) + s.todayKwh;
  }
  return t;
}
