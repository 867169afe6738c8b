import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import type { Sample } from './types';
import { zoneBuckets, type Buckets } from './rollup/buckets';
import { purgeRaw } from './rollup/retention';
import { createStore, telDb, type TelemetryStore } from './store/store';
import { RuleCache } from './rules/rule-cache';
import { WriteBuffer } from './buffer/write-buffer';
import { IngestStats } from './ingest/stats';
import { CommState } from './ingest/comm-state';
import { GatewayDirectory } from './ingest/gateways';
import { IngestPipeline } from './ingest/pipeline';
import { ingestHttpRoutes } from './ingest/http';
import { startEmbeddedMqtt, type MqttEndpoint } from './ingest/mqtt-embedded';
import { startExternalMqtt, type ExternalSubscriber } from './ingest/mqtt-external';
import { telemetryQueryRoutes } from './query/query.routes';
import { configTopic, linkConfigs } from './ingest/link-config';

const STATS_EVERY_MS = 1000;
const RETENTION_EVERY_MS = 24 * 3_600_000;
const RETENTION_FIRST_MS = 60_000;

/**
 * The telemetry core of one server process: ingest (HTTP now, MQTT once `startMqtt` is called),
 * rules, the durable write buffer, the store with its rollups, communication state, retention and
 * the query calls. Later parts (websocket, alarms) read `latest` and listen to the bus events
 * `telemetry.samples`, `gateway.status` and `equipment.status`.
 */
export class Telemetry {
  /** Latest value per point, as committed (loaded at start, kept by every batch). */
  readonly latest = new Map<number, { ts: number; value: number }>();
  private mqtt: MqttEndpoint | ExternalSubscriber | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private closing = false;

  constructor(
    private readonly ctx: AppContext,
    readonly buckets: Buckets,
    readonly store: TelemetryStore,
    readonly rules: RuleCache,
    readonly buffer: WriteBuffer,
    readonly stats: IngestStats,
    readonly comm: CommState,
    readonly directory: GatewayDirectory,
    readonly pipeline: IngestPipeline,
    private readonly logger: FastifyBaseLogger,
  ) {}

  get isClosing() {
    return this.closing;
  }

  /** Keeps `latest` and tells listeners; called after each commit. */
  committed(inserted: Sample[]) {
    this.remember(inserted);
    if (inserted.length) this.ctx.bus.emit('telemetry.samples', { samples: inserted });
  }

  remember(samples: Sample[]) {
    for (const s of samples) {
      const cur = this.latest.get(s.p);
      if (!cur || s.t > cur.ts) this.latest.set(s.p, { ts: s.t, value: s.v });
    }
  }

  /**
   * Starts MQTT ingest: the external broker when MQTT_URL is set, else the embedded endpoint on
   * MQTT_PORT (throws a clear error when a port set by MQTT_PORT is taken; the default 1883 taken,
   * e.g. by a local Mosquitto, falls back to a free port and says so in `fallbackFrom`). Returns the
   * embedded port.
   */
  async startMqtt(override: { port?: number; url?: string | null } = {}): Promise<{ port: number | null; fallbackFrom?: number }> {
    const { config } = this.ctx;
    const log = this.logger;
    const url = override.url !== undefined ? override.url : config.mqttUrl;
    if (url) {
      this.mqtt = await startExternalMqtt({ url, group: config.telemetry.mqttShareGroup, clientId: config.telemetry.mqttClientId ?? undefined, directory: this.directory, pipeline: this.pipeline, log });
      await this.publishLinkConfig();
      return { port: null };
    }
    const port = override.port ?? config.telemetry.mqttPort;
    const start = (p: number) => startEmbeddedMqtt({ port: p, host: config.host, directory: this.directory, pipeline: this.pipeline, log });
    let endpoint: MqttEndpoint;
    let fallbackFrom: number | undefined;
    try {
      endpoint = await start(port);
    } catch (err) {
      const fallback = (err as { code?: string }).code === 'EADDRINUSE' && override.port === undefined && !config.telemetry.mqttPortExplicit && port !== 0;
      if (!fallback) throw err;
      endpoint = await start(0);
      fallbackFrom = port;
    }
    this.mqtt = endpoint;
    await this.publishLinkConfig();
    return { port: endpoint.port, fallbackFrom };
  }

  /**
   * Tells gateways their upload settings (弱网优化) as retained MQTT messages: one gateway's after
   * a change (and ingest's own view of it: how long it may stay silent), every gateway's when MQTT
   * starts. Without MQTT, gateways read them over HTTP.
   */
  async publishLinkConfig(gatewayId?: number) {
    if (gatewayId !== undefined) await this.directory.refresh(gatewayId);
    const mqtt = this.mqtt;
    if (!mqtt) return;
    for (const { code, config } of await linkConfigs(telDb(this.ctx), { gatewayId })) {
      await mqtt.publishRetained(configTopic(code), JSON.stringify(config)).catch((err) => this.logger.warn({ err, gateway: code }, 'telemetry: gateway settings not published'));
    }
  }

  startTimers() {
    const every = (ms: number, job: () => Promise<unknown>, first = ms) => {
      let running = false;
      const run = () => {
        if (running || this.closing) return;
        running = true;
        job()
          .catch((err) => this.logger.error({ err }, 'telemetry: background job failed'))
          .finally(() => (running = false));
      };
      const start = setTimeout(() => {
        run();
        const repeat = setInterval(run, ms);
        repeat.unref();
        this.timers.push(repeat);
      }, first);
      start.unref();
      this.timers.push(start);
    };
    every(STATS_EVERY_MS, () => (this.stats.dirty ? this.stats.persist() : Promise.resolve()));
    every(this.ctx.config.telemetry.commCheckMs, () => this.comm.tick());
    every(RETENTION_EVERY_MS, () => purgeRaw(telDb(this.ctx), this.ctx.config.telemetry.rawRetentionDays), RETENTION_FIRST_MS);
  }

  /** Stops ingest, writes what is buffered and the counters; the database closes after this. */
  async stop() {
    if (this.closing) return;
    this.closing = true;
    for (const t of this.timers) clearTimeout(t);
    const mqtt = this.mqtt;
    this.mqtt = null;
    await mqtt?.close().catch((err) => this.logger.warn({ err }, 'telemetry: MQTT close failed'));
    await this.buffer.close();
    await this.stats.persist();
    await this.comm.settle();
  }
}

/** Builds the telemetry core on the app: routes now, timers started; MQTT waits for `startMqtt`. */
export async function startTelemetry(app: FastifyInstance, ctx: AppContext): Promise<Telemetry> {
  const db = telDb(ctx);
  const cfg = ctx.config.telemetry;
  const buckets = zoneBuckets(ctx.config.zoneOffsetMinutes);
  const store = createStore(ctx, buckets, (msg) => app.log.warn(msg));
  const rules = new RuleCache(db);
  ctx.bus.on('rawrule.changed', (e) => rules.invalidate(e.gatewayId));
  const stats = new IngestStats(db);
  const comm = new CommState(db, ctx.bus, app.log, { offlineFactor: cfg.offlineFactor, persistEveryMs: 30_000 });
  await comm.load();
  const directory = new GatewayDirectory(db);

  let telemetry: Telemetry | null = null;
  const buffer = new WriteBuffer(
    { maxSamples: cfg.bufferMax, batchSamples: cfg.batchSamples, flushMs: cfg.flushMs, deferFrom: cfg.journalFrom },
    (batch, mode) => store.write(batch, (p) => rules.kindOf(p) === 'ym', mode),
    (inserted) => telemetry?.committed(inserted),
    (err) => app.log.error({ err }, 'telemetry: batch not committed'),
  );
  const pipeline = new IngestPipeline(rules, buffer, stats, comm, app.log, { maxRecords: cfg.maxRecordsPerMessage, maxFutureMs: 3_600_000 });
  telemetry = new Telemetry(ctx, buckets, store, rules, buffer, stats, comm, directory, pipeline, app.log);

  for (const row of await db.selectFrom('tel_latest').select(['point_id', 'ts', 'value']).execute()) {
    telemetry.latest.set(row.point_id, { ts: row.ts, value: row.value });
  }

  const t = telemetry;
  ctx.bus.on('gateway.status', (e, meta) => {
    if (!meta.remote && !e.online) stats.offline(e.id, e.at);
  });
  // Another process committed these: keep this process's latest values (its websocket snapshots).
  ctx.bus.on('telemetry.samples', (e, meta) => {
    if (meta.remote) t.remember(e.samples);
  });
  await ingestHttpRoutes(app, { db, directory, pipeline, closing: () => t.isClosing });
  await telemetryQueryRoutes(app, ctx, { buckets, persistStats: () => stats.persist() });
  app.addHook('preClose', async () => t.stop());
  t.startTimers();
  return t;
}
