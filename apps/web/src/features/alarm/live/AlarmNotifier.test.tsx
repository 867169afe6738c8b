import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AlarmEventKind, AlarmRow } from '@pdz/contracts';
import { renderRouted } from '@/components/crud/test-utils';
import { alarmRow } from './fixtures';

const get = vi.hoisted(() => vi.fn());
const post = vi.hoisted(() => vi.fn());
vi.mock('@/api/request', () => ({ get, post, request: vi.fn(), RequestError: class extends Error {} }));
const live = vi.hoisted(() => ({ handler: null as null | ((kind: AlarmEventKind, a: AlarmRow) => void), channels: [] as unknown[] }));
vi.mock('@/realtime', () => ({
  useAlarmEvents: (h: (kind: AlarmEventKind, a: AlarmRow) => void) => {
    live.handler = h;
  },
  useChannels: (c: unknown[]) => {
    live.channels = c;
  },
  useConnectionState: () => 'open',
}));
/** The tone itself needs Web Audio; here only whether it was asked for, and for which level. */
const played = vi.hoisted(() => [] as number[]);
vi.mock('./sound', async (orig) => ({
  ...(await orig<typeof import('./sound')>()),
  AlarmSound: class {
    attach() {}
    detach() {}
    play(level: number) {
      played.push(level);
      return true;
    }
  },
}));

const { AlarmNotifier } = await import('./AlarmNotifier');
const { useSessionStore } = await import('@/stores/session');

let muted = false;
function route(url: string) {
  if (url === '/api/alarm/prefs') return Promise.resolve({ soundMuted: muted });
  if (url === '/api/alarm/event/pageList') return Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: 100 });
  if (url === '/api/alarm/summary') return Promise.resolve({ activeByLevel: {}, active: 0, unconfirmed: 0, today: 0 });
  return Promise.reject(new Error(`unexpected ${url}`));
}

function renderNotifier() {
  return renderRouted(<AlarmNotifier />);
}
/** Pop-ups on screen (jsdom never ends the leave animation of a closed one). */
const openNotices = () => document.querySelectorAll('.alarm-notice:not(.ant-notification-fade-leave)');
const prefsLoaded = () => waitFor(() => expect(get.mock.calls.some((c) => c[0] === '/api/alarm/prefs')).toBe(true));

beforeEach(() => {
  muted = false;
  played.length = 0;
  live.handler = null;
  live.channels = [];
  get.mockReset().mockImplementation(route);
  post.mockReset().mockResolvedValue({ confirmed: 1 });
  useSessionStore.setState({ perms: ['alarm:event:list', 'alarm:event:confirm'] });
});
afterEach(() => cleanup());
// Closing pop-ups finish their animation a moment after unmount: let that run before jsdom goes.
afterAll(() => new Promise((r) => setTimeout(r, 300)));

describe('alarm notifier', { timeout: 30_000 }, () => {
  it('subscribes to alarms; a new level-1 alarm pops up with 查看/确认 and sounds', async () => {
    renderNotifier();
    expect(live.channels).toEqual(['alarms']);
    await prefsLoaded();
    act(() => live.handler!('raised', alarmRow({ id: 5, title: '1号配电房 水浸告警' })));
    expect(await screen.findByText('1号配电房 水浸告警')).toBeTruthy();
    expect(screen.getByText('新告警')).toBeTruthy();
    expect(screen.getByText('站点：1号配电站')).toBeTruthy();
    expect(screen.getByRole('button', { name: /查\s*看/ })).toBeTruthy();
    expect(played).toEqual([1]);
  });

  it('levels 3–4 pop up without sound; muted users hear nothing', async () => {
    renderNotifier();
    await prefsLoaded();
    act(() => live.handler!('raised', alarmRow({ id: 6, level: 3, title: '配电房温度过高' })));
    expect(await screen.findByText('配电房温度过高')).toBeTruthy();
    expect(played).toEqual([]);
    cleanup();

    muted = true;
    get.mockClear();
    renderNotifier();
    await prefsLoaded();
    await waitFor(() => expect(live.handler).toBeTruthy());
    // Let the muted preference reach the component before the alarm.
    await new Promise((r) => setTimeout(r, 50));
    act(() => live.handler!('raised', alarmRow({ id: 7, level: 1, title: '烟雾报警' })));
    expect(await screen.findByText('烟雾报警')).toBeTruthy();
    expect(played).toEqual([]);
  });

  it('确认 in the pop-up opens the note dialog; once confirmed the pop-up goes', async () => {
    renderNotifier();
    await prefsLoaded();
    act(() => live.handler!('raised', alarmRow({ id: 8, title: '2号变压器 超温跳闸' })));
    await screen.findByText('2号变压器 超温跳闸');
    expect(openNotices()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /确\s*认/ }));
    const note = await screen.findByLabelText('确认说明');
    fireEvent.change(note, { target: { value: '已安排检修' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/alarm/event/confirm', { ids: [8], note: '已安排检修' }));
    await waitFor(() => expect(openNotices()).toHaveLength(0));
  });

  it('a confirmation made elsewhere closes the pop-up', async () => {
    renderNotifier();
    await prefsLoaded();
    const a = alarmRow({ id: 9, title: '3号柜 门被打开', level: 2 });
    act(() => live.handler!('raised', a));
    await screen.findByText('3号柜 门被打开');
    act(() => live.handler!('confirmed', { ...a, state: 'confirmed', confirmedBy: '李工', confirmedAt: 1 }));
    await waitFor(() => expect(openNotices()).toHaveLength(0));
  });

  it('users without alarm:event:list get no pop-ups and no subscription', () => {
    useSessionStore.setState({ perms: ['system:user:list'] });
    renderNotifier();
    expect(live.handler).toBeNull();
    expect(live.channels).toEqual([]);
    expect(get).not.toHaveBeenCalled();
  });
});
