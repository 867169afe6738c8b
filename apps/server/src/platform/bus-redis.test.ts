import { describe, expect, it } from 'vitest';
import { decodeBusMessage, encodeBusMessage, RedisBusTransport } from './bus-redis';

const origin = Buffer.from('0123456789abcdef', 'hex');
const silent = { warn: () => undefined, info: () => undefined };

describe('Redis bus encoding', () => {
  it('packs telemetry samples as 21-byte records and reads them back exactly', () => {
    const samples = [
      { p: 1, t: 1_732_245_600_000, v: 230.5, q: 0 },
      { p: 4_000_000_000, t: 1_732_245_600_123, v: -0.001, q: 3 },
    ];
    const buf = encodeBusMessage(origin, 'telemetry.samples', { samples });
    expect(buf.length).toBe(1 + 8 + 1 + 'telemetry.samples'.length + 2 * 21);
    expect(decodeBusMessage(buf, null)).toEqual({ event: 'telemetry.samples', payload: { samples } });
  });

  it('falls back to JSON for other events and for samples that do not fit the records', () => {
    const odd = { samples: [{ p: 1.5, t: 1, v: 2, q: 0 }] };
    expect(decodeBusMessage(encodeBusMessage(origin, 'telemetry.samples', odd), null)).toEqual({ event: 'telemetry.samples', payload: odd });
    const msg = { messageId: 7, userIds: [1, 2] };
    expect(decodeBusMessage(encodeBusMessage(origin, 'message.created', msg), null)).toEqual({ event: 'message.created', payload: msg });
  });

  it('ignores its own messages and garbage', () => {
    const buf = encodeBusMessage(origin, 'session.ended', { userId: 1 });
    expect(decodeBusMessage(buf, origin)).toBeNull();
    expect(decodeBusMessage(buf, Buffer.from('ffffffffffffffff', 'hex'))).not.toBeNull();
    expect(decodeBusMessage(Buffer.from('hello world'), null)).toBeNull();
  });
});

describe.skipIf(!process.env.REDIS_URL)('Redis bus transport', () => {
  it('delivers what one process publishes to the others, not back to itself', async () => {
    const channel = `pdz:bus:test:${Date.now()}:${Math.random()}`;
    const a = new RedisBusTransport({ url: process.env.REDIS_URL!, channel, log: silent });
    const b = new RedisBusTransport({ url: process.env.REDIS_URL!, channel, log: silent });
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    await a.start((event, payload) => gotA.push({ event, payload }));
    await b.start((event, payload) => gotB.push({ event, payload }));
    try {
      const samples = Array.from({ length: 20_000 }, (_, i) => ({ p: i + 1, t: 1_700_000_000_000 + i, v: i / 10, q: 0 }));
      a.publish('telemetry.samples', { samples });
      a.publish('gateway.status', { id: 3, online: true, at: 5 });
      for (let i = 0; i < 100 && gotB.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(gotB).toEqual([
        { event: 'telemetry.samples', payload: { samples } },
        { event: 'gateway.status', payload: { id: 3, online: true, at: 5 } },
      ]);
      expect(gotA).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('fails start-up with a clear message when Redis cannot be reached', async () => {
    const t = new RedisBusTransport({ url: 'redis://127.0.0.1:1', log: silent, connectTimeoutMs: 2000 });
    await expect(t.start(() => undefined)).rejects.toThrow();
  });
});
