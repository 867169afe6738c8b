import {
  WS_BACKOFF_MAX_MS,
  WS_BACKOFF_MIN_MS,
  WS_CLOSE_UNAUTHORIZED,
  WS_MAX_CHANNELS,
  WS_PING_MS,
  WS_SILENCE_MS,
  type AlarmEventKind,
  type AlarmRow,
  type WsServerFrame,
} from '@pdz/contracts';
import { LiveStore } from './live-store';

export type ConnectionState = 'connecting' | 'open' | 'offline';

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface ClientDeps {
  /** The socket URL for a token (`/ws?token=`). */
  url(token: string): string;
  createSocket(url: string): SocketLike;
  getToken(): string | undefined;
  /** Close 4401: the session is gone; do what the HTTP client does on 401. */
  onUnauthorized(): void;
  onNoConfirm(n: number): void;
  /** 0 ≤ x < 1, for the jitter. */
  random?: () => number;
}

const OPEN = 1;
/** Channels released are unsubscribed after this, so a page switch does not churn the server. */
const RELEASE_GRACE_MS = 2_000;

/** Reconnect delay after `attempt` failures: 1 s doubling to 30 s, ±20 % jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(WS_BACKOFF_MAX_MS, WS_BACKOFF_MIN_MS * 2 ** Math.min(attempt, 30));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * The console's one websocket (design.md §6). Components hold channels (ref-counted); the socket
 * is open while any channel is held and a token exists, subscribes what is held, reconnects with
 * backoff after any loss (silence of WS_SILENCE_MS counts as a loss) and subscribes everything
 * again, which also brings the latest values again. Close 4401 ends the session like an HTTP 401.
 */
export class RealtimeClient {
  readonly store = new LiveStore();
  private readonly counts = new Map<string, number>();
  /** What the server was asked to hold on the current socket. */
  private readonly sent = new Set<string>();
  private readonly alarmHandlers = new Set<(kind: AlarmEventKind, alarm: AlarmRow) => void>();
  private readonly stateListeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private stateValue: ConnectionState = 'connecting';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private nextId = 1;

  constructor(private readonly deps: ClientDeps) {}

  get state(): ConnectionState {
    return this.stateValue;
  }

  onState(fn: () => void): () => void {
    this.stateListeners.add(fn);
    return () => this.stateListeners.delete(fn);
  }

  onAlarm(fn: (kind: AlarmEventKind, alarm: AlarmRow) => void): () => void {
    this.alarmHandlers.add(fn);
    return () => this.alarmHandlers.delete(fn);
  }

  /** Holds channels until the returned function is called (each call releases once). */
  retain(channels: readonly string[]): () => void {
    const list = [...new Set(channels)];
    for (const ch of list) this.counts.set(ch, (this.counts.get(ch) ?? 0) + 1);
    this.schedule(0);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const ch of list) {
        const n = (this.counts.get(ch) ?? 0) - 1;
        if (n > 0) this.counts.set(ch, n);
        else this.counts.delete(ch);
      }
      this.schedule(RELEASE_GRACE_MS);
    };
  }

  /** Channels held right now (tests, diagnostics). */
  held(): string[] {
    return [...this.counts.keys()];
  }

  /** Signed out: closes the socket and forgets the values; held channels stay for the next sign-in. */
  stop() {
    this.stopped = true;
    this.teardown();
    this.store.clear();
    this.attempt = 0;
    this.setState('connecting');
  }

  /** A token is there again (sign-in): connect if anything is held. */
  resume() {
    this.stopped = false;
    this.schedule(0);
  }

  /** Coalesces changes of held channels into one sync (and lets a remount in the same tick net out). */
  private schedule(ms: number) {
    if (this.syncTimer !== null) {
      if (ms > 0) return;
      clearTimeout(this.syncTimer);
    }
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null;
      this.sync();
    }, ms);
  }

  private sync() {
    if (this.stopped) return;
    if (!this.counts.size) {
      // Nothing held: the socket can go (it comes back when a page holds channels again).
      if (this.socket || this.reconnectTimer) {
        this.teardown();
        this.setState('connecting');
      }
      return;
    }
    if (!this.socket && !this.reconnectTimer) {
      this.open();
      return;
    }
    if (this.socket?.readyState !== OPEN) return;
    const add = [...this.counts.keys()].filter((ch) => !this.sent.has(ch));
    const drop = [...this.sent].filter((ch) => !this.counts.has(ch));
    if (drop.length) this.sendOp('unsub', drop);
    if (add.length) this.sendOp('sub', add);
  }

  private sendOp(op: 'sub' | 'unsub', channels: string[]) {
    for (let i = 0; i < channels.length; i += WS_MAX_CHANNELS) {
      const part = channels.slice(i, i + WS_MAX_CHANNELS);
      this.socket!.send(JSON.stringify({ op, channels: part, id: this.nextId++ }));
      for (const ch of part) {
        if (op === 'sub') this.sent.add(ch);
        else this.sent.delete(ch);
      }
    }
  }

  private open() {
    const token = this.deps.getToken();
    if (!token) return;
    let socket: SocketLike;
    try {
      socket = this.deps.createSocket(this.deps.url(token));
    } catch {
      this.lost();
      return;
    }
    this.socket = socket;
    this.sent.clear();
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.heard();
      this.pingTimer = setInterval(() => socket.readyState === OPEN && socket.send('{"op":"ping"}'), WS_PING_MS);
      this.setState('open');
      this.sync();
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      this.heard();
      this.dispatch(ev.data);
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (ev.code === WS_CLOSE_UNAUTHORIZED) {
        this.stopped = true;
        this.setState('offline');
        this.deps.onUnauthorized();
        return;
      }
      this.lost();
    };
    socket.onerror = () => undefined; // a close follows
    this.heard();
  }

  /** The connection is gone: offline, and another try after the backoff. */
  private lost() {
    this.setState('offline');
    if (this.stopped || !this.counts.size) return;
    const delay = backoffDelay(this.attempt++, this.deps.random);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.sync();
    }, delay);
  }

  /** Any frame (or the open) proves the line alive; WS_SILENCE_MS without one means it is dead. */
  private heard() {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      const s = this.socket;
      if (!s) return;
      this.socket = null;
      this.clearTimers();
      s.close();
      this.lost();
    }, WS_SILENCE_MS);
  }

  private dispatch(data: unknown) {
    if (typeof data !== 'string') return;
    let frame: WsServerFrame;
    try {
      frame = JSON.parse(data) as WsServerFrame;
    } catch {
      return;
    }
    switch (frame.type) {
      case 'hello':
        this.attempt = 0;
        break;
      case 'points':
        this.store.applyPoints(frame.values);
        break;
      case 'status':
        if (frame.equipment) this.store.applyStatus('equipment', frame.equipment);
        if (frame.gateways) this.store.applyStatus('gateway', frame.gateways);
        break;
      case 'alarm':
        for (const fn of [...this.alarmHandlers]) fn(frame.event, frame.alarm);
        break;
      case 'messages':
        this.deps.onNoConfirm(frame.noConfirm);
        break;
      case 'subscribed':
        if (frame.refused.length) console.warn('实时订阅被拒绝', frame.refused);
        break;
      case 'error':
        console.warn('实时连接：', frame.msg);
        break;
    }
  }

  private teardown() {
    const s = this.socket;
    this.socket = null;
    this.clearTimers();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.sent.clear();
    s?.close(1000, 'bye');
  }

  private clearTimers() {
    if (this.silenceTimer) clearTimeout(this.silenceTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.silenceTimer = this.pingTimer = null;
  }

  private setState(s: ConnectionState) {
    if (s === this.stateValue) return;
    this.stateValue = s;
    for (const fn of [...this.stateListeners]) fn();
  }
}
