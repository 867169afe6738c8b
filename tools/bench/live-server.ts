import { sql } from 'kysely';
import { loadConfig } from '../../apps/server/src/platform/config';
import { buildApp } from '../../apps/server/src/app';
import { seedDemoFleet } from '../../apps/server/src/modules/assets/demo/seed-demo';
import { alarmColumns } from '../../apps/server/src/modules/assets/alarm-config/alarm-config.service';
import type { Sample } from '../../apps/server/src/telemetry/types';
import { sortUnique } from '../../apps/server/src/telemetry/buffer/write-buffer';
import { createRawTable, median, plainInsert, rate } from './raw-insert';
import { Histogram } from './live-kit';

/**
 * The server of the live benchmark, in a child process of its own (its own heap and event loop,
 * as in production): buildApp + listen + the embedded MQTT endpoint, configured by the environment
 * like main.ts (DATA_DIR, DATABASE_URL, MQTT_PORT, TELEMETRY_*, WS_*), plus BENCH_PG_SCHEMA for a
 * private PostgreSQL schema. Seeds the demo fleet (with its alarm rules), then answers the parent
 * over IPC: `baseline` (the raw batched-insert rate of this database), `stats` (memory, CPU,
 * counts), `stop`.
 */
type Cmd = { cmd: 'baseline' } | { cmd: 'stats' } | { cmd: 'mem' } | { cmd: 'lag' } | { cmd: 'stop' };

const BATCH = 20_000;

const config = { ...loadConfig(), logLevel: 'warn' };
const { app, ctx } = await buildApp(config, { pgSchema: process.env.BENCH_PG_SCHEMA || undefined, logger: false });
const demo = await seedDemoFleet(ctx, { users: false });
if (!demo) throw new Error('the bench database is not empty');
// A few breaching rules besides the demo's (which realistic readings rarely cross): an upper limit
// of 100 V on the phase voltage of BREACHING meters, so alarms are raised, stored and pushed.
const BREACHING = 12;
const ua = await ctx.db
  .selectFrom('asset_point')
  .innerJoin('asset_equipment', 'asset_equipment.id', 'asset_point.equipment_id')
  .select(['asset_point.id as pointId', 'asset_equipment.id as equipmentId'])
  .where('asset_point.point_key', '=', 'Ua')
  .orderBy('asset_point.id')
  .limit(BREACHING)
  .execute();
const t = Date.now();
const breaching = ua.map((p) => ({
  ...alarmColumns(p.equipmentId, p.pointId, { ruleType: 'upper', threshold: 100, deadband: 1, delayS: 0, level: 3, channels: [], message: '压测越限', enabled: true } as never, t),
}));
if (breaching.length) await ctx.db.insertInto('alarm_config').values(breaching).execute();
ctx.bus.emit('alarmrule.changed', { equipmentId: null });
const mqtt = await ctx.telemetry!.startMqtt();
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as import('node:net').AddressInfo).port;
const send = (m: unknown) => process.send!(m);
const points = await ctx.db.selectFrom('asset_point').select('id').where('kind', '!=', 'yk').execute();
const rules = await ctx.db
  .selectFrom('alarm_config')
  .select([sql<number>`count(*)`.as('n'), sql<number>`count(distinct point_id)`.as('points')])
  .executeTakeFirstOrThrow();
const stations = (await ctx.db.selectFrom('asset_station').select('id').orderBy('id').execute()).map((s) => s.id);
send({ type: 'ready', port, mqttPort: mqtt?.port, dialect: ctx.dialect, stations, breaching: breaching.length, points: points.length, alarmRules: Number(rules.n), alarmPoints: Number(rules.points), demo });

// Sample time → committed and told to the bus: the server's share of the websocket latency.
const committedLag = new Histogram();
ctx.bus.on('telemetry.samples', (e) => {
  const now = Date.now();
  for (const x of e.samples) committedLag.add(now - x.t);
});

let cpu = process.cpuUsage();
let cpuAt = performance.now();

process.on('message', (m: Cmd) => {
  void handle(m).catch((err: Error) => send({ type: 'error', msg: err.stack ?? err.message }));
});

async function handle(m: Cmd) {
  if (m.cmd === 'baseline') {
    // Batches of BATCH of this fleet's points, time-major then sorted, as the buffer forms them
    // (each point once or twice per batch): the bare insert and the store's commit (raw, latest,
    // 3 rollups, kWh) alternate batch by batch so both meet the same load; medians compared.
    await createRawTable(ctx.db, ctx.dialect);
    const telemetry = ctx.telemetry!;
    for (const g of await ctx.db.selectFrom('asset_gateway').select('id').execute()) await telemetry.rules.rulesOf(g.id);
    const isAcc = (p: number) => telemetry.rules.kindOf(p) === 'ym';
    const ids = points.map((p) => p.id);
    const plainMs: number[] = [];
    const storeMs: number[] = [];
    const journalMs: number[] = [];
    const movesMs: number[] = [];
    // Within RAW_RETENTION_DAYS, so the retention purge never deletes these rows mid-run.
    const base = Math.floor(Date.now() / 86_400_000 - 20) * 86_400_000;
    let step = 0;
    let t: number;
    for (let b = 0; b < 6; b++) {
      const rows: Sample[] = [];
      while (rows.length < BATCH) {
        for (const p of ids) rows.push({ p, t: base + step * 1000, v: 230 + Math.sin(step + p), q: 0 });
        step++;
      }
      const batch = sortUnique(rows.slice(0, BATCH));
      t = performance.now();
      await plainInsert(ctx, batch);
      plainMs.push(performance.now() - t);
      t = performance.now();
      await telemetry.store.write(batch, isAcc);
      storeMs.push(performance.now() - t);
      // The same shape a step later, as the buffer writes it under load: appended to the ingest
      // journal (what the acknowledgement waits for), then moved into the history (what follows).
      const later = batch.map((x) => ({ ...x, t: x.t + 500 }));
      t = performance.now();
      await telemetry.store.write(later, isAcc, 'defer');
      journalMs.push(performance.now() - t);
      t = performance.now();
      await telemetry.store.write([], isAcc, 'now');
      movesMs.push(performance.now() - t);
    }
    const moveMs = median(movesMs);
    await sql`DROP TABLE bench_raw`.execute(ctx.db);
    // Where a commit's time goes: batches holding every point once and four times, solved for
    // cost = perSample × samples + perPoint × points (latest and rollup rows are per point).
    const shape = async (k: number) => {
      const rows: Sample[] = [];
      for (let j = 0; j < k; j++, step++) for (const p of ids) rows.push({ p, t: base + step * 1000, v: 230 + Math.sin(step + p), q: 0 });
      const t = performance.now();
      await telemetry.store.write(sortUnique(rows), isAcc);
      return performance.now() - t;
    };
    const once: number[] = [];
    const four: number[] = [];
    for (let i = 0; i < 3; i++) {
      once.push(await shape(1));
      four.push(await shape(4));
    }
    const perSampleUs = ((median(four) - median(once)) / (3 * ids.length)) * 1000;
    const perPointUs = (median(once) / ids.length) * 1000 - perSampleUs;
    send({ type: 'baseline', samplesPerSec: rate(BATCH, median(plainMs)), storeSamplesPerSec: rate(BATCH, median(storeMs)), storeMs: median(storeMs), journalSamplesPerSec: rate(BATCH, median(journalMs)), journalMs: median(journalMs), moveMs, batches: plainMs.length, batchSamples: BATCH, onceMs: median(once), fourMs: median(four), perSampleUs, perPointUs });
  } else if (m.cmd === 'lag') {
    send({ type: 'lag', p50: committedLag.quantile(0.5), p90: committedLag.quantile(0.9), p99: committedLag.quantile(0.99) });
    committedLag.reset();
  } else if (m.cmd === 'stats' || m.cmd === 'mem') {
    // CPU since the previous call; `mem` skips the counts (a count of tel_raw is not free).
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    const cpuPct = ((used.user + used.system) / 1000 / (now - cpuAt)) * 100;
    cpu = process.cpuUsage();
    cpuAt = now;
    const mem = process.memoryUsage();
    const out = { type: m.cmd, rss: mem.rss, heapUsed: mem.heapUsed, heapTotal: mem.heapTotal, external: mem.external, cpuPct, buffer: ctx.telemetry!.buffer.stats, backlog: ctx.telemetry!.store.backlog, rawRows: 0, alarmEvents: 0 };
    if (m.cmd === 'stats') {
      out.rawRows = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM tel_raw`.execute(ctx.db)).rows[0].n);
      out.alarmEvents = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM alarm_event`.execute(ctx.db)).rows[0].n);
    }
    send(out);
  } else {
    await app.close();
    process.exit(0);
  }
}
