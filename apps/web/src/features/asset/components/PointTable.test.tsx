import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { EquipmentRow, PointRow } from '@pdz/contracts';
import { testWrapper } from '@/components/crud/test-utils';
import { useSessionStore } from '@/stores/session';
import * as pointApi from '../api/point';
import { PointTable } from './PointTable';

// usePoints calls fetchPoints inside its own module, so the hook is rebuilt around the mock.
vi.mock('../api/point', async (importOriginal) => {
  const real = await importOriginal<typeof import('../api/point')>();
  const { useQuery } = await import('@tanstack/react-query');
  const fetchPoints = vi.fn();
  const usePoints = (id: number | undefined) => useQuery({ queryKey: real.pointKeyOf(id ?? 0), queryFn: () => fetchPoints(id) as Promise<PointRow[]> });
  return { ...real, fetchPoints, usePoints, editPoint: vi.fn(), setRealTimeTags: vi.fn(), removePoints: vi.fn() };
});

const WAIT = { timeout: 20_000 };
const equipment = { id: 9, code: 'SZ01-M09', name: '1#出线柜电表', stationId: 1, gatewayId: 2, gatewayCode: 'GW-1' } as EquipmentRow;
const point = (over: Partial<PointRow>): PointRow => ({
  id: 1,
  equipmentId: 9,
  modelPointId: 1,
  pointKey: 'Ua',
  name: 'A相电压',
  kind: 'yc',
  kindName: '遥测',
  unit: 'V',
  precision: 1,
  ratio: 'pt',
  isTag: true,
  enabled: true,
  orderNum: 1,
  rule: null,
  alarmRuleCount: 0,
  ...over,
});

// The machine running the suite may be busy: antd tables take seconds to mount in jsdom.
describe('测点 table', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.mocked(pointApi.fetchPoints).mockResolvedValue([point({}), point({ id: 2, pointKey: 'Ub', name: 'B相电压', isTag: false, orderNum: 2 })]);
    vi.mocked(pointApi.editPoint).mockResolvedValue(null);
    vi.mocked(pointApi.setRealTimeTags).mockResolvedValue([]);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('switching a live tag on sends the complete new tag set of the equipment', async () => {
    useSessionStore.setState({ perms: ['admin'] });
    render(<PointTable equipment={equipment} />, { wrapper: testWrapper() });
    fireEvent.click(await screen.findByRole('switch', { name: 'B相电压实时标签' }, WAIT));
    await waitFor(() => expect(pointApi.setRealTimeTags).toHaveBeenCalledWith(9, [1, 2]), WAIT);
  });

  it('disabling a point sends the whole point with enabled false', async () => {
    useSessionStore.setState({ perms: ['admin'] });
    render(<PointTable equipment={equipment} />, { wrapper: testWrapper() });
    fireEvent.click(await screen.findByRole('switch', { name: 'A相电压启用' }, WAIT));
    await waitFor(() => expect(pointApi.editPoint).toHaveBeenCalled(), WAIT);
    expect(vi.mocked(pointApi.editPoint).mock.calls[0][0]).toEqual({ id: 1, name: 'A相电压', unit: 'V', precision: 1, isTag: true, enabled: false, ratio: 'pt', orderNum: 1 });
  });

  it('is read-only without point permissions: switches off, no actions', async () => {
    useSessionStore.setState({ perms: ['asset:equipment:list', 'asset:point:list'] });
    render(<PointTable equipment={equipment} />, { wrapper: testWrapper() });
    const sw = await screen.findByRole('switch', { name: 'A相电压启用' }, WAIT);
    expect((sw as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('操作')).toBeNull();
    expect(screen.queryByRole('button', { name: /批量绑定/ })).toBeNull();
  });
});
