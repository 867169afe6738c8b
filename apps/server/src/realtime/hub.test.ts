import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WsServerFrame } from '@pdz/contracts';
import type { AssetIndex } from './asset-index';
import { Conn } from './conn';
import { Hub } from './hub';

// Fleet: station s holds equipment s*10+k (k = 0..2), equipment e holds points e*100+j (j = 0..4).
const index = {
  equipmentOfPoint: (p: number) => (p >= 100 ? Math.floor(p / 100) : 0),
  stationOfEquipment: (e: number) => Math.floor(e / 10),
  customerOfStation: (s: number) => (s > 0 && s < 100 ? 1 : 0),
  equipmentOfStation: (s: number) => [s * 10, s * 10 + 1, s * 10 + 2],
  pointsOfEquipment: (e: number) => [0, 1, 2, 3, 4].map((j) => e * 100 + j),
  noteUnknownPoint: () => undefined,
  refreshNew: async () => undefined,
  equipmentComm: new Map(),
  gatewayComm: new Map(),
  gateways: () => new Map().entries(),
} as unknown as AssetIndex;

const latest = new Map<number, { ts: number; value: number }>();

function setup(maxChannels = 100) {
  const hub = new Hub(null as never, index, () => latest, maxChannels, 100);
  const make = () => {
    const frames: WsServerFrame[] = [];
    const socket = { bufferedAmount: 0, send: (s: string) => frames.push(JSON.parse(s)), close: vi.fn(), terminate: vi.fn() };
    const conn = new Conn(socket as never, 1, 'h', { sendBufferBytes: 1000 }, (c) => hub.remove(c));
    conn.visible = null;
    hub.add(conn);
    return { conn, socket, frames, deltas: () => frames.filter((f) => f.type === 'points' && !f.snapshot) as { values: number[][] }[] };
  };
  return { hub, make };
}

const sample = (p: number, t: number, v: number) => ({ p, t, v, q: 0 });

afterEach(() => vi.useRealTimers());

describe('Hub fan-out', () => {
  it('sends the first value after a quiet spell at once and later ones at most once per window, newest per point', async () => {
    vi.useFakeTimers();
    const { hub, make } = setup();
    const a = make();
    await hub.subscribe(a.conn, ['station:1']);
    hub.onSamples([sample(1000, 1, 1)]);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.deltas()).toEqual([{ type: 'points', values: [[1000, 1, 1]] }]);
    hub.onSamples([sample(1000, 2, 2), sample(1000, 3, 3), sample(1001, 3, 9)]);
    hub.onSamples([sample(1000, 4, 4)]);
    await vi.advanceTimersByTimeAsync(50);
    expect(a.deltas()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(a.deltas()[1].values).toEqual([
      [1000, 4, 4],
      [1001, 3, 9],
    ]);
    hub.stop();
  });

  it('names each point once for a connection holding nested channels, and serves others from the shared fragment', async () => {
    vi.useFakeTimers();
    const { hub, make } = setup();
    const a = make();
    const b = make();
    await hub.subscribe(a.conn, ['station:1', 'equipment:10', 'point:1000']);
    await hub.subscribe(b.conn, ['station:1']);
    hub.onSamples([sample(1000, 5, 1), sample(1100, 5, 2), sample(2000, 5, 3)]);
    await vi.advanceTimersByTimeAsync(150);
    expect(a.deltas().map((f) => f.values)).toEqual([
      [
        [1000, 5, 1],
        [1100, 5, 2],
      ],
    ]);
    expect(b.deltas().map((f) => f.values)).toEqual([
      [
        [1000, 5, 1],
        [1100, 5, 2],
      ],
    ]);
    hub.stop();
  });

  it('skips deltas while a socket is behind, sends a snapshot once it drains, and drops it after 15 s behind', async () => {
    vi.useFakeTimers();
    latest.set(1000, { ts: 50, value: 7 });
    const { hub, make } = setup();
    const a = make();
    await hub.subscribe(a.conn, ['point:1000']);
    const before = a.frames.length;
    a.socket.bufferedAmount = 5000;
    hub.onSamples([sample(1000, 50, 7)]);
    await vi.advanceTimersByTimeAsync(300);
    expect(a.frames.length).toBe(before);
    a.socket.bufferedAmount = 0;
    await vi.advanceTimersByTimeAsync(1000);
    expect(a.frames.slice(before)).toEqual([{ type: 'points', snapshot: true, values: [[1000, 50, 7]] }]);
    a.socket.bufferedAmount = 5000;
    hub.onSamples([sample(1000, 60, 8)]);
    await vi.advanceTimersByTimeAsync(16_000);
    expect(a.socket.terminate).toHaveBeenCalled();
    expect(hub.conns.size).toBe(0);
    hub.stop();
  });

  it('refuses channels beyond the limit of one connection', async () => {
    const { hub, make } = setup(2);
    const a = make();
    await hub.subscribe(a.conn, ['station:1', 'station:2', 'station:3', 'station:1']);
    const sub = a.frames.find((f) => f.type === 'subscribed') as { channels: string[]; refused: { channel: string; reason: string }[] };
    expect(sub.channels).toEqual(['station:1', 'station:2']);
    expect(sub.refused).toEqual([{ channel: 'station:3', reason: '订阅的频道过多（每个连接最多 2 个）' }]);
    hub.stop();
  });
});
