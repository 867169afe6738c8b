import mqtt, { type MqttClient } from 'mqtt';

/** How a gateway's messages reach the server: MQTT QoS 1 (PUBACK after commit) or HTTP ingest. */
export interface Link {
  /** Resolves once the server acknowledged the message (committed); rejects otherwise. */
  send(payload: string): Promise<void>;
  readonly up: boolean;
  open(): void;
  close(): Promise<void>;
}

export class MqttLink implements Link {
  private client: MqttClient | null = null;
  private lastError = 0;

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
    this.client = client;
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
  }

  async send(payload: string): Promise<void> {
    for (;;) {
      if (!this.opened) throw new Error('link closed');
      const res = await fetch(`${this.base.replace(/\/$/, '')}/api/ingest/${encodeURIComponent(this.code)}`, {
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
  }
}
