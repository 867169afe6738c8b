import WebSocket from 'ws';
import type { WsServerFrame } from '@pdz/contracts';
import type { TestApp } from '../../test/harness';

/** A websocket client of the tests: records every frame and waits for the ones asked for. */
export class WsProbe {
  readonly frames: WsServerFrame[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as WsServerFrame);
      this.wake();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      this.wake();
    });
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first recorded frame (from `from` on) that matches; waits up to `ms`. */
  async next<T extends WsServerFrame['type']>(type: T, match: (f: Extract<WsServerFrame, { type: T }>) => boolean = () => true, ms = 3000, from = 0): Promise<Extract<WsServerFrame, { type: T }>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.frames.slice(from).find((f) => f.type === type && match(f as Extract<WsServerFrame, { type: T }>));
      if (found) return found as Extract<WsServerFrame, { type: T }>;
      const left = deadline - Date.now();
      if (left <= 0 || this.closed) throw new Error(`no ${type} frame within ${ms} ms; got ${JSON.stringify(this.frames).slice(0, 600)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitClosed(ms = 3000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + ms;
    while (!this.closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (!this.closed) throw new Error('socket not closed');
    return this.closed;
  }

  close() {
    this.ws.close();
  }
}

/** Starts listening on a free local port (once) and returns its ws:// base. */
export async function listen(t: TestApp): Promise<string> {
  const addr = t.app.server.address();
  if (addr && typeof addr === 'object') return `ws://127.0.0.1:${addr.port}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.app.server.address() as { port: number };
  return `ws://127.0.0.1:${a.port}`;
}

/** Opens /ws with the token; resolves once the socket is open (the hello frame may follow). */
export async function connect(base: string, token: string): Promise<WsProbe> {
  const ws = new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`);
  const probe = new WsProbe(ws);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('close', () => resolve());
  });
  return probe;
}

/** Subscribes and waits for the answer. */
export async function subscribe(probe: WsProbe, channels: string[], id = Math.floor(Math.random() * 1e9)) {
  const from = probe.frames.length;
  probe.send({ op: 'sub', channels, id });
  return probe.next('subscribed', (f) => f.id === id, 5000, from);
}
