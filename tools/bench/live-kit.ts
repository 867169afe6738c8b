import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { WsServerFrame } from '@pdz/contracts';
import { BENCH_PASSWORD } from './harness';

/** What the server child reports (live-server.ts). */
export interface Ready {
  port: number;
  mqttPort: number;
  dialect: string;
  stations: number[];
  breaching: number;
  points: number;
  alarmRules: number;
  alarmPoints: number;
  demo: { gatewaysFile: string; stations: number; equipment: number; points: number; alarmConfigs: number; ms: number };
}
export interface ChildStats {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  cpuPct: number;
  rawRows: number;
  alarmEvents: number;
  buffer: { batches: number; samples: number; sortMs: number; writeMs: number };
  /** Samples acknowledged but not yet in the history tables (the embedded store's journal). */
  backlog: number;
}

export interface ServerChild {
  ready: Ready;
  dataDir: string;
  call<T>(cmd: 'baseline' | 'stats' | 'mem' | 'lag'): Promise<T>;
  /** Stops the child (its CPU profile is written on exit), drops the PostgreSQL schema, removes the data. */
  stop(): Promise<void>;
}

/**
 * Starts live-server.ts in a child process on a private data folder (and a private PostgreSQL
 * schema when `databaseUrl` is given), as production runs: its own heap and event loop.
 * RAW_RETENTION_DAYS=0: the daily purge (first run a minute after start) would land mid-run.
 */
export async function startServerChild(databaseUrl: string | null, env: Record<string, string>, profDir?: string): Promise<ServerChild> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdz-bench-live-'));
  const pgSchema = databaseUrl ? `bench_${crypto.randomBytes(4).toString('hex')}` : '';
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'live-server.ts'), [], {
    execArgv: ['--import', 'tsx', ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [])],
    env: { ...process.env, ...env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', BENCH_PG_SCHEMA: pgSchema, ADMIN_PASSWORD: BENCH_PASSWORD, WEB_DIST: '', DEMO: '0', MQTT_PORT: '0', REDIS_URL: '', RAW_RETENTION_DAYS: '0' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<string, ((m: unknown) => void)[]>();
  let failed: Error | null = null;
  const fail = (err: Error) => {
    failed = err;
    for (const list of waiting.values()) for (const f of list) f(err);
    waiting.clear();
  };
  child.on('message', (m: { type: string; msg?: string }) => {
    if (m.type === 'error') return fail(new Error(`server child: ${m.msg}`));
    const list = waiting.get(m.type);
    list?.shift()?.(m);
  });
  child.on('exit', (code) => fail(new Error(`server child exited (${code})`)));
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      if (failed) return reject(failed);
      const list = waiting.get(type) ?? [];
      list.push((m) => (m instanceof Error ? reject(m) : resolve(m as T)));
      waiting.set(type, list);
    });
  const ready = await next<Ready>('ready');
  return {
    ready,
    dataDir,
    call<T>(cmd: 'baseline' | 'stats' | 'mem' | 'lag') {
      const p = next<T>(cmd);
      child.send({ cmd });
      return p;
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.send({ cmd: 'stop' });
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (pgSchema) {
        const pg = await import('pg');
        const client = new pg.default.Client({ connectionString: databaseUrl! });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }) });
  const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`sign-in: ${body.msg}`);
  return body.data.token;
}

/** Receive − sample time of every delivered value, in 1 ms buckets up to 60 s. */
export class Histogram {
  readonly counts = new Uint32Array(60_001);
  n = 0;
  max = 0;
  add(ms: number, times = 1) {
    const b = Math.max(0, Math.min(60_000, Math.round(ms)));
    this.counts[b] += times;
    this.n += times;
    if (ms > this.max) this.max = ms;
  }
  quantile(q: number) {
    let want = Math.ceil(this.n * q);
    for (let i = 0; i < this.counts.length; i++) if ((want -= this.counts[i]) <= 0) return i;
    return this.max;
  }
  reset() {
    this.counts.fill(0);
    this.n = 0;
    this.max = 0;
  }
}

/**
 * A console's websocket: subscribes its channels, then counts the values of delta frames, keeps
 * the newest sample time per point and (when `latency` is set) adds receive − sample time of
 * each value to it.
 */
export class LiveClient {
  values = 0;
  frames = 0;
  bytes = 0;
  /** Snapshots after the first: the hub skipped deltas of a slow socket and resynchronised it. */
  resyncs = 0;
  alarms = 0;
  readonly newest = new Map<number, number>();
  latency: Histogram | null = null;
  private ws!: WebSocket;

  constructor(readonly channels: string[]) {}

  async open(port: number, token: string) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(token)}`, { perMessageDeflate: false });
    let subscribed!: () => void;
    let snapshots = 0;
    const done = new Promise<void>((resolve, reject) => {
      subscribed = resolve;
      this.ws.once('error', reject);
      this.ws.once('close', (code) => reject(new Error(`websocket closed ${code}`)));
    });
    this.ws.on('message', (data: Buffer) => {
      const now = Date.now();
      this.frames++;
      this.bytes += data.length;
      const f = JSON.parse(data.toString()) as WsServerFrame;
      if (f.type === 'hello') this.ws.send(JSON.stringify({ op: 'sub', channels: this.channels, id: 1 }));
      else if (f.type === 'subscribed') {
        if (f.refused.length) throw new Error(`refused: ${JSON.stringify(f.refused)}`);
        subscribed();
      } else if (f.type === 'alarm') this.alarms++;
      else if (f.type === 'points') {
        if (f.snapshot) {
          if (snapshots++ > 0) this.resyncs++;
          return;
        }
        this.values += f.values.length;
        const h = this.latency;
        for (const [p, ts] of f.values) {
          if ((this.newest.get(p) ?? 0) < ts) this.newest.set(p, ts);
          h?.add(now - ts);
        }
      }
    });
    await done;
  }

  close() {
    this.ws.close();
  }
}

export const mib = (b: number) => Math.round(b / 2 ** 20);
