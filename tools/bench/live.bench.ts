import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import mqtt from 'mqtt';
import { buildStations, readGatewaysFile } from '../simulator/src/fleet';
import { GatewaySim } from '../simulator/src/gateway';
import { startSimulator } from '../simulator/src/simulator';
import { Histogram, LiveClient, mib, signIn, startServerChild, type ChildStats, type ServerChild } from './live-kit';
import { rate } from './raw-insert';

/** Samples of the end-to-end run (~100 records per gateway of the demo fleet). */
const THROUGHPUT_SAMPLES = Number(process.env.BENCH_LIVE_SAMPLES || 1_200_000);
/** Messages awaiting PUBACK per gateway connection in the throughput run. */
const WINDOW = 8;
const LATENCY_PPS = Number(process.env.BENCH_LIVE_PPS || 50_000);
const CLIENTS = 100;
const ALL_CLIENTS = 5;
const WARMUP_S = Number(process.env.BENCH_LIVE_WARMUP_S || 6);
const STEADY_S = Number(process.env.BENCH_LIVE_STEADY_S || 20);

interface Baseline {
  samplesPerSec: number;
  storeSamplesPerSec: number;
  storeMs: number;
  journalSamplesPerSec: number;
  journalMs: number;
  moveMs: number;
  batches: number;
  batchSamples: number;
  onceMs: number;
  fourMs: number;
  perSampleUs: number;
  perPointUs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => os.loadavg().map((x) => x.toFixed(2)).join(', ');

/**
 * Issue 4's live figures, on the demo fleet (12 stations, 18 gateways, its alarm rules) served by
 * a child process as in production (live-server.ts): (1) end-to-end ingest MQTT → durable →
 * latest → alarm check → websocket, against the raw batched-insert rate of the same database in
 * the same run; (2) sample-to-websocket latency at a steady LATENCY_PPS with 100 consoles; (3) the
 * server's memory meanwhile. SQLite always; PostgreSQL too when DATABASE_URL is set.
 * BENCH_PROF=dir writes the server child's CPU profile there (summarise with live-profile.ts).
 */
export async function benchLive() {
  console.log(`machine: ${os.cpus().length} cores, load average ${load()} (shared); server child and load generator are separate processes, not pinned`);
  const settings = ['TELEMETRY_FLUSH_MS', 'TELEMETRY_BATCH', 'TELEMETRY_BUFFER_MAX', 'WS_COALESCE_MS'].map((k) => `${k}=${process.env[k] ?? '(default)'}`);
  console.log(`settings: ${settings.join(' ')}`);
  await runOn(null);
  if (process.env.DATABASE_URL) await runOn(process.env.DATABASE_URL);
  else console.log('\n(PostgreSQL skipped: DATABASE_URL is not set)');
}

async function runOn(databaseUrl: string | null) {
  const server = await startServerChild(databaseUrl, {}, process.env.BENCH_PROF || undefined);
  try {
    const r = server.ready;
    const name = r.dialect === 'sqlite' ? 'SQLite (embedded)' : 'PostgreSQL';
    console.log(
      `\n## Live on ${name}: demo fleet ${r.stations.length} stations, ${r.demo.equipment} equipment, ${r.points} reported points; ` +
        `${r.alarmRules} alarm rules on ${r.alarmPoints} points, ${r.breaching} of them breached by every reading (seeded in ${r.demo.ms} ms)`,
    );
    const baseline = await server.call<Baseline>('baseline');
    const token = await signIn(r.port);
    // BENCH_LIVE_ONLY=throughput|latency runs one part (when tuning settings).
    const only = process.env.BENCH_LIVE_ONLY;
    if (only !== 'latency') await throughput(server, token, baseline);
    if (only !== 'throughput') await latency(server, token);
  } finally {
    await server.stop();
  }
}

async function throughput(server: ServerChild, token: string, baseline: Baseline) {
  const r = server.ready;
  // PostgreSQL takes several times longer: half the samples keep the suite within ~3 minutes.
  const target = r.dialect === 'sqlite' ? THROUGHPUT_SAMPLES : THROUGHPUT_SAMPLES / 2;
  const rawRate = baseline.samplesPerSec;
  const doc = readGatewaysFile(r.demo.gatewaysFile);
  const stations = buildStations(doc);
  const gateways = doc.gateways.map((g) => new GatewaySim(g, stations));
  const tags = gateways.reduce((a, g) => a + g.tagCount, 0);
  const perGateway = Math.ceil(target / tags);
  // Records of the past (1 s apart, ending a minute ago) with the simulator's readings, made before the clock starts.
  const t0 = Math.floor(Date.now() / 1000) * 1000 - (perGateway + 60) * 1000;
  const lastTs = t0 + (perGateway - 1) * 1000;
  let started = performance.now();
  const payloads = gateways.map((g) => {
    g.restore(t0, undefined, new Map());
    return Array.from({ length: perGateway }, (_, k) => JSON.stringify(g.record(t0 + k * 1000)));
  });
  const samples = tags * perGateway;
  const genMs = performance.now() - started;

  // Consoles: one on every station, and one per station.
  const watcher = new LiveClient([...r.stations.map((id) => `station:${id}`), 'alarms']);
  const others = r.stations.map((id) => new LiveClient([`station:${id}`]));
  await Promise.all([watcher, ...others].map((c) => c.open(r.port, token)));
  const links = await Promise.all(gateways.map((g) => mqtt.connectAsync(`mqtt://127.0.0.1:${r.mqttPort}`, { username: g.code, password: g.secret, reconnectPeriod: 0 })));
  const before = await server.call<ChildStats>('stats');
  const cpu = process.cpuUsage();

  started = performance.now();
  await Promise.all(
    links.map(async (link, i) => {
      const topic = `gw/${gateways[i].code}/up`;
      const inFlight = new Set<Promise<unknown>>();
      for (const payload of payloads[i]) {
        const p = link.publishAsync(topic, payload, { qos: 1 }).finally(() => inFlight.delete(p));
        inFlight.add(p);
        if (inFlight.size >= WINDOW) await Promise.race(inFlight);
      }
      await Promise.all(inFlight);
    }),
  );
  const ackMs = performance.now() - started;
  // Every point's last acknowledged value must reach the console subscribed to everything.
  const arrived = () => {
    let n = 0;
    for (const ts of watcher.newest.values()) if (ts === lastTs) n++;
    return n;
  };
  while (arrived() < tags && performance.now() - started < ackMs + 30_000) await sleep(5);
  const wsMs = performance.now() - started;
  const parentCpu = process.cpuUsage(cpu);
  // The embedded store moves journaled samples into the history tables after the acknowledgement.
  while ((await server.call<ChildStats>('mem')).backlog > 0 && performance.now() - started < wsMs + 60_000) await sleep(20);
  const historyMs = performance.now() - started;
  const after = await server.call<ChildStats>('stats');
  await Promise.all(links.map((l) => l.endAsync()));
  for (const c of [watcher, ...others]) c.close();

  const stored = after.rawRows - before.rawRows;
  const batches = after.buffer.batches - before.buffer.batches;
  const pct = (x: number) => `${Math.round(x * 100)} %`;
  // PostgreSQL writes the history in every commit: the journal rows are the embedded store's.
  const journalRows =
    r.dialect !== 'sqlite'
      ? []
      : [
          {
            what: `journal append of the same batches (what an acknowledgement waits for under load; median, ${Math.round(baseline.journalMs)} ms each)`,
            'points/s': baseline.journalSamplesPerSec,
            ms: Math.round((samples / baseline.journalSamplesPerSec) * 1000),
            'ratio to baseline': (baseline.journalSamplesPerSec / rawRate).toFixed(2),
          },
          {
            what: `journal → history of one such batch alone (median, ${Math.round(baseline.moveMs)} ms each; under load a move takes seconds of batches at once)`,
            'points/s': rate(baseline.batchSamples, baseline.moveMs),
            ms: Math.round((samples / rate(baseline.batchSamples, baseline.moveMs)) * 1000),
            'ratio to baseline': (rate(baseline.batchSamples, baseline.moveMs) / rawRate).toFixed(2),
          },
        ];
  console.log(`\n### 1. End to end: ${samples.toLocaleString()} samples = ${perGateway} records × ${gateways.length} gateways (${tags.toLocaleString()} tags), one MQTT connection per gateway, QoS 1, ${WINDOW} in flight each`);
  console.table([
    { what: `raw batched insert of the same database (baseline, median of ${baseline.batches} commits of ${baseline.batchSamples.toLocaleString()})`, 'points/s': rawRate, ms: Math.round((samples / rawRate) * 1000), 'ratio to baseline': '1.00' },
    { what: `store commit of the same batches: raw, latest, 3 rollups, kWh (median, ${Math.round(baseline.storeMs)} ms each)`, 'points/s': baseline.storeSamplesPerSec, ms: Math.round((samples / baseline.storeSamplesPerSec) * 1000), 'ratio to baseline': (baseline.storeSamplesPerSec / rawRate).toFixed(2) },
    ...journalRows,
    { what: 'MQTT in → committed (PUBACK of every message)', 'points/s': rate(samples, ackMs), ms: Math.round(ackMs), 'ratio to baseline': (rate(samples, ackMs) / rawRate).toFixed(2) },
    { what: 'MQTT in → last value on the websocket', 'points/s': rate(samples, wsMs), ms: Math.round(wsMs), 'ratio to baseline': (rate(samples, wsMs) / rawRate).toFixed(2) },
    { what: 'MQTT in → all in the history tables (raw, rollups)', 'points/s': rate(samples, historyMs), ms: Math.round(historyMs), 'ratio to baseline': (rate(samples, historyMs) / rawRate).toFixed(2) },
  ]);
  console.log(
    `checks: ${stored.toLocaleString()} of ${samples.toLocaleString()} samples stored in tel_raw; ${arrived().toLocaleString()} of ${tags.toLocaleString()} points' last values on the websocket ` +
      `(${watcher.values.toLocaleString()} values delivered to the all-stations console, the rest coalesced); ${after.alarmEvents - before.alarmEvents} alarms raised (${watcher.alarms} alarm frames on the websocket); ${batches} commits (${Math.round(stored / Math.max(1, batches))} samples each)`,
  );
  const raw = 1e6 / rawRate;
  console.log(
    `store commit cost: ${Math.round(baseline.onceMs)} ms for every point once, ${Math.round(baseline.fourMs)} ms for every point 4 times → ` +
      `≈ ${baseline.perSampleUs.toFixed(1)} µs per sample (bare insert ${raw.toFixed(1)} µs) + ${baseline.perPointUs.toFixed(1)} µs per point in the commit (latest, 15m/day/month rows, kWh): ` +
      `${Math.round((r.points * baseline.perPointUs) / 1000)} ms of every commit that touches the whole fleet`,
  );
  console.log(
    `CPU over the run: server ${pct(after.cpuPct / 100)} of a core, load generator ${pct((parentCpu.user + parentCpu.system) / 1000 / wsMs)}; records made in ${Math.round(genMs)} ms beforehand; ` +
      `targets ≥ 100,000 points/s and ≥ 50 % of the raw rate; load ${load()}`,
  );
}

async function latency(server: ServerChild, token: string) {
  const r = server.ready;
  const hist = new Histogram();
  // 95 consoles on one station each (spread over the stations), 5 on every station.
  const clients = Array.from({ length: CLIENTS }, (_, i) =>
    i < CLIENTS - ALL_CLIENTS ? new LiveClient([`station:${r.stations[i % r.stations.length]}`]) : new LiveClient(r.stations.map((id) => `station:${id}`)),
  );
  for (let i = 0; i < clients.length; i += 20) await Promise.all(clients.slice(i, i + 20).map((c) => c.open(r.port, token)));
  const logs: string[] = [];
  const sim = await startSimulator({ gatewaysFile: r.demo.gatewaysFile, url: `mqtt://127.0.0.1:${r.mqttPort}`, pointsPerSecond: LATENCY_PPS, outages: false, log: (m) => logs.push(m) });
  await sleep(WARMUP_S * 1000);

  for (const c of clients) c.latency = hist;
  await server.call('lag'); // from here on
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const c0 = { ...sim.counters };
  const v0 = clients.map((c) => c.values);
  const b0 = clients.reduce((a, c) => a + c.bytes, 0);
  const cpu = process.cpuUsage();
  const s0 = await server.call<ChildStats>('mem');
  const started = performance.now();
  const mem: ChildStats[] = [];
  while (performance.now() - started < STEADY_S * 1000) {
    await sleep(2000);
    mem.push(await server.call<ChildStats>('mem'));
  }
  const ms = performance.now() - started;
  for (const c of clients) c.latency = null;
  const committed = await server.call<{ p50: number; p90: number; p99: number }>('lag');
  delay.disable();
  const parentCpu = process.cpuUsage(cpu);
  const c1 = { ...sim.counters };
  const simLog = logs.filter((l) => /失败|error/i.test(l)); // before stop(), which fails what is in flight
  await sim.stop();
  for (const c of clients) c.close();

  const acked = c1.ackedSamples - c0.ackedSamples;
  const delivered = clients.reduce((a, c, i) => a + c.values - v0[i], 0);
  const allDelivered = clients.slice(-ALL_CLIENTS).reduce((a, c, i) => a + c.values - v0[CLIENTS - ALL_CLIENTS + i], 0) / ALL_CLIENTS;
  const bytes = clients.reduce((a, c) => a + c.bytes, 0) - b0;
  const resyncs = clients.reduce((a, c) => a + c.resyncs, 0);
  const serverCpu = mem.reduce((a, m) => a + m.cpuPct, 0) / mem.length;
  const b1 = mem[mem.length - 1].buffer;
  const commits = b1.batches - s0.buffer.batches;
  const rss = mem.map((m) => m.rss);
  const heap = mem.map((m) => m.heapUsed);
  console.log(`\n### 2. Latency: simulator at ${LATENCY_PPS.toLocaleString()} points/s (18 gateways, QoS 1), ${CLIENTS} consoles (${CLIENTS - ALL_CLIENTS} on one station each, ${ALL_CLIENTS} on all ${r.stations.length}); ${WARMUP_S} s warm-up, ${Math.round(ms / 1000)} s measured`);
  console.table([
    {
      'acked points/s': rate(acked, ms),
      'sample → committed p50/p99 ms': `${committed.p50} / ${committed.p99}`,
      'sample → websocket p50 ms': hist.quantile(0.5),
      p90: hist.quantile(0.9),
      p99: hist.quantile(0.99),
      max: Math.round(hist.max),
      'values delivered/s (100 consoles)': rate(delivered, ms),
      'MB/s sent': ((bytes / ms) * 1000 / 1e6).toFixed(1),
    },
  ]);
  console.log(
    `all-stations consoles got ${Math.round((allDelivered / Math.max(1, acked)) * 100)} % of the acknowledged values (the rest coalesced: a newer value of the point in the same window); ` +
      `${commits} commits of ${Math.round((b1.samples - s0.buffer.samples) / Math.max(1, commits))} samples, ${((b1.writeMs - s0.buffer.writeMs) / Math.max(1, commits)).toFixed(0)} ms each; slow-consumer resyncs ${resyncs}; records the simulator skipped (server behind) ${c1.skippedRecords - c0.skippedRecords}; send errors ${c1.errors}; backlog at the end ${c1.backlog} records`,
  );
  console.log(
    `3. Server memory at steady state: rss ${mib(Math.min(...rss))}–${mib(Math.max(...rss))} MiB, heap used ${mib(Math.min(...heap))}–${mib(Math.max(...heap))} MiB; ` +
      `server CPU ${Math.round(serverCpu)} % of a core, load generator + consoles ${Math.round(((parentCpu.user + parentCpu.system) / 1000 / ms) * 100)} % ` +
      `(its event-loop delay p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, part of the measured latency); target p99 ≤ 250 ms; load ${load()}`,
  );
  if (simLog.length) console.log(`simulator: ${simLog.slice(0, 3).join(' | ')}`);
}
