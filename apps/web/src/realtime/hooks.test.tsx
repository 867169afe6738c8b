import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { TOKEN_COOKIE } from '@/utils/auth';
import { useSessionStore } from '@/stores/session';
import { ConnectionIndicator, LiveValue, realtime, useChannels, useCommState, useLivePoint, useLiveSeries } from './index';
import { socketUrl } from './connection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const store = () => realtime().store;

describe('live hooks', () => {
  it('LiveValue shows -- until the first value, then the formatted value, and flashes on changes only', () => {
    render(<LiveValue pointId={101} precision={1} unit="V" />);
    const el = screen.getByText('--');
    act(() => store().applyPoints([[101, 1, 230.04]]));
    expect(el.textContent).toBe('230.0 V');
    expect(el.className).toBe('pdz-live-value');
    act(() => store().applyPoints([[101, 2, 231.26]]));
    expect(el.textContent).toBe('231.3 V');
    expect(el.className).toContain('is-flash-a');
    act(() => store().applyPoints([[101, 3, 232]]));
    expect(el.className).toContain('is-flash-b');
  });

  it('re-renders a component only for its own point', () => {
    const renders: Record<number, number> = { 201: 0, 202: 0 };
    function Probe({ id }: { id: number }) {
      renders[id]++;
      const v = useLivePoint(id);
      return <span>{v ? v.value : 'none'}</span>;
    }
    render(
      <>
        <Probe id={201} />
        <Probe id={202} />
      </>,
    );
    const before = { ...renders };
    act(() => store().applyPoints([[201, 1, 7]]));
    expect(renders[201]).toBe(before[201] + 1);
    expect(renders[202]).toBe(before[202]);
  });

  it('useLiveSeries and useCommState follow the store', () => {
    let series: ReadonlyArray<readonly [number, number]> = [];
    let comm: { online: boolean } | undefined;
    function Probe() {
      series = useLiveSeries(301, 2);
      comm = useCommState('equipment', 9);
      return null;
    }
    render(<Probe />);
    act(() => store().applyPoints([[301, 1, 1], [301, 2, 2]]));
    act(() => store().applyPoints([[301, 3, 3]]));
    expect(series).toEqual([
      [2, 2],
      [3, 3],
    ]);
    expect(comm).toBeUndefined();
    act(() => store().applyStatus('equipment', [{ id: 9, online: true, at: 1 }]));
    expect(comm).toEqual({ online: true, at: 1 });
  });

  it('connects for held channels with the session token and shows the offline tag when the line drops', async () => {
    const made: { url: string; onclose: ((e: { code: number }) => void) | null; onopen: ((e: unknown) => void) | null; readyState: number; send: () => void; close: () => void }[] = [];
    vi.stubGlobal(
      'WebSocket',
      class {
        readyState = 0;
        onopen = null;
        onclose = null;
        onmessage = null;
        onerror = null;
        constructor(readonly url: string) {
          made.push(this as never);
        }
        send() {}
        close() {}
      },
    );
    Cookies.set(TOKEN_COOKIE, 'abc');
    useSessionStore.setState({ token: 'abc' });
    function Page() {
      useChannels(['station:1', 'alarms']);
      return <ConnectionIndicator />;
    }
    render(<Page />);
    await act(async () => new Promise((r) => setTimeout(r, 5)));
    expect(made).toHaveLength(1);
    expect(made[0].url).toBe(socketUrl('abc'));
    expect(screen.queryByText('实时连接中断，正在重连…')).toBeNull();
    act(() => {
      made[0].readyState = 1;
      made[0].onopen?.({});
    });
    expect(screen.queryByText('实时连接中断，正在重连…')).toBeNull();
    act(() => made[0].onclose?.({ code: 1006 }));
    expect(screen.getByText('实时连接中断，正在重连…')).toBeTruthy();
    // sign-out closes it for good
    act(() => useSessionStore.setState({ token: undefined }));
    expect(screen.queryByText('实时连接中断，正在重连…')).toBeNull();
    Cookies.remove(TOKEN_COOKIE);
  });

  it('builds the socket URL from the API base or the page', () => {
    expect(socketUrl('a b', '', { protocol: 'https:', host: 'pdz.example.com' })).toBe('wss://pdz.example.com/ws?token=a%20b');
    expect(socketUrl('t', '/prod-api/', { protocol: 'http:', host: 'h:8080' })).toBe('ws://h:8080/prod-api/ws?token=t');
    expect(socketUrl('t', 'https://api.example.com', { protocol: 'http:', host: 'x' })).toBe('wss://api.example.com/ws?token=t');
  });
});
