import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { loadConfig } from '../../apps/server/src/platform/config';
import { buildApp } from '../../apps/server/src/app';
import { freePort, makeFleet } from '../../apps/server/src/telemetry/testkit';
import type { Sample } from '../../apps/server/src/telemetry/types';
import { sortUnique } from '../../apps/server/src/telemetry/buffer/write-buffer';
import { createRawTable, median, plainInsert, rate } from './raw-insert';

const POINTS = 1000;
const STEPS = 200; // samples per point: 200,000 samples per run
const BATCH = 20_000;
const MESSAGE = 100; // samples per gateway message
const CONNECTIONS = 10; // MQTT connections in the end-to-end run

/** Samples of `POINTS` points (every 10th an accumulator), one per second for `STEPS` seconds from `base`. */
function makeSamples(pointIds: number[], base: number): Sample[] {
  const out: Sample[] = [];
  for (let step = 0; step < STEPS; step++) {
    for (let i = 0; i < pointIds.length; i++) out.push({ p: pointIds[i], t: base + step * 1000, v: i % 10 === 0 ? 1000 + step * 0.5 : 230 + Math.sin(step + i), q: 0 });
  }
  return out; // in arrival order (time-major), as gateways send them
}

/**
 * Ingest throughput on this machine: samples through the write buffer into the store (sort, raw
 * rows, latest values, three rollup levels, accumulator consumption; one durable commit per batch)
 * against a plain batched insert of the same rows into a table of the same shape, measured in the
 * same run; then end to end over MQTT QoS 1 (several connections) to the embedded endpoint (parse, rules, buffer, store,
 * PUBACK after the commit). SQLite always; PostgreSQL too when DATABASE_URL is set.
 */
export async function benchIngest() {
  await runOn(null);
  if (process.env.DATABASE_URL) await runOn(process.env.DATABASE_URL);
}

async function runOn(databaseUrl: string | null) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdz-bench-ingest-'));
  const pgSchema = databaseUrl ? `bench_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const base = loadConfig({ ...process.env, DATABASE_URL: databaseUrl ?? '', DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench#2026pw', WEB_DIST: '', DEMO: '0' });
  const config = { ...base, logLevel: 'silent', telemetry: { ...base.telemetry, batchSamples: BATCH, bufferMax: 10 * BATCH } };
  const { app, ctx } = await buildApp(config, { pgSchema, logger: false });
  const dialect = ctx.dialect;
  try {
    const fleet = await makeFleet(
      ctx.db,
      Array.from({ length: POINTS }, (_, i) => ({ key: `P${i}`, kind: i % 10 === 0 ? ('ym' as const) : ('yc' as const) })),
    );
    const pointIds = Array.from({ length: POINTS }, (_, i) => fleet.points[`P${i}`]);
    const telemetry = ctx.telemetry!;
    // Rule kinds are known once the gateway's rules were loaded (as on the first message).
    await telemetry.rules.rulesOf(fleet.gateway.id);

    // Baseline: the same rows, sorted, in batches of the same size, into a bare table of the same
    // shape. Baseline and store commits alternate batch by batch, so both meet the same load of
    // this shared machine; the medians are compared.
    await createRawTable(ctx.db, dialect);
    // Batches as they form under load: consecutive instants of all points (time-major), sorted.
    const rows = makeSamples(pointIds, Date.UTC(2024, 0, 1));
    const isAcc = (p: number) => telemetry.rules.kindOf(p) === 'ym';
    const plainMs: number[] = [];
    const storeMs: number[] = [];
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = sortUnique(rows.slice(i, i + BATCH));
      let t = performance.now();
      await plainInsert(ctx, batch);
      plainMs.push(performance.now() - t);
      t = performance.now();
      await telemetry.store.write(batch, isAcc);
      storeMs.push(performance.now() - t);
    }
    const baselineMs = (median(plainMs) * rows.length) / BATCH;
    const storeOnlyMs = (median(storeMs) * rows.length) / BATCH;

    // Through the buffer into the store: messages of MESSAGE samples offered concurrently.
    const samples = makeSamples(pointIds, Date.UTC(2024, 1, 1));
    let t0 = performance.now();
    const pending: Promise<void>[] = [];
    for (let i = 0; i < samples.length; i += MESSAGE) {
      pending.push(telemetry.buffer.offer(samples.slice(i, i + MESSAGE)));
      // Messages arrive over time, so batches form by size as they would under load.
      if ((i / MESSAGE) % 20 === 19) await new Promise((r) => setImmediate(r));
    }
    await Promise.all(pending);
    const bufferMs = performance.now() - t0;
    const { batches, sortMs, writeMs } = telemetry.buffer.stats;

    // End to end over MQTT QoS 1: one record of MESSAGE tags per message, 200 in flight.
    const port = await freePort();
    await telemetry.startMqtt({ port, url: null });
    // Several connections, as a fleet of gateways would have (here all signed in as one gateway).
    const clients = await Promise.all(
      Array.from({ length: CONNECTIONS }, () => mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: fleet.gateway.code, password: fleet.gateway.secret, reconnectPeriod: 0 })),
    );
    const topic = `gw/${fleet.gateway.code}/up`;
    const payloads: string[] = [];
    const mqttBase = Date.UTC(2024, 2, 1);
    for (let step = 0; step < STEPS; step++) {
      for (let g = 0; g < POINTS; g += MESSAGE) {
        const values: Record<string, number> = {};
        for (let i = g; i < g + MESSAGE; i++) values[fleet.tags[`P${i}`]] = i % 10 === 0 ? 1000 + step : 230 + (step % 7);
        payloads.push(JSON.stringify({ seq: payloads.length, ts: mqttBase + step * 1000, values }));
      }
    }
    t0 = performance.now();
    await Promise.all(
      clients.map(async (client, c) => {
        const window: Promise<unknown>[] = [];
        for (let i = c; i < payloads.length; i += CONNECTIONS) {
          window.push(client.publishAsync(topic, payloads[i], { qos: 1 }));
          if (window.length >= 100) await Promise.all(window.splice(0, 50));
        }
        await Promise.all(window);
      }),
    );
    const mqttMs = performance.now() - t0;
    await Promise.all(clients.map((c) => c.endAsync()));

    const n = rows.length;
    console.log(`\n## Ingest on ${dialect === 'sqlite' ? 'SQLite (embedded)' : 'PostgreSQL'}: ${POINTS} points × ${STEPS} steps = ${n} samples, batches of ${BATCH}`);
    console.table([
      { what: `plain batched insert, sorted (baseline, median of ${plainMs.length} commits)`, 'samples/s': rate(n, baselineMs), ms: Math.round(baselineMs), 'ratio to baseline': '1.00' },
      { what: 'store commit: raw, latest, 3 rollups, kWh (median, same batches)', 'samples/s': rate(n, storeOnlyMs), ms: Math.round(storeOnlyMs), 'ratio to baseline': (baselineMs / storeOnlyMs).toFixed(2) },
      { what: `buffer → store, 2,000 messages offered at once, ${batches} batches`, 'samples/s': rate(n, bufferMs), ms: Math.round(bufferMs), 'ratio to baseline': (baselineMs / bufferMs).toFixed(2) },
      { what: `MQTT QoS 1 end to end (${CONNECTIONS} connections, ${MESSAGE} tags/msg, PUBACK after commit)`, 'samples/s': rate(n, mqttMs), ms: Math.round(mqttMs), 'ratio to baseline': (baselineMs / mqttMs).toFixed(2) },
    ]);
    console.log(`buffer stage: ${Math.round(sortMs)} ms sorting, ${Math.round(writeMs)} ms in commits (sorting included) of ${Math.round(bufferMs)} ms`);
    const mem = process.memoryUsage();
    console.log(`memory after the run: rss ${Math.round(mem.rss / 2 ** 20)} MiB, heap ${Math.round(mem.heapUsed / 2 ** 20)} MiB`);
  } finally {
    await app.close();
    if (pgSchema) {
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: databaseUrl! });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
      await client.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
