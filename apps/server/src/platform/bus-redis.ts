import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { BusEventName, BusTransport } from './bus';

export const REDIS_BUS_CHANNEL = 'pdz:bus';

/** Message layout: [format][origin: 8 bytes][event name length][event name][payload]. */
const FORMAT_JSON = 1;
/** telemetry.samples as fixed records: point u32, time f64, value f64, quality u8 (21 bytes, vs ~45 as JSON). */
const FORMAT_SAMPLES = 2;
const ORIGIN_BYTES = 8;
const SAMPLE_BYTES = 21;
const LOG_EVERY_MS = 10_000;

interface Sample {
  p: number;
  t: number;
  v: number;
  q: number;
}

const fitsRecord = (s: Sample) => Number.isInteger(s.p) && s.p >= 0 && s.p <= 0xffffffff && Number.isInteger(s.q) && s.q >= 0 && s.q <= 255;

/** Encodes one bus message (exported for tests). */
export function encodeBusMessage(origin: Buffer, event: BusEventName, payload: unknown): Buffer {
  const name = Buffer.from(event, 'latin1');
  const head = 1 + ORIGIN_BYTES + 1 + name.length;
  const samples = event === 'telemetry.samples' ? (payload as { samples: Sample[] }).samples : null;
  if (samples && samples.every(fitsRecord)) {
    const buf = Buffer.allocUnsafe(head + samples.length * SAMPLE_BYTES);
    writeHead(buf, FORMAT_SAMPLES, origin, name);
    let o = head;
    for (const s of samples) {
      buf.writeUInt32LE(s.p, o);
      buf.writeDoubleLE(s.t, o + 4);
      buf.writeDoubleLE(s.v, o + 12);
      buf.writeUInt8(s.q, o + 20);
      o += SAMPLE_BYTES;
    }
    return buf;
  }
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  const buf = Buffer.allocUnsafe(head + body.length);
  writeHead(buf, FORMAT_JSON, origin, name);
  body.copy(buf, head);
  return buf;
}

function writeHead(buf: Buffer, format: number, origin: Buffer, name: Buffer) {
  buf[0] = format;
  origin.copy(buf, 1, 0, ORIGIN_BYTES);
  buf[1 + ORIGIN_BYTES] = name.length;
  name.copy(buf, 2 + ORIGIN_BYTES);
}

/** Decodes a bus message; null when it is not one or came from `self`. */
export function decodeBusMessage(buf: Buffer, self: Buffer | null): { event: BusEventName; payload: unknown } | null {
  if (buf.length < 2 + ORIGIN_BYTES) return null;
  const format = buf[0];
  if (format !== FORMAT_JSON && format !== FORMAT_SAMPLES) return null;
  if (self && buf.compare(self, 0, ORIGIN_BYTES, 1, 1 + ORIGIN_BYTES) === 0) return null;
  const nameLen = buf[1 + ORIGIN_BYTES];
  const head = 2 + ORIGIN_BYTES + nameLen;
  const event = buf.toString('latin1', 2 + ORIGIN_BYTES, head) as BusEventName;
  if (format === FORMAT_JSON) return { event, payload: JSON.parse(buf.toString('utf8', head)) };
  const n = Math.floor((buf.length - head) / SAMPLE_BYTES);
  const samples: Sample[] = new Array(n);
  for (let i = 0, o = head; i < n; i++, o += SAMPLE_BYTES) {
    samples[i] = { p: buf.readUInt32LE(o), t: buf.readDoubleLE(o + 4), v: buf.readDoubleLE(o + 12), q: buf[o + 20] };
  }
  return { event, payload: { samples } };
}

export interface RedisBusOptions {
  url: string;
  channel?: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Start-up fails when Redis is not reachable within this time (default 10 s). */
  connectTimeoutMs?: number;
}

/**
 * The event bus between server processes over Redis pub/sub (REDIS_URL): one channel, every
 * process publishes what it emits and hears the others; its own messages (same origin id) are
 * ignored. While Redis is unreachable, events are dropped rather than queued (50,000 samples/s
 * must not pile up in memory) and the drop is logged; ioredis reconnects and resubscribes.
 */
export class RedisBusTransport implements BusTransport {
  readonly origin = crypto.randomBytes(ORIGIN_BYTES);
  private readonly channel: string;
  private pub: Redis | null = null;
  private sub: Redis | null = null;
  private dropped = 0;
  private lastLog = 0;

  constructor(private readonly opts: RedisBusOptions) {
    this.channel = opts.channel ?? REDIS_BUS_CHANNEL;
  }

  async start(deliver: (event: BusEventName, payload: unknown) => void): Promise<void> {
    const pub = new Redis(this.opts.url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    const sub = new Redis(this.opts.url, { lazyConnect: true, maxRetriesPerRequest: null });
    this.pub = pub;
    this.sub = sub;
    for (const r of [pub, sub]) r.on('error', (err: Error) => this.complain('Redis 总线连接出错', err));
    sub.on('messageBuffer', (_channel: Buffer, message: Buffer) => {
      let msg: ReturnType<typeof decodeBusMessage>;
      try {
        msg = decodeBusMessage(message, this.origin);
      } catch (err) {
        this.complain('Redis 总线消息无法解析', err);
        return;
      }
      if (msg) deliver(msg.event, msg.payload);
    });
    const timeout = this.opts.connectTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        Promise.all([pub.connect(), sub.connect().then(() => sub.subscribe(this.channel))]),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`无法连接 Redis（REDIS_URL=${redact(this.opts.url)}），${timeout} ms 内没有响应`)), timeout);
        }),
      ]);
    } catch (err) {
      await this.close();
      throw err;
    } finally {
      clearTimeout(timer);
    }
    this.opts.log.info({ channel: this.channel }, 'realtime: Redis event bus attached');
  }

  publish(event: BusEventName, payload: unknown): void {
    const pub = this.pub;
    if (!pub || pub.status !== 'ready') {
      this.dropped++;
      this.complain('Redis 总线不可用，事件未发往其他进程', null);
      return;
    }
    pub.publish(this.channel, encodeBusMessage(this.origin, event, payload)).catch((err: unknown) => {
      this.dropped++;
      this.complain('Redis 总线发布失败', err);
    });
  }

  async close(): Promise<void> {
    const clients = [this.sub, this.pub];
    this.pub = this.sub = null;
    await Promise.all(clients.map((r) => r?.quit().catch(() => r.disconnect())));
  }

  /** Logged at most every 10 s, with the number of events dropped meanwhile. */
  private complain(msg: string, err: unknown) {
    const now = Date.now();
    if (now - this.lastLog < LOG_EVERY_MS) return;
    this.lastLog = now;
    this.opts.log.warn({ err, dropped: this.dropped }, `realtime: ${msg}`);
  }
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
