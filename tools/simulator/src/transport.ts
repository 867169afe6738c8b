import mqtt, { type MqttClient } from 'mqtt';
import type { GatewayLinkConfig } from '@pdz/contracts';

/** How often a gateway on HTTP reads its settings again. */
const CONFIG_POLL_MS = 60_000;

/** How a gateway's messages reach the server: MQTT QoS 1 (PUBACK after commit) or HTTP ingest. */
export interface Link {
  /** Resolves once the server acknowledged the message (committed); rejects otherwise. */
  send(payload: string): Promise<void>;
  readonly up: boolean;
  open(): void;
  close(): Promise<void>;
  /** Settings from the server (弱网优化): MQTT retained message on gw/{code}/config, or read over HTTP. */
  onConfig(listener: (c: GatewayLinkConfig) => void): void;
}

const parseConfig = (text: string): GatewayLinkConfig | null => {
  try {
    const c = JSON.parse(text) as GatewayLinkConfig;
    return typeof c.batchIntervalS === 'number' ? c : null;
  } catch {
    return null;
  }
};

export class MqttLink implements Link {
  private client: MqttClient | null = null;
  private lastError = 0;
  private configListener: ((c: GatewayLinkConfig) => void) | null = null;

  constructor(
    private readonly url: string,
    private readonly code: string,
    private readonly secret: string,
    private readonly log: (msg: string) => void,
  ) {}

  get up() {
    return !!this.client?.connected;
  }

  open() {
    if (this.client) return;
    const client = mqtt.connect(this.url, {
      username: this.code,
      password: this.secret,
      clientId: `sim-${this.code}-${process.pid}-${Date.now().toString(36)}`,
      clean: true,
      reconnectPeriod: 3000,
      connectTimeout: 10_000,
      keepalive: 60,
    });
    client.on('error', (err) => {
      if (Date.now() - this.lastError > 30_000) this.log(`网关 ${this.code} MQTT 错误 (error): ${err.message}`);
      this.lastError = Date.now();
    });
    if (this.configListener) {
      const topic = `gw/${this.code}/config`;
      client.on('connect', () => void client.subscribeAsync(topic, { qos: 1 }).catch(() => undefined));
      client.on('message', (t, payload) => {
        const c = t === topic ? parseConfig(payload.toString()) : null;
        if (c) this.configListener?.(c);
      });
    }
    this.client = client;
  }

  onConfig(listener: (c: GatewayLinkConfig) => void) {
    this.configListener = listener;
  }

  async send(payload: string): Promise<void> {
    const c = this.client;
    if (!c) throw new Error('link closed');
    // A forced end leaves QoS 1 messages in flight unanswered: close() fails them so they are requeued.
    await new Promise<void>((resolve, reject) => {
      this.pending.add(reject);
      c.publishAsync(`gw/${this.code}/up`, payload, { qos: 1 })
        .then(() => resolve(), reject)
        .finally(() => this.pending.delete(reject));
    });
  }

  private readonly pending = new Set<(err: Error) => void>();

  async close() {
    const c = this.client;
    this.client = null;
    for (const reject of this.pending) reject(new Error('link closed'));
    this.pending.clear();
    if (c) await c.endAsync(true).catch(() => undefined);
  }
}

export class HttpLink implements Link {
  private opened = false;
  private configTimer: NodeJS.Timeout | null = null;
  private configListener: ((c: GatewayLinkConfig) => void) | null = null;

  constructor(
    private readonly base: string,
    private readonly code: string,
    private readonly secret: string,
  ) {}

  get up() {
    return this.opened;
  }

  open() {
    this.opened = true;
    if (this.configListener && !this.configTimer) {
      void this.readConfig();
      this.configTimer = setInterval(() => void this.readConfig(), CONFIG_POLL_MS);
      this.configTimer.unref();
    }
  }

  onConfig(listener: (c: GatewayLinkConfig) => void) {
    this.configListener = listener;
  }

  private async readConfig() {
    try {
      const res = await fetch(`${this.url('config')}`, { headers: { 'x-gateway-secret': this.secret } });
      const body = (await res.json()) as { data?: unknown };
      const c = res.ok ? parseConfig(JSON.stringify(body.data)) : null;
      if (c) this.configListener?.(c);
    } catch {
      // The next poll tries again; the gateway keeps its last settings meanwhile.
    }
  }

  private url(path = '') {
    return `${this.base.replace(/\/$/, '')}/api/ingest/${encodeURIComponent(this.code)}${path ? `/${path}` : ''}`;
  }

  async send(payload: string): Promise<void> {
    for (;;) {
      if (!this.opened) throw new Error('link closed');
      const res = await fetch(this.url(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-gateway-secret': this.secret },
        body: payload,
      });
      if (res.status === 503) {
        await res.arrayBuffer();
        await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
        continue;
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${text.slice(0, 200)}`);
      return;
    }
  }

  async close() {
    this.opened = false;
    if (this.configTimer) clearInterval(this.configTimer);
    this.configTimer = null;
  }
}
