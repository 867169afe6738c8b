import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { GatewayStats, MonitorGatewayRow } from '@pdz/contracts';
import { renderRouted } from '@/components/crud/test-utils';

const get = vi.hoisted(() => vi.fn());
vi.mock('@/api/request', () => ({ get, post: vi.fn(), request: vi.fn(), RequestError: class extends Error {} }));
/** Comm states pushed by the websocket, by gateway id; channels asked for are recorded. */
const live = vi.hoisted(() => ({ comm: new Map<number, { online: boolean; at: number }>(), channels: [] as string[][] }));
vi.mock('@/realtime', () => ({
  useChannels: (c: readonly string[]) => {
    live.channels.push([...c]);
  },
  useCommState: (_kind: string, id: number) => live.comm.get(id),
}));

const { default: CommGatewaysPage } = await import('./gateways');

const NOW = Date.now();
const row = (id: number, extra: Partial<MonitorGatewayRow>): MonitorGatewayRow => ({
  id,
  code: `GW-${id}`,
  name: `${id}号采集网关`,
  customerId: 1,
  customerName: '客户',
  stationId: 1,
  stationName: '一号配电房',
  protocol: 'mqtt',
  reportIntervalS: 60,
  online: true,
  lastSeenAt: NOW - 60_000,
  offlineSince: null,
  equipmentCount: 5,
  messages: 1200,
  samples: 35000,
  unknownSamples: 0,
  rejected: 0,
  lastMessageAt: NOW - 60_000,
  unknownTags: 0,
  ...extra,
});
const rows = [row(1, { unknownTags: 2, unknownSamples: 40, rejected: 3 }), row(2, { online: false, offlineSince: NOW - 3_600_000 }), row(3, { online: false, lastSeenAt: null, lastMessageAt: null })];
const stats: GatewayStats = {
  gateway: { id: 1, code: 'GW-1', name: '1号采集网关', online: true, lastSeenAt: NOW - 60_000, offlineSince: null, reportIntervalS: 60 },
  totals: { messages: 1200, records: 1300, samples: 35000, unknownSamples: 40, rejected: 3, lastMessageAt: NOW - 60_000 },
  unknownTags: [
    { rawTag: 'SZ01-X99.Ua', count: 30, firstSeenAt: NOW - 86_400_000, lastSeenAt: NOW - 60_000 },
    { rawTag: 'LEGACY.temp', count: 10, firstSeenAt: NOW - 86_400_000, lastSeenAt: NOW - 120_000 },
  ],
  rejects: [{ reason: 'value', reasonText: '数值无效（只接受数字或布尔值）', count: 3, lastAt: NOW - 300_000, lastDetail: 'SZ01-M01.Ua: "abc"' }],
};

function route(url: string) {
  if (url === '/api/monitor/gateways') return Promise.resolve(rows);
  if (url === '/api/monitor/gateways/1/stats') return Promise.resolve(stats);
  return Promise.reject(new Error(`unexpected ${url}`));
}
const bodyRows = () => Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')) as HTMLElement[];

beforeEach(() => {
  get.mockReset().mockImplementation(route);
  live.comm.clear();
  live.channels = [];
});
afterEach(() => cleanup());

describe('网关状态', { timeout: 60_000 }, () => {
  it('lists gateways with comm state, counters and state counts, on the gateways channel', async () => {
    renderRouted(<CommGatewaysPage />);
    expect(await screen.findByText('1号采集网关')).toBeTruthy();
    expect(live.channels.at(-1)).toEqual(['gateways']);
    expect(bodyRows()).toHaveLength(3);
    expect(within(bodyRows()[0]).getByText('在线')).toBeTruthy();
    expect(within(bodyRows()[0]).getByText('35,000')).toBeTruthy();
    expect(within(bodyRows()[0]).getByText('2 个')).toBeTruthy();
    expect(within(bodyRows()[1]).getByText('已离线 1 小时')).toBeTruthy();
    expect(within(bodyRows()[2]).getByText('未上报')).toBeTruthy();
    expect(screen.getByText('离线 1')).toBeTruthy();
    // Only offline gateways.
    fireEvent.click(screen.getByText('离线 1'));
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]).getByText('2号采集网关')).toBeTruthy();
  });

  it('shows the websocket state over the loaded one', async () => {
    live.comm.set(1, { online: false, at: NOW - 30_000 });
    renderRouted(<CommGatewaysPage />);
    await screen.findByText('1号采集网关');
    expect(within(bodyRows()[0]).getByText('离线')).toBeTruthy();
  });

  it('opens the drawer with unknown tags and refusal reasons', async () => {
    renderRouted(<CommGatewaysPage />);
    fireEvent.click(await screen.findByText('1号采集网关'));
    expect(await screen.findByText('SZ01-X99.Ua')).toBeTruthy();
    expect(screen.getByText('LEGACY.temp')).toBeTruthy();
    expect(screen.getByText('数值无效（只接受数字或布尔值）')).toBeTruthy();
    expect(screen.getByText('1号采集网关（GW-1）')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/monitor/gateways/1/stats');
  });
});
