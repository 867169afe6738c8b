import { buildStations, readGatewaysFile, type GatewaysFile } from './fleet';
import { GatewaySim, type UpRecord } from './gateway';
import { gatewayOutage } from './environment';
import { hash01 } from './noise';
import { loadServerRegisters, loadState, saveState, type SimState } from './state';
import { HttpLink, MqttLink, type Link } from './transport';
import { LinkPolicy } from './link-policy';
import type { GatewayLinkSettings } from '@pdz/contracts';

export interface SimulatorOptions {
  /** demo-gateways.json path, or the parsed document. */
  gatewaysFile?: string;
  doc?: GatewaysFile;
  /** MQTT broker (mqtt://host:port); ignored when `http` is set. */
  url?: string;
  /** Server base URL: use HTTP ingest (POST /api/ingest/{code}) instead of MQTT. */
  http?: string;
  /** Only the first n gateways of the file. */
  only?: number;
  /** Report interval (s) for every gateway, overriding the file's (which the demo seed sets to 60). */
  intervalS?: number;
  /**
   * Load mode: records per second per gateway (≤ 1000), sent as fast as acknowledged, with
   * `ts` spaced 1000/rate ms from the start. Off = real time, one record per report interval.
   */
  rate?: number;
  /** Load mode by total target: samples (points) per second over all selected gateways; sets `rate`. */
  pointsPerSecond?: number;
  /** Energy registers and thermal state across restarts (off in load mode unless given). */
  stateFile?: string | null;
  /** Readings the server already holds (tag → {value, ts}); registers never start below them. */
  serverLatestFile?: string;
  /** Fill up to this many hours before now (or since the last record) at `backfillStepS`. */
  backfillHours?: number;
  backfillStepS?: number;
  /** Simulated link outages (default on in real time, off in load mode). */
  outages?: boolean;
  /** When a gateway's link is down (default: environment.ts gatewayOutage, a few minutes on about one day in three). */
  outageSchedule?: (gatewayCode: string, seed: number, ts: number) => boolean;
  /** Messages awaiting acknowledgement per gateway (default 1 in real time: strict order; 4 in load mode). */
  window?: number;
  log?: (msg: string) => void;
}

export interface SimulatorCounters {
  records: number;
  samples: number;
  messages: number;
  ackedRecords: number;
  ackedSamples: number;
  ackedMessages: number;
  errors: number;
  /** Load mode: records not made because the server did not keep up. */
  skippedRecords: number;
  /** Records waiting to be sent (all gateways). */
  backlog: number;
  startedAt: number;
}

export interface Simulator {
  counters: SimulatorCounters;
  gateways: GatewaySim[];
  /** Tags no generator knows (sent as 0). */
  unknownTags(): string[];
  /** The upload settings a gateway read from the server (null: no such gateway). */
  linkSettings(code: string): GatewayLinkSettings | null;
  /** Resolves when every backfill record has been acknowledged. */
  backfilled: Promise<void>;
  stop(): Promise<void>;
}

interface Queued {
  json: string;
  samples: number;
  ts: number;
}

const MAX_MESSAGE_BYTES = 800_000;
const TICK_MS = 250;
const LOAD_TICK_MS = 20;

class Runner {
  outbox: Queued[] = [];
  inflight = 0;
  offline = false;
  nextTs = 0;
  /** The settings the gateway read from the server; defaults (every record at once, every reading) until then. */
  readonly policy = new LinkPolicy();
  constructor(
    readonly g: GatewaySim,
    readonly link: Link,
    readonly window: number,
    readonly c: SimulatorCounters,
    readonly log: (msg: string) => void,
  ) {}

  queue(r: UpRecord) {
    const samples = Object.keys(r.values).length;
    this.outbox.push({ json: JSON.stringify(r), samples, ts: r.ts });
    this.c.records++;
    this.c.samples += samples;
    this.c.backlog++;
  }

  pump() {
    while (!this.offline && this.link.up && this.inflight < this.window && this.outbox.length && this.policy.due(this.outbox[0].ts, Date.now())) {
      const take: Queued[] = [];
      let bytes = 0;
      while (this.outbox.length && (take.length === 0 || (take.length < this.policy.maxRecords && bytes + this.outbox[0].json.length < MAX_MESSAGE_BYTES))) {
        const q = this.outbox.shift()!;
        bytes += q.json.length;
        take.push(q);
      }
      // One record alone; a backlog as an ordered array (store-and-forward).
      const payload = take.length === 1 ? take[0].json : `[${take.map((q) => q.json).join(',')}]`;
      this.inflight++;
      this.c.messages++;
      this.link
        .send(payload)
        .then(() => {
          this.c.ackedMessages++;
          this.c.ackedRecords += take.length;
          this.c.ackedSamples += take.reduce((a, q) => a + q.samples, 0);
          this.c.backlog -= take.length;
        })
        .catch((err: Error) => {
          this.outbox.unshift(...take);
          if (this.offline) return; // cut by a simulated outage: sent again after it
          this.c.errors++;
          if (this.c.errors <= 5 || this.c.errors % 100 === 0) this.log(`网关 ${this.g.code} 发送失败，稍后重发 (send failed, will retry): ${err.message}`);
        })
        .finally(() => {
          this.inflight--;
          setImmediate(() => this.pump());
        });
    }
  }
}

/**
 * Makes the demo fleet live: one connection per gateway, records on each gateway's report
 * interval (or at `rate` in load mode), simulated outages with store-and-forward, energy
 * registers persisted across restarts, optional backfill. Returns counters and stop().
 */
export async function startSimulator(opts: SimulatorOptions): Promise<Simulator> {
  const log = opts.log ?? ((m: string) => console.log(`[模拟器] ${m}`));
  const doc = opts.doc ?? readGatewaysFile(opts.gatewaysFile!);
  const stations = buildStations(doc);
  const files = doc.gateways.slice(0, opts.only ?? doc.gateways.length);
  const gateways = files.map((g) => new GatewaySim(g, stations, opts.intervalS));
  const totalTags = gateways.reduce((a, g) => a + g.tagCount, 0);
  const rate = opts.pointsPerSecond ? Math.min(1000, opts.pointsPerSecond / totalTags) : opts.rate;
  const loadMode = !!rate;
  const outages = opts.outages ?? !loadMode;
  const stateFile = opts.stateFile ?? null;
  const counters: SimulatorCounters = { records: 0, samples: 0, messages: 0, ackedRecords: 0, ackedSamples: 0, ackedMessages: 0, errors: 0, skippedRecords: 0, backlog: 0, startedAt: Date.now() };

  const saved = stateFile ? loadState(stateFile) : null;
  const server = loadServerRegisters(opts.serverLatestFile);
  const now = Date.now();
  const backfillMs = loadMode ? 0 : Math.max(0, (opts.backfillHours ?? 0) * 3_600_000);
  const stepMs = Math.max(60, opts.backfillStepS ?? 900) * 1000;

  const runners = gateways.map((g) => {
    const link = opts.http ? new HttpLink(opts.http, g.code, g.secret) : new MqttLink(opts.url!, g.code, g.secret, log);
    return new Runner(g, link, opts.window ?? (loadMode ? 4 : 1), counters, log);
  });
  // Like a real gateway, the demo reads its upload settings from the server (弱网优化); a load generator does not.
  if (!loadMode) {
    for (const r of runners) {
      r.link.onConfig((c) => {
        const was = JSON.stringify(r.policy.settings);
        r.policy.apply(c);
        if (JSON.stringify(r.policy.settings) !== was) log(`网关 ${r.g.code} 收到上报设置 (link settings): 打包 ${c.batchIntervalS} 秒, 死区 ${c.deadbandPct}%, 全量 ${c.fullReportS} 秒, 补发 ${c.replayMaxRecords} 条/包`);
      });
    }
  }

  let backfillRecords = 0;
  for (const r of runners) {
    const g = r.g;
    const prev = saved?.gateways[g.code];
    g.seq = prev?.seq ?? 0;
    const lastTs = Math.max(prev?.lastTs ?? 0, server.lastTs);
    const intervalMs = g.reportIntervalS * 1000;
    const phase = Math.floor(hash01(g.seed, 1) * intervalMs);
    // Backfill slots: step-aligned times after the last record (or now − hours), before live starts.
    const liveFirst = loadMode ? now : Math.ceil((now - phase) / intervalMs) * intervalMs + phase;
    const from = Math.max(now - backfillMs, lastTs + 1);
    const fillTimes: number[] = [];
    if (backfillMs > 0) for (let t = Math.ceil(from / stepMs) * stepMs; t < liveFirst - intervalMs; t += stepMs) fillTimes.push(t);
    g.restore(fillTimes[0] ?? liveFirst, saved?.equipment, server.registers);
    for (const t of fillTimes) r.queue(g.record(t));
    backfillRecords += fillTimes.length;
    r.nextTs = liveFirst;
  }
  const snapshot = (): SimState => ({
    version: 1,
    savedAt: Date.now(),
    gateways: { ...(saved?.gateways ?? {}), ...Object.fromEntries(gateways.map((g) => [g.code, { seq: g.seq, lastTs: g.lastTs }])) },
    equipment: Object.assign({}, saved?.equipment ?? {}, ...gateways.map((g) => g.states())),
  });
  if (stateFile) saveState(stateFile, snapshot());
  if (backfillRecords) log(`回填 ${backfillRecords} 条历史记录 (backfilling ${backfillRecords} records, ${counters.samples} samples)`);
  const unknown = gateways.flatMap((g) => g.unknown);
  for (const r of runners) r.link.open();

  const backfillTarget = counters.records;
  const backfilled = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (counters.ackedRecords >= backfillTarget) {
        clearInterval(check);
        resolve();
      }
    }, 100);
    check.unref?.();
  });

  let stopped = false;
  let reported = false;
  const tick = () => {
    if (stopped) return;
    const t = Date.now();
    let made = false;
    for (const r of runners) {
      const g = r.g;
      if (outages) {
        const down = opts.outageSchedule ? opts.outageSchedule(g.code, g.seed, t) : gatewayOutage(g.seed, t);
        if (down && !r.offline) {
          r.offline = true;
          void r.link.close();
          log(`网关 ${g.code} 模拟断线，数据暂存本地 (simulated outage, buffering)`);
        } else if (!down && r.offline) {
          r.offline = false;
          r.link.open();
          log(`网关 ${g.code} 恢复连接，补发 ${r.outbox.length} 条 (reconnected, sending backlog)`);
        }
      }
      if (loadMode) {
        const step = 1000 / rate!;
        const cap = Math.max(8, rate! * 2);
        while (r.nextTs <= t) {
          if (r.outbox.length >= cap) {
            const missed = Math.floor((t - r.nextTs) / step) + 1;
            counters.skippedRecords += missed;
            r.nextTs += missed * step;
            break;
          }
          r.queue(g.record(Math.round(r.nextTs)));
          r.nextTs += step;
          made = true;
        }
      } else {
        const intervalMs = g.reportIntervalS * 1000;
        while (r.nextTs <= t) {
          r.queue(r.policy.filter(g.record(r.nextTs)));
          r.nextTs += intervalMs;
          made = true;
        }
      }
    }
    // The state goes to disk before the records it covers leave.
    if (made && stateFile) saveState(stateFile, snapshot());
    if (made && !reported) {
      reported = true;
      const u = gateways.flatMap((g) => g.unknown);
      if (u.length) log(`${u.length} 个测点没有对应的生成规则，按 0 发送 (unknown point keys, sent as 0): ${u.slice(0, 20).join(', ')}`);
    }
    for (const r of runners) r.pump();
  };
  const timer = setInterval(tick, loadMode ? LOAD_TICK_MS : TICK_MS);
  setImmediate(tick);
  log(
    `${gateways.length} 个网关、${totalTags} 个测点，` +
      (loadMode ? `压测模式 ${rate!.toFixed(2)} 条/秒/网关 ≈ ${Math.round(rate! * totalTags)} 点/秒` : `实时模式，上报周期 ${gateways[0]?.reportIntervalS ?? '-'} 秒`) +
      ` → ${opts.http ? opts.http : opts.url}`,
  );

  return {
    counters,
    gateways,
    unknownTags: () => [...new Set([...unknown, ...gateways.flatMap((g) => g.unknown)])],
    linkSettings: (code) => runners.find((r) => r.g.code === code)?.policy.settings ?? null,
    backfilled,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      // Give acknowledgements in flight a moment, then keep what is unsent in the state's past.
      const until = Date.now() + 3000;
      while (runners.some((r) => r.inflight > 0) && Date.now() < until) await new Promise((res) => setTimeout(res, 50));
      if (stateFile) saveState(stateFile, snapshot());
      await Promise.all(runners.map((r) => r.link.close()));
    },
  };
}
