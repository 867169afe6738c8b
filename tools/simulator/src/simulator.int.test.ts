import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../apps/server/test/harness';
import { seedDemoFleet, type DemoSummary } from '../../../apps/server/src/modules/assets/demo/seed-demo';
import { telDb } from '../../../apps/server/src/telemetry/store/store';
import { readGatewaysFile } from './fleet';
import { startSimulator } from './simulator';

/** A real server (SQLite, or PostgreSQL with DATABASE_URL) with the demo fleet and the embedded MQTT on a free port. */
let t: TestApp;
let summary: DemoSummary;
let url: string;
let dir: string;
beforeAll(async () => {
  t = await startTestApp();
  summary = (await seedDemoFleet(t.ctx, { users: false }))!;
  // The embedded endpoint even when MQTT_URL names an external broker: these tests are about the simulator.
  const { port } = await t.ctx.telemetry!.startMqtt({ port: 0, url: null });
  url = `mqtt://127.0.0.1:${port}`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-int-'));
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const waitFor = async (cond: () => boolean, ms: number) => {
  const until = Date.now() + ms;
  while (!cond() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return cond();
};

/** tel_latest rows of the points bound to these gateways, by raw tag. */
async function latestByTag(codes: string[]) {
  const rows = await telDb(t.ctx)
    .selectFrom('tel_latest as l')
    .innerJoin('iot_raw_rule as r', 'r.point_id', 'l.point_id')
    .innerJoin('asset_gateway as g', 'g.id', 'r.gateway_id')
    .select(['r.raw_tag', 'l.value', 'l.ts'])
    .where('g.code', 'in', codes)
    .execute();
  return new Map(rows.map((r) => [r.raw_tag, { value: Number(r.value), ts: Number(r.ts) }]));
}

describe('simulator against a real server', () => {
  it('two gateways over MQTT fill tel_latest for every point they carry, with believable values', async () => {
    const doc = readGatewaysFile(summary.gatewaysFile);
    const codes = doc.gateways.slice(0, 2).map((g) => g.code);
    const expected = doc.gateways.slice(0, 2).flatMap((g) => g.equipment.flatMap((e) => e.points.filter(([, kind]) => kind !== 'yk').map(([key]) => `${e.code}.${key}`)));
    const state = path.join(dir, 'simulator-state.json');
    const sim = await startSimulator({ gatewaysFile: summary.gatewaysFile, url, only: 2, intervalS: 1, stateFile: state, outages: false, log: () => undefined });
    expect(await waitFor(() => sim.counters.ackedRecords >= 6, 20_000)).toBe(true);
    await sim.stop();
    await t.ctx.telemetry!.buffer.drain(); // the history tables, not just the acknowledgements
    expect(sim.counters.errors).toBe(0);
    expect(sim.unknownTags()).toEqual([]);

    const latest = await latestByTag(codes);
    for (const tag of expected) expect(latest.has(tag), tag).toBe(true);
    expect(latest.size).toBe(expected.length);
    const ua = latest.get('SZ01-M02.Ua')!.value;
    expect(ua).toBeGreaterThan(220);
    expect(ua).toBeLessThan(236);
    const hv = latest.get('SZ01-M01.Uab')!.value;
    expect(hv).toBeGreaterThan(9300);
    expect(hv).toBeLessThan(10700);
    const f = latest.get('SZ01-M01.F')!.value;
    expect(Math.abs(f - 50)).toBeLessThan(0.2);
    // Nothing refused, no unknown tags on the server side either.
    expect(await telDb(t.ctx).selectFrom('tel_reject').selectAll().execute()).toEqual([]);

    // A restart from the state file continues every register from where it was (never lower).
    const before = await latestByTag(codes);
    const again = await startSimulator({ gatewaysFile: summary.gatewaysFile, url, only: 2, intervalS: 1, stateFile: state, outages: false, log: () => undefined });
    expect(await waitFor(() => again.counters.ackedRecords >= 4, 20_000)).toBe(true);
    await t.ctx.telemetry!.buffer.drain();
    await again.stop();
    const after = await latestByTag(codes);
    const registers = expected.filter((tag) => /\.(Ep|Eq)[+-]$/.test(tag));
    expect(registers.length).toBeGreaterThan(20);
    for (const tag of registers) expect(after.get(tag)!.value, tag).toBeGreaterThanOrEqual(before.get(tag)!.value);
    expect(after.get('SZ01-M02.Ep+')!.ts).toBeGreaterThan(before.get('SZ01-M02.Ep+')!.ts);
    // No consumption interval was marked as a reset.
    const suspect = await telDb(t.ctx).selectFrom('tel_15m').select('point_id').where('suspect', '=', 1).execute();
    expect(suspect).toEqual([]);
  }, 60_000);

  it('a gateway that loses its link keeps sampling and sends its backlog in order when it is back (store-and-forward)', async () => {
    const doc = readGatewaysFile(summary.gatewaysFile);
    const gw = doc.gateways[3];
    const t0 = Date.now();
    const sim = await startSimulator({
      doc: { gateways: [gw] },
      url,
      intervalS: 1,
      stateFile: null,
      outageSchedule: (_code, _seed, ts) => ts > t0 + 1500 && ts < t0 + 5000,
      log: () => undefined,
    });
    expect(await waitFor(() => Date.now() > t0 + 5000 && sim.counters.backlog === 0 && sim.counters.ackedRecords >= 7, 20_000)).toBe(true);
    await sim.stop();
    await t.ctx.telemetry!.buffer.drain();
    // Fewer messages than records: the backlog went as one array.
    expect(sim.counters.ackedMessages).toBeLessThan(sim.counters.ackedRecords);
    const e = gw.equipment.find((x) => x.points.some(([k]) => k === 'Ep+'))!;
    const point = await t.ctx.db
      .selectFrom('asset_point as p')
      .innerJoin('asset_equipment as q', 'q.id', 'p.equipment_id')
      .select('p.id')
      .where('q.code', '=', e.code)
      .where('p.point_key', '=', 'Ep+')
      .executeTakeFirstOrThrow();
    const raw = await telDb(t.ctx).selectFrom('tel_raw').select(['ts', 'value']).where('point_id', '=', point.id).orderBy('ts').execute();
    expect(raw.length).toBe(sim.counters.ackedRecords);
    for (let i = 1; i < raw.length; i++) {
      expect(Number(raw[i].ts) - Number(raw[i - 1].ts)).toBe(1000);
      expect(Number(raw[i].value)).toBeGreaterThanOrEqual(Number(raw[i - 1].value));
    }
  }, 60_000);

  it('reads its upload settings from the server (弱网优化): batches records and reports readings by exception', async () => {
    const doc = readGatewaysFile(summary.gatewaysFile);
    const gw = doc.gateways[8];
    const { id } = await t.ctx.db.selectFrom('asset_gateway').select('id').where('code', '=', gw.code).executeTakeFirstOrThrow();
    const settings = { batchIntervalS: 2, deadbandPct: 5, fullReportS: 3600, replayMaxRecords: 50 };
    expect((await t.call({ method: 'PUT', url: `/api/monitor/links/${id}`, token: t.adminToken, payload: settings })).status).toBe(200);
    const tags = gw.equipment.reduce((b, e) => b + e.points.filter(([, k]) => k !== 'yk').length, 0);
    const sim = await startSimulator({ doc: { gateways: [gw] }, url, intervalS: 1, stateFile: null, outages: false, log: () => undefined });
    expect(await waitFor(() => sim.counters.ackedRecords >= 6, 20_000)).toBe(true);
    await sim.stop();
    expect(sim.linkSettings(gw.code)).toEqual(settings);
    const c = sim.counters;
    expect(c.errors).toBe(0);
    // Two-second batches of one-second records: fewer messages than records.
    expect(c.ackedMessages).toBeLessThan(c.ackedRecords);
    // After the first full record, only readings that moved more than 5 % (and every switch change) are sent.
    expect(c.samples).toBeLessThan(tags * c.records * 0.8);
    expect(c.samples).toBeGreaterThanOrEqual(tags);
  }, 60_000);

  it('load mode (programmatic, for benchmarks): a points-per-second target over MQTT, counted and acknowledged', async () => {
    const doc = readGatewaysFile(summary.gatewaysFile);
    const gws = doc.gateways.slice(4, 6);
    const tags = gws.reduce((a, g) => a + g.equipment.reduce((b, e) => b + e.points.filter(([, k]) => k !== 'yk').length, 0), 0);
    const sim = await startSimulator({ doc: { gateways: gws }, url, pointsPerSecond: tags * 10, log: () => undefined });
    await new Promise((r) => setTimeout(r, 2000));
    await sim.stop();
    const c = sim.counters;
    expect(c.errors).toBe(0);
    // 10 records per second per gateway for ~2 s, minus what the server did not keep up with.
    expect(c.records + c.skippedRecords).toBeGreaterThanOrEqual(30);
    expect(c.ackedRecords).toBeGreaterThan(10);
    expect(c.ackedSamples).toBeGreaterThan(c.ackedRecords * 100);
    expect(c.ackedSamples).toBeLessThanOrEqual(c.samples);
  }, 60_000);

  it('backfills history as ordered backlog arrays (15-minute rollups are filled) over HTTP ingest too', async () => {
    const doc = readGatewaysFile(summary.gatewaysFile);
    const third = doc.gateways[2].code;
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sim = await startSimulator({ doc: { gateways: [doc.gateways[2]] }, http: address, stateFile: null, backfillHours: 3, outages: false, log: () => undefined });
    await sim.backfilled;
    await sim.stop();
    await t.ctx.telemetry!.buffer.drain();
    expect(sim.counters.errors).toBe(0);
    const quarters = () =>
      telDb(t.ctx)
        .selectFrom('tel_15m as q')
        .innerJoin('iot_raw_rule as r', 'r.point_id', 'q.point_id')
        .innerJoin('asset_gateway as g', 'g.id', 'r.gateway_id')
        .select(['q.bucket'])
        .distinct()
        .where('g.code', '=', third)
        .execute();
    // Large backlog batches may leave their rollups to the commit that follows the last one.
    let found = (await quarters()).length;
    for (let i = 0; i < 50 && found < 11; i++) {
      await new Promise((r) => setTimeout(r, 100));
      found = (await quarters()).length;
    }
    expect(found).toBeGreaterThanOrEqual(11);
  }, 60_000);
});

describe('embedded MQTT port', () => {
  it('a taken default port falls back to a free one; a taken MQTT_PORT stays an error', async () => {
    const net = await import('node:net');
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '0.0.0.0', () => r()));
    const taken = (blocker.address() as import('node:net').AddressInfo).port;
    const implicit = await startTestApp({ mqttUrl: null, telemetry: { ...t.config.telemetry, mqttPort: taken, mqttPortExplicit: false } });
    const explicit = await startTestApp({ mqttUrl: null, telemetry: { ...t.config.telemetry, mqttPort: taken, mqttPortExplicit: true } });
    try {
      const r = await implicit.ctx.telemetry!.startMqtt();
      expect(r.fallbackFrom).toBe(taken);
      expect(r.port).not.toBe(taken);
      expect(r.port).toBeGreaterThan(0);
      await expect(explicit.ctx.telemetry!.startMqtt()).rejects.toThrow(`MQTT 端口 ${taken} 已被占用`);
    } finally {
      await implicit.close();
      await explicit.close();
      blocker.close();
    }
  }, 60_000);
});
