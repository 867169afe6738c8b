import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WS_BACKOFF_MAX_MS, WS_BACKOFF_MIN_MS, WS_CLOSE_UNAUTHORIZED, WS_SILENCE_MS } from '@pdz/contracts';
import { backoffDelay, RealtimeClient, type SocketLike } from './client';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: unknown[] = [];
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // server side
  accept() {
    this.readyState = 1;
    this.onopen?.({});
    this.frame({ type: 'hello', userId: 1, serverTime: Date.now() });
  }
  frame(f: unknown) {
    this.onmessage?.({ data: JSON.stringify(f) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  ops(op: string) {
    return (this.sent as { op: string; channels: string[] }[]).filter((f) => f.op === op).map((f) => f.channels);
  }
}

let sockets: FakeSocket[];
let token: string | undefined;
let unauthorized: number;
let noConfirm: number[];

const make = () =>
  new RealtimeClient({
    url: (t) => `ws://x/ws?token=${t}`,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    getToken: () => token,
    onUnauthorized: () => unauthorized++,
    onNoConfirm: (n) => noConfirm.push(n),
    random: () => 0.5,
  });

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'tok';
  unauthorized = 0;
  noConfirm = [];
});
afterEach(() => vi.useRealTimers());

describe('backoff', () => {
  it('doubles from 1 s to 30 s with ±20 % jitter', () => {
    expect(backoffDelay(0, () => 0.5)).toBe(WS_BACKOFF_MIN_MS);
    expect(backoffDelay(1, () => 0.5)).toBe(2 * WS_BACKOFF_MIN_MS);
    expect(backoffDelay(20, () => 0.5)).toBe(WS_BACKOFF_MAX_MS);
    expect(backoffDelay(0, () => 0)).toBe(0.8 * WS_BACKOFF_MIN_MS);
    expect(backoffDelay(0, () => 0.999999)).toBeCloseTo(1.2 * WS_BACKOFF_MIN_MS, -1);
  });
});

describe('RealtimeClient', () => {
  it('connects when a channel is held, subscribes once per channel across holders, unsubscribes after the last release', async () => {
    const c = make();
    expect(sockets).toHaveLength(0);
    const a = c.retain(['station:1', 'alarms']);
    const b = c.retain(['station:1']);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('ws://x/ws?token=tok');
    expect(c.state).toBe('connecting');
    sockets[0].accept();
    expect(c.state).toBe('open');
    expect(sockets[0].ops('sub')).toEqual([['station:1', 'alarms']]);
    a();
    a(); // a second call releases nothing more
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sockets[0].ops('unsub')).toEqual([['alarms']]);
    expect(c.held()).toEqual(['station:1']);
    b();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sockets[0].closedWith).toBe(1000); // nothing held: the socket goes
  });

  it('nets out a release and re-hold in the same tick (StrictMode, page switch)', async () => {
    const c = make();
    c.retain(['point:5'])();
    c.retain(['point:5']);
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].accept();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sockets[0].ops('sub')).toEqual([['point:5']]);
    expect(sockets[0].ops('unsub')).toEqual([]);
  });

  it('goes offline on a loss, reconnects with growing backoff and resubscribes everything', async () => {
    const c = make();
    c.retain(['station:1']);
    c.retain(['messages']);
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].drop(); // never opened
    expect(c.state).toBe('offline');
    await vi.advanceTimersByTimeAsync(WS_BACKOFF_MIN_MS - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1].drop();
    await vi.advanceTimersByTimeAsync(2 * WS_BACKOFF_MIN_MS);
    expect(sockets).toHaveLength(3);
    sockets[2].accept();
    expect(c.state).toBe('open');
    expect(sockets[2].ops('sub')).toEqual([['station:1', 'messages']]);
    // after a hello the backoff starts again at the minimum
    sockets[2].drop();
    await vi.advanceTimersByTimeAsync(WS_BACKOFF_MIN_MS);
    expect(sockets).toHaveLength(4);
  });

  it('treats silence as a dead line', async () => {
    const c = make();
    c.retain(['alarms']);
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].accept();
    await vi.advanceTimersByTimeAsync(WS_SILENCE_MS - 1000);
    sockets[0].frame({ type: 'pong', serverTime: 1 });
    await vi.advanceTimersByTimeAsync(WS_SILENCE_MS - 1000);
    expect(c.state).toBe('open');
    // pings go out meanwhile so a quiet server still answers
    expect(sockets[0].sent.filter((f) => (f as { op: string }).op === 'ping').length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.state).toBe('offline');
    expect(sockets[0].closedWith).toBeDefined();
    await vi.advanceTimersByTimeAsync(WS_BACKOFF_MIN_MS);
    expect(sockets).toHaveLength(2);
  });

  it('on 4401 stops and hands over to the 401 handling, without reconnecting', async () => {
    const c = make();
    c.retain(['alarms']);
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].accept();
    sockets[0].drop(WS_CLOSE_UNAUTHORIZED);
    expect(unauthorized).toBe(1);
    c.retain(['station:2']); // a page mounting meanwhile does not reconnect either
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('does not connect without a token, and stops on sign-out until resumed', async () => {
    token = undefined;
    const c = make();
    c.retain(['alarms']);
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(0);
    token = 'tok2';
    c.resume();
    await vi.advanceTimersByTimeAsync(0);
    sockets[0].accept();
    sockets[0].frame({ type: 'points', values: [[1, 10, 2]] });
    expect(c.store.point(1)).toEqual({ ts: 10, value: 2 });
    c.stop();
    expect(sockets[0].closedWith).toBe(1000);
    expect(c.store.point(1)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('dispatches points, status, alarms and the bell count', async () => {
    const c = make();
    const alarms: unknown[] = [];
    c.onAlarm((kind, alarm) => alarms.push([kind, alarm.id]));
    c.retain(['alarms']);
    await vi.advanceTimersByTimeAsync(0);
    const s = sockets[0];
    s.accept();
    s.frame({ type: 'points', values: [[1, 20, 5], [2, 20, 6]], snapshot: true });
    s.frame({ type: 'points', values: [[1, 10, 4]] }); // late: ignored
    s.frame({ type: 'status', equipment: [{ id: 3, online: false, at: 7 }], gateways: [{ id: 4, online: true, at: 8 }] });
    s.frame({ type: 'alarm', event: 'raised', alarm: { id: 9 } });
    s.frame({ type: 'messages', noConfirm: 12, messageId: 3 });
    s.frame('not json at all');
    expect(c.store.point(1)).toEqual({ ts: 20, value: 5 });
    expect(c.store.commState('equipment', 3)).toEqual({ online: false, at: 7 });
    expect(c.store.commState('gateway', 4)).toEqual({ online: true, at: 8 });
    expect(alarms).toEqual([['raised', 9]]);
    expect(noConfirm).toEqual([12]);
  });
});
