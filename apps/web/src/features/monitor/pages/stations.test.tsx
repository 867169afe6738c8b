import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { MonitorStationRow } from '@pdz/contracts';
import { renderRouted, testWrapper } from '@/components/crud/test-utils';

const get = vi.hoisted(() => vi.fn());
vi.mock('@/api/request', () => ({ get, post: vi.fn(), request: vi.fn(), RequestError: class extends Error {} }));

const { default: StationsPage } = await import('./stations');

const station = (id: number, name: string, over: Partial<MonitorStationRow> = {}): MonitorStationRow => ({
  id, code: `S${id}`, name, customerId: 1, customerName: '华东智慧园区', stationType: 'room', stationTypeName: '配电房', city: null, address: '星湖街328号',
  longitude: null, latitude: null, capacityKva: 1600, equipment: { total: 10, online: 10, offline: 0, never: 0 }, gateways: { total: 1, online: 1 },
  alarms: { total: 0, byLevel: {} }, loadKw: 500, loadPointIds: [], todayKwh: 1200, lastSeenAt: null, ...over,
});

function Where() {
  const loc = useLocation();
  return <div data-testid="where">{loc.pathname + loc.search}</div>;
}

beforeEach(() => {
  localStorage.clear();
  get.mockReset();
  get.mockResolvedValue([
    station(1, '星湖街配电房'),
    station(2, '独墅湖配电房', { alarms: { total: 3, byLevel: { '1': 1, '2': 2 } }, loadKw: 700.5 }),
    station(3, '金鸡湖配电房', { equipment: { total: 10, online: 7, offline: 3, never: 0 } }),
  ]);
});
afterEach(() => cleanup());

describe('站点总览', { timeout: 30_000 }, () => {
  it('totals the stations shown, narrows to those needing attention, and opens a station’s 实时监控', async () => {
    render(
      <MemoryRouter initialEntries={['/monitor/stations']}>
        <Routes>
          <Route path="/monitor/stations" element={<StationsPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
      { wrapper: testWrapper() },
    );
    await screen.findByRole('button', { name: '星湖街配电房 实时监控' }, { timeout: 15_000 });
    const totals = screen.getByLabelText('站点汇总').textContent ?? '';
    expect(totals).toContain('1,701'); // 500 + 700.5 + 500
    expect(totals).toContain('90%');
    expect(totals).toContain('未结束告警 3 条');

    fireEvent.click(screen.getByText('有告警'));
    expect(screen.queryByRole('button', { name: '星湖街配电房 实时监控' })).toBeNull();
    expect(screen.getByRole('button', { name: '独墅湖配电房 实时监控' })).toBeTruthy();
    fireEvent.click(screen.getByText('有离线'));
    expect(screen.getByRole('button', { name: '金鸡湖配电房 实时监控' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /实时监控$/ })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '金鸡湖配电房 实时监控' }));
    expect(screen.getByTestId('where').textContent).toBe('/monitor/realtime?stationId=3');
  });

  it('says so when there is nothing to show', async () => {
    get.mockResolvedValue([]);
    renderRouted(<StationsPage />);
    expect(await screen.findByText('还没有可以查看的站点', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
