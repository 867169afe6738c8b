import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AlarmEventKind, AlarmRow } from '@pdz/contracts';
import { renderRouted } from '@/components/crud/test-utils';
import { alarmRow } from '../live/fixtures';

const get = vi.hoisted(() => vi.fn());
const post = vi.hoisted(() => vi.fn());
vi.mock('@/api/request', () => ({ get, post, request: vi.fn(), RequestError: class extends Error {} }));
/** The realtime client: the test plays the server's alarm events through the registered handler. */
const live = vi.hoisted(() => ({ handler: null as null | ((kind: AlarmEventKind, a: AlarmRow) => void) }));
vi.mock('@/realtime', () => ({
  useAlarmEvents: (h: (kind: AlarmEventKind, a: AlarmRow) => void) => {
    live.handler = h;
  },
  useChannels: () => undefined,
  useConnectionState: () => 'open',
}));

const { default: ActiveAlarmsPage } = await import('./active');
const { useSessionStore } = await import('@/stores/session');

const rows = [
  alarmRow({ id: 2, title: '2号变压器 B相绕组温度 超温报警', level: 2, equipmentName: '2号变压器' }),
  alarmRow({ id: 1, title: '1号配电房 水浸告警', level: 1, ruleType: 'status', value: 1, threshold: 1, unit: null }),
];
const summary = { activeByLevel: { '1': 1, '2': 1, '3': 0, '4': 0 }, active: 2, unconfirmed: 2, today: 2 };

function route(url: string) {
  if (url === '/api/alarm/event/pageList') return Promise.resolve({ list: rows, total: 2, pageNum: 1, pageSize: 20 });
  if (url === '/api/alarm/summary') return Promise.resolve(summary);
  if (url === '/api/customer/initTreeData') return Promise.resolve([]);
  return Promise.reject(new Error(`unexpected ${url}`));
}
const listCalls = () => get.mock.calls.filter((c) => c[0] === '/api/alarm/event/pageList');
const bodyRows = () => Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')) as HTMLElement[];

function renderPage() {
  return renderRouted(<ActiveAlarmsPage />);
}

beforeEach(() => {
  get.mockReset().mockImplementation(route);
  post.mockReset().mockResolvedValue({ confirmed: 1 });
  live.handler = null;
  useSessionStore.setState({ perms: ['alarm:event:list', 'alarm:event:confirm'] });
});
afterEach(() => cleanup());

// antd's table and dialog in jsdom are slow on a busy machine.
describe('实时告警', { timeout: 60_000 }, () => {
  it('asks for alarms not yet closed, newest first, and shows the level strip', async () => {
    renderPage();
    expect(await screen.findByText('2号变压器 B相绕组温度 超温报警')).toBeTruthy();
    expect(listCalls()[0][1]).toEqual({ active: 'true', pageNum: 1, pageSize: 20, orderBy: 'raisedAt', order: 'desc' });
    expect(screen.getByLabelText('紧急告警 1 条')).toBeTruthy();
    expect(within(bodyRows()[1]).getByText('状态 1（告警状态 1）')).toBeTruthy();
  });

  it('a raised alarm appears on top without a reload; confirmed and recovered rows change in place', async () => {
    renderPage();
    await screen.findByText('2号变压器 B相绕组温度 超温报警');
    const calls = listCalls().length;
    act(() => live.handler!('raised', alarmRow({ id: 3, title: '3号柜 烟雾报警', equipmentName: '3号柜烟感' })));
    await waitFor(() => expect(bodyRows()[0].textContent).toContain('3号柜 烟雾报警'));
    expect(bodyRows()).toHaveLength(3);
    expect(bodyRows()[0].className).toContain('alarm-row-fresh');

    act(() => live.handler!('confirmed', { ...rows[0], state: 'confirmed', confirmedBy: '张工', confirmedAt: Date.now(), confirmNote: '已复位' }));
    await waitFor(() => expect(within(bodyRows()[1]).getByText('已确认')).toBeTruthy());
    expect(within(bodyRows()[1]).getByText('张工')).toBeTruthy();
    act(() => live.handler!('recovered', { ...rows[1], state: 'recovered_unconfirmed', recoveredAt: Date.now() }));
    await waitFor(() => expect(within(bodyRows()[2]).getByText('已恢复未确认')).toBeTruthy());
    // All from the socket: the list was not fetched again.
    expect(listCalls()).toHaveLength(calls);
  });

  it('batch confirm: tick rows, 批量确认, note required, posts the ids', async () => {
    renderPage();
    await screen.findByText('2号变压器 B相绕组温度 超温报警');
    const batch = screen.getByRole('button', { name: /批量确认/ });
    expect((batch as HTMLButtonElement).disabled).toBe(true);
    // The header box ticks every row of the page (one render instead of one per row).
    fireEvent.click(document.querySelector('.ant-table-thead .ant-checkbox-input')!);
    await waitFor(() => expect(screen.getByRole('button', { name: /批量确认（2）/ })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /批量确认（2）/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('确认说明'), { target: { value: '已通知运维' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/alarm/event/confirm', { ids: [2, 1], note: '已通知运维' }));
  });

  it('without alarm:event:confirm there is nothing to confirm with', async () => {
    useSessionStore.setState({ perms: ['alarm:event:list'] });
    renderPage();
    await screen.findByText('2号变压器 B相绕组温度 超温报警');
    expect(screen.queryByRole('button', { name: /批量确认/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '确认' })).toBeNull();
    expect(document.querySelector('.ant-table-selection-column')).toBeNull();
  });
});
