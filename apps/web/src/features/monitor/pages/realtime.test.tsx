import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { AlarmRow, MonitorEquipment, MonitorStationLayout, MonitorStationRow } from '@pdz/contracts';
import { testWrapper } from '@/components/crud/test-utils';

const get = vi.hoisted(() => vi.fn());
vi.mock('@/api/request', () => ({ get, post: vi.fn(), request: vi.fn(), RequestError: class extends Error {} }));
/** The realtime client as the pages use it: live values and comm states from these maps. */
const live = vi.hoisted(() => ({
  points: new Map<number, { ts: number; value: number }>(),
  comm: new Map<number, { online: boolean; at: number }>(),
  channels: [] as string[][],
  onAlarm: undefined as undefined | ((kind: 'raised' | 'changed', alarm: AlarmRow) => void),
}));
vi.mock('@/realtime', () => ({
  useConnectionState: () => 'open',
  useChannels: (c: readonly string[]) => void live.channels.push([...c]),
  useLivePoint: (id: number) => live.points.get(id),
  useCommState: (_k: string, id: number) => live.comm.get(id),
  useAlarmEvents: (fn: (kind: 'raised' | 'changed', alarm: AlarmRow) => void) => void (live.onAlarm = fn),
  useLiveSeries: () => [],
  LiveValue: ({ pointId, precision = 2, unit }: { pointId: number; precision?: number; unit?: string | null }) => {
    const v = live.points.get(pointId)?.value;
    return <span data-testid={`live-${pointId}`}>{v === undefined ? '--' : `${v.toFixed(precision)}${unit ? ` ${unit}` : ''}`}</span>;
  },
}));

const { default: RealtimePage } = await import('./realtime');

const station = (id: number, name: string): MonitorStationRow => ({
  id, code: `S${id}`, name, customerId: 1, customerName: '华东智慧园区', stationType: 'room', stationTypeName: '配电房', city: null, address: '星湖街328号',
  longitude: null, latitude: null, capacityKva: 1600, equipment: { total: 3, online: 1, offline: 1, never: 1 }, gateways: { total: 1, online: 1 },
  alarms: { total: 2, byLevel: { '1': 1, '3': 1 } }, loadKw: 512.5, loadPointIds: [11], todayKwh: 1234, lastSeenAt: null,
});
const eq = (id: number, name: string, over: Partial<MonitorEquipment> = {}): MonitorEquipment => ({
  id, code: `E${id}`, name, equipmentType: 'meter', equipmentTypeName: '多功能电表', modelName: 'MFM', status: 'running', online: true, lastSeenAt: 1, commState: 'online', gatewayId: 1, points: [], ...over,
});
const layout = (s: MonitorStationRow): MonitorStationLayout => ({
  station: s,
  cabinets: [
    {
      id: 1, code: 'AH1', name: '10kV进线柜', cabinetType: 'incoming', cabinetTypeName: '进线柜', voltageLevel: '10', bayId: 1, bayName: '10kV高压间隔',
      equipment: [eq(101, '进线多功能表', { points: [
        { pointId: 11, pointKey: 'P', name: '总有功功率', kind: 'yc', unit: 'kW', precision: 1, ts: 1, value: 512.5 },
        { pointId: 12, pointKey: 'Ua', name: 'A相电压', kind: 'yc', unit: 'V', precision: 1, ts: null, value: null },
      ] })],
    },
    { id: 2, code: 'AA1', name: '低压出线柜', cabinetType: 'outgoing', cabinetTypeName: '出线柜', voltageLevel: '0.4', bayId: 2, bayName: '1#主变低压间隔', equipment: [eq(102, '照明回路', { online: false, commState: 'offline' })] },
  ],
  room: [eq(103, '大门门磁', { equipmentType: 'door', equipmentTypeName: '门磁', online: false, lastSeenAt: null, commState: 'never', points: [{ pointId: 21, pointKey: 'Door', name: '门状态', kind: 'yx', unit: null, precision: 0, ts: 1, value: 1 }] })],
  gateways: [{ id: 1, code: 'GW-1', name: '1#采集网关', online: true, lastSeenAt: 1, commState: 'online' }],
});

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/monitor/realtime" element={<RealtimePage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: testWrapper() },
  );
}

beforeEach(() => {
  get.mockReset();
  live.points.clear();
  live.comm.clear();
  live.channels.length = 0;
  localStorage.clear();
  const stations = [station(7, '星湖街1号配电房'), station(8, '独墅湖配电房')];
  get.mockImplementation(async (url: string) => {
    if (url === '/api/monitor/stations') return stations;
    const m = /^\/api\/monitor\/station\/(\d+)$/.exec(url);
    if (m) return layout(stations.find((s) => s.id === Number(m[1]))!);
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => cleanup());

describe('实时监控', { timeout: 30_000 }, () => {
  it('shows the station from the address with its cabinets, key values and comm states, and subscribes its channel once', async () => {
    renderAt('/monitor/realtime?stationId=8');
    const cabinet = await screen.findByRole('region', { name: '10kV进线柜' }, { timeout: 15_000 });
    expect(get).toHaveBeenCalledWith('/api/monitor/station/8');
    expect(within(cabinet).getByText('512.5')).toBeTruthy(); // loaded value before any live one
    expect(within(cabinet).getByTestId('live-12').textContent).toBe('--');
    expect(screen.getByText('10kV高压间隔')).toBeTruthy();
    expect(screen.getByLabelText('离线')).toBeTruthy();
    expect(screen.getByLabelText('未上报')).toBeTruthy();
    expect(screen.getByText('打开').className).toContain('mon-state-alarm');
    expect(screen.getByLabelText('站点概况').textContent).toContain('1,234');
    expect(live.channels.at(-1)).toEqual(['station:8', 'alarms']);
    expect(localStorage.getItem('monitor.realtime.stationId')).toBe('8');
  });

  it('opens the last station viewed, and an equipment’s detail on click', async () => {
    localStorage.setItem('monitor.realtime.stationId', '8');
    renderAt('/monitor/realtime');
    fireEvent.click(await screen.findByRole('button', { name: '进线多功能表 详情' }, { timeout: 15_000 }));
    expect(screen.getByTestId('where').textContent).toBe('/monitor/equipment?id=101');
    expect(get).toHaveBeenCalledWith('/api/monitor/station/8');
  });

  it('lets a live value and a live comm state replace what was loaded', async () => {
    live.points.set(11, { ts: 2, value: 600.04 });
    live.comm.set(102, { online: true, at: 2 });
    renderAt('/monitor/realtime?stationId=7');
    const cabinet = await screen.findByRole('region', { name: '10kV进线柜' }, { timeout: 15_000 });
    expect(within(cabinet).getByTestId('live-11').textContent).toBe('600.0');
    expect(within(screen.getByRole('region', { name: '低压出线柜' })).getByLabelText('在线')).toBeTruthy();
    expect(screen.getByLabelText('站点概况').textContent).toContain('600');
  });

  it('re-reads the station figures (未结束告警 per level) once shortly after a burst of its alarms', async () => {
    renderAt('/monitor/realtime?stationId=8');
    await screen.findByRole('region', { name: '10kV进线柜' }, { timeout: 15_000 });
    const reads = () => get.mock.calls.filter(([url]) => url === '/api/monitor/station/8').length;
    const before = reads();
    const alarm = (id: number, stationId: number) => ({ id, stationId, state: 'active', level: 1 }) as AlarmRow;
    act(() => {
      live.onAlarm!('raised', alarm(1, 8));
      live.onAlarm!('raised', alarm(2, 8));
      live.onAlarm!('raised', alarm(3, 7)); // another station's: not this page's concern
    });
    expect(reads()).toBe(before);
    await waitFor(() => expect(reads()).toBe(before + 1), { timeout: 3_000 });
    await new Promise((r) => setTimeout(r, 1_200));
    expect(reads()).toBe(before + 1);
  });

  it('offers to reload when the station cannot be read', async () => {
    const stations = [station(7, '星湖街1号配电房')];
    get.mockImplementation(async (url: string) => {
      if (url === '/api/monitor/stations') return stations;
      throw new Error('站点不存在或无权访问');
    });
    renderAt('/monitor/realtime?stationId=7');
    expect(await screen.findByText('站点数据加载失败', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeTruthy();
  });

  it('says so when there is no station to show', async () => {
    get.mockImplementation(async () => []);
    renderAt('/monitor/realtime');
    expect(await screen.findByText('还没有可以查看的站点，请先在资产管理中添加站点和设备')).toBeTruthy();
  });
});
