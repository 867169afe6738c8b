import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MonitorDeviceRow, MonitorStationRow } from '@pdz/contracts';
import { renderRouted } from '@/components/crud/test-utils';

const get = vi.hoisted(() => vi.fn());
vi.mock('@/api/request', () => ({ get, post: vi.fn(), request: vi.fn(), RequestError: class extends Error {} }));
const live = vi.hoisted(() => ({ points: new Map<number, { ts: number; value: number }>(), channels: [] as string[][] }));
vi.mock('@/realtime', () => ({
  useConnectionState: () => 'open',
  useChannels: (c: readonly string[]) => void live.channels.push([...c]),
  useLivePoint: (id: number) => live.points.get(id),
  useCommState: () => undefined,
  useAlarmEvents: () => undefined,
  useLiveSeries: () => [],
  LiveValue: ({ pointId }: { pointId: number }) => <span>{live.points.get(pointId)?.value ?? '--'}</span>,
}));

const { default: DevicesPage } = await import('./devices');

const row = (id: number, over: Partial<MonitorDeviceRow> = {}): MonitorDeviceRow => ({
  id, code: `E${id}`, name: `回路${id}`, equipmentType: 'meter', equipmentTypeName: '多功能电表', modelName: 'MFM', status: 'running', online: true, lastSeenAt: 1_700_000_000_000,
  commState: 'online', gatewayId: 1, gatewayCode: 'GW-1', customerId: 1, customerName: '客户甲', stationId: 7, stationName: '星湖街1号配电房', cabinetId: 3, cabinetName: '低压出线柜1',
  points: [{ pointId: id * 10, pointKey: 'P', name: '总有功功率', kind: 'yc', unit: 'kW', precision: 1, ts: 1, value: 12.34 }],
  ...over,
});
const stations = [{ id: 7, name: '星湖街1号配电房', customerId: 1, customerName: '客户甲' }] as MonitorStationRow[];

beforeEach(() => {
  get.mockReset();
  live.channels.length = 0;
  get.mockImplementation(async (url: string, params: Record<string, unknown>) => {
    if (url === '/api/monitor/stations') return stations;
    if (url === '/api/monitor/devices') {
      const list = params.commState === 'never' ? [row(3, { online: false, lastSeenAt: null, commState: 'never', cabinetName: null, points: [] })] : [row(1), row(2, { online: false, commState: 'offline' })];
      return { list, total: list.length, pageNum: params.pageNum, pageSize: params.pageSize };
    }
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => cleanup());

describe('设备总览', { timeout: 30_000 }, () => {
  it('lists the page with key values and comm tags, subscribes exactly its rows, links to the detail', async () => {
    renderRouted(<DevicesPage />);
    const link = await screen.findByRole('link', { name: '回路1' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('/monitor/equipment?id=1');
    expect(get).toHaveBeenCalledWith('/api/monitor/devices', expect.objectContaining({ pageNum: 1, pageSize: 20 }));
    const r1 = link.closest('tr')!;
    expect(within(r1).getByText('在线')).toBeTruthy();
    expect(within(r1).getByText('有功')).toBeTruthy();
    expect(within(r1).getByText('12.3')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: '回路2' }).closest('tr')!).getByText('离线')).toBeTruthy();
    expect(live.channels.at(-1)).toEqual(['equipment:1', 'equipment:2']);
  });

  it('filters by comm state on the server and says what a never-reported row is', async () => {
    renderRouted(<DevicesPage />);
    await screen.findByRole('link', { name: '回路1' }, { timeout: 15_000 });
    fireEvent.mouseDown(screen.getByLabelText('通讯'));
    fireEvent.click(await screen.findByTitle('未上报'));
    fireEvent.click(screen.getByText(/^搜\s*索$/).closest('button')!);
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/monitor/devices', expect.objectContaining({ commState: 'never', pageNum: 1 })));
    const r3 = (await screen.findByRole('link', { name: '回路3' })).closest('tr')!;
    expect(within(r3).getByText('从未上报')).toBeTruthy();
    expect(within(r3).getByText('站内环境')).toBeTruthy();
    expect(within(r3).getByText('没有关键测点')).toBeTruthy();
    await waitFor(() => expect(live.channels.at(-1)).toEqual(['equipment:3']));
  });
});
