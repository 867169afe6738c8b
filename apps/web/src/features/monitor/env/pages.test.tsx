import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { SensorPoint, SensorResult, SensorRow } from '@pdz/contracts';
import { renderRouted } from '@/components/crud/test-utils';

const get = vi.hoisted(() => vi.fn());
vi.mock('@/api/request', () => ({ get, post: vi.fn(), request: vi.fn(), RequestError: class extends Error {} }));
/** Live values by point id (what the websocket would have delivered). */
const live = vi.hoisted(() => ({ points: new Map<number, { ts: number; value: number }>(), channels: [] as string[][] }));
vi.mock('@/realtime', () => ({
  useChannels: (c: readonly string[]) => {
    live.channels.push([...c]);
  },
  useCommState: () => undefined,
  useLivePoint: (id: number | undefined) => (id === undefined ? undefined : live.points.get(id)),
  LiveValue: ({ pointId, unit }: { pointId: number; unit?: string | null }) => <span>{`${live.points.get(pointId)?.value ?? '--'}${unit ?? ''}`}</span>,
}));

const { default: ClimatePage } = await import('../pages/climate');
const { default: EnvironmentPage } = await import('../pages/environment');

const pt = (pointId: number, pointKey: string, unit: string | null, value: number | null, kind = 'yc'): SensorPoint => ({ pointId, pointKey, name: pointKey, kind, unit, precision: 1, ts: 1, value, spark: { ts: [0, 1], avg: [1, 2] } });
const sensor = (id: number, type: string, points: SensorPoint[]): SensorRow => ({ id, code: `S${id}`, name: `传感器${id}`, equipmentType: type, equipmentTypeName: type, cabinetId: null, cabinetName: null, online: true, lastSeenAt: 1, points });
const climate: SensorResult = {
  stations: [
    { stationId: 1, stationName: '一号配电房', customerId: 1, customerName: '客户', sensors: [sensor(1, 'th_sensor', [pt(11, 'T', '°C', 25), pt(12, 'RH', '%RH', 60)]), sensor(2, 'th_sensor', [pt(21, 'T', '°C', 36), pt(22, 'RH', '%RH', 60)])] },
    { stationId: 2, stationName: '二号配电房', customerId: 1, customerName: '客户', sensors: [sensor(3, 'th_sensor', [pt(31, 'T', '°C', 25), pt(32, 'RH', '%RH', 70)])] },
  ],
  types: [{ type: 'th_sensor', label: '温湿度传感器', count: 3 }],
};
const environment: SensorResult = {
  stations: [{ stationId: 1, stationName: '一号配电房', customerId: 1, customerName: '客户', sensors: [sensor(4, 'water', [pt(41, 'Water', null, 0, 'yx')]), sensor(5, 'door', [pt(51, 'Door', null, 1, 'yx')])] }],
  types: [
    { type: 'water', label: '水浸', count: 1 },
    { type: 'door', label: '门磁', count: 1 },
  ],
};

beforeEach(() => {
  get.mockReset().mockImplementation((url: string) => (url === '/api/monitor/climate' ? Promise.resolve(climate) : url === '/api/monitor/environment' ? Promise.resolve(environment) : Promise.reject(new Error(url))));
  live.points.clear();
  live.channels = [];
});
afterEach(() => cleanup());

const levels = () => Array.from(document.querySelectorAll('[data-level]')).map((e) => e.getAttribute('data-level'));

describe('温湿度监测', { timeout: 60_000 }, () => {
  it('groups by station, colours each card by its live values and counts the levels', async () => {
    // A live humidity of 88 % turns sensor 3 into an alarm, whatever the page loaded.
    live.points.set(32, { ts: 2, value: 88 });
    renderRouted(<ClimatePage />);
    expect(await screen.findByText('二号配电房')).toBeTruthy();
    expect(live.channels.at(-1)).toEqual(['equipment:1', 'equipment:2', 'equipment:3']);
    expect(levels()).toEqual(['normal', 'warning', 'alarm']);
    expect(screen.getByText('88.0')).toBeTruthy();
    expect(await screen.findByText('正常 1')).toBeTruthy();
    expect(screen.getByText('预警 1')).toBeTruthy();
    expect(screen.getByText('告警 1')).toBeTruthy();
  });
});

describe('环境监测', { timeout: 60_000 }, () => {
  it('shows each sensor’s state in words and names the sensor types that do not exist', async () => {
    live.points.set(41, { ts: 2, value: 1 });
    renderRouted(<EnvironmentPage />);
    expect(await screen.findByText('浸水')).toBeTruthy();
    expect(screen.getByText('打开')).toBeTruthy();
    expect(levels()).toEqual(['alarm', 'alarm']);
    expect(screen.getByText(/暂无烟感、SF6、噪声类传感器/)).toBeTruthy();
    expect(screen.getByText('全部 2')).toBeTruthy();
  });
});
