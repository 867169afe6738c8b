import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GatewayLinkRow } from '@pdz/contracts';
import { renderRouted } from '@/components/crud/test-utils';

const get = vi.hoisted(() => vi.fn());
const put = vi.hoisted(() => vi.fn());
vi.mock('@/api/request', () => ({ get, put, post: vi.fn(), request: vi.fn(), RequestError: class extends Error {} }));

const { useSessionStore } = await import('@/stores/session');
const { default: WeakNetworkPage } = await import('./weak-network');

const NOW = Date.now();
const row = (id: number, extra: Partial<GatewayLinkRow>): GatewayLinkRow => ({
  id,
  code: `GW-${id}`,
  name: `${id}号采集网关`,
  stationName: '一号配电房',
  customerName: '客户',
  reportIntervalS: 60,
  online: true,
  lastSeenAt: NOW - 30_000,
  delayMs: 420,
  messages: 1200,
  records: 1300,
  backlogRecords: 0,
  lastBacklogAt: null,
  lastBacklogRecords: null,
  maxBacklogAgeMs: null,
  offlineCount: 0,
  lastOfflineAt: null,
  quality: 'good',
  batchIntervalS: 0,
  deadbandPct: 0,
  fullReportS: 0,
  replayMaxRecords: 100,
  settingsUpdatedAt: null,
  settingsUpdatedBy: null,
  ...extra,
});
const rows = [
  row(1, {}),
  row(2, { quality: 'fair', delayMs: 3400, backlogRecords: 360, lastBacklogAt: NOW - 3_600_000, lastBacklogRecords: 120, maxBacklogAgeMs: 2 * 3_600_000, offlineCount: 2, lastOfflineAt: NOW - 4_000_000, batchIntervalS: 60, deadbandPct: 0.5, fullReportS: 900, replayMaxRecords: 200, settingsUpdatedAt: NOW - 86_400_000, settingsUpdatedBy: 'admin' }),
  row(3, { quality: 'offline', online: false }),
];
const bodyRows = () => Array.from(document.querySelectorAll('.ant-table-tbody tr.ant-table-row')) as HTMLElement[];

beforeEach(() => {
  get.mockReset().mockImplementation((url: string) => (url === '/api/monitor/links' ? Promise.resolve(rows) : Promise.reject(new Error(url))));
  put.mockReset().mockResolvedValue(null);
  useSessionStore.setState({ perms: ['telemetry:gateway:stats', 'telemetry:gateway:link'] });
});
afterEach(() => cleanup());

describe('弱网优化', { timeout: 60_000 }, () => {
  it('shows link quality, delay, replayed backlog, disconnections and the settings of each gateway', async () => {
    renderRouted(<WeakNetworkPage />);
    expect(await screen.findByText('1号采集网关')).toBeTruthy();
    const [good, fair, offline] = bodyRows();
    expect(within(good).getByText('良好')).toBeTruthy();
    expect(within(good).getByText('420 毫秒')).toBeTruthy();
    expect(within(good).getByText('逐条上报 · 全部上报')).toBeTruthy();
    expect(within(good).getByText('补发 100 条/包 · 默认设置')).toBeTruthy();
    expect(within(fair).getByText('一般')).toBeTruthy();
    expect(within(fair).getByText('3.4 秒')).toBeTruthy();
    expect(within(fair).getByText('累计 360 条')).toBeTruthy();
    expect(within(fair).getByText(/补发 120 条，最早滞后 2 小时/)).toBeTruthy();
    expect(within(fair).getByText('2 次')).toBeTruthy();
    expect(within(fair).getByText('打包 1 分钟 · 死区 0.5% · 全量 15 分钟')).toBeTruthy();
    expect(within(fair).getByText(/补发 200 条\/包 · admin .* 修改/)).toBeTruthy();
    expect(within(offline).getByText('离线')).toBeTruthy();
    fireEvent.click(screen.getByText('一般 1'));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
  });

  it('saves settings from the dialog (with the weak-link preset) and refuses values out of range', async () => {
    renderRouted(<WeakNetworkPage />);
    await screen.findByText('1号采集网关');
    fireEvent.click(within(bodyRows()[0]).getByText('上报设置'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('弱网推荐值'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/monitor/links/1', { batchIntervalS: 60, deadbandPct: 0.5, fullReportS: 900, replayMaxRecords: 200 }));

    fireEvent.click(within(bodyRows()[0]).getByText('上报设置'));
    const again = await screen.findByRole('dialog');
    const batch = within(again).getByLabelText('打包间隔');
    fireEvent.change(batch, { target: { value: '' } });
    fireEvent.click(within(again).getByRole('button', { name: /确\s*定/ }));
    expect(await within(again).findByText('请填写打包间隔')).toBeTruthy();
    fireEvent.change(within(again).getByLabelText('变化死区'), { target: { value: '1' } });
    fireEvent.change(within(again).getByLabelText('全量上报间隔'), { target: { value: '0' } });
    fireEvent.click(within(again).getByRole('button', { name: /确\s*定/ }));
    expect(await within(again).findByText('启用变化死区时必须设置全量上报间隔')).toBeTruthy();
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('hides the settings button without telemetry:gateway:link', async () => {
    useSessionStore.setState({ perms: ['telemetry:gateway:stats'] });
    renderRouted(<WeakNetworkPage />);
    await screen.findByText('1号采集网关');
    expect(screen.queryByText('上报设置', { selector: 'button span, button' })).toBeNull();
  });
});
