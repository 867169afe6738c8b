import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { PERMS, type GatewayLinkConfig, type GatewayLinkRow } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { makeDept, userWith } from '../../assets/equipment/testkit';
import { freePort, gatewayHeaders, makeFleet, type Fleet } from '../../../telemetry/testkit';

let t: TestApp;
let fleet: Fleet;
const NOW = Date.now();
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp({ databaseUrl: null });
  fleet = await makeFleet(t.ctx.db, [{ key: 'Ua', kind: 'yc' }]);
});
afterAll(async () => t?.close());

const ingest = (records: { ts: number; values: Record<string, number> }[]) =>
  t.call({ method: 'POST', url: `/api/ingest/${fleet.gateway.code}`, headers: gatewayHeaders(fleet.gateway.secret), payload: JSON.stringify(records) });
const links = async (token = t.adminToken) => {
  const res = await t.call<GatewayLinkRow[]>({ method: 'GET', url: `/api/monitor/links?stationId=${fleet.stationId}`, token });
  expect(res.status).toBe(200);
  return res.body.data;
};
const save = (body: unknown, token = t.adminToken, id = fleet.gateway.id) => t.call({ method: 'PUT', url: `/api/monitor/links/${id}`, token, payload: body as object });
const settings = { batchIntervalS: 30, deadbandPct: 0.5, fullReportS: 900, replayMaxRecords: 200 };

describe('弱网优化', () => {
  it('shows the delay of live messages and the backlog a gateway replayed, with default settings', async () => {
    // Stamped when sent, not when the file loaded: a slow start must not read as link delay.
    expect((await ingest([{ ts: Date.now() - 1000, values: { [fleet.tags.Ua]: 230 } }])).status).toBe(200);
    // Stored while the link was down: three records two hours old, and one of two minutes ago, in one
    // message. A replay tells nothing of the live delay, however recent its newest record.
    const backlog = [0, 1, 2].map((i) => ({ ts: NOW - 2 * HOUR + i * 60_000, values: { [fleet.tags.Ua]: 229 + i } }));
    expect((await ingest([...backlog, { ts: NOW - 120_000, values: { [fleet.tags.Ua]: 232 } }])).status).toBe(200);
    const [row] = await links();
    expect(row).toMatchObject({ id: fleet.gateway.id, code: fleet.gateway.code, online: true, messages: 2, records: 5, backlogRecords: 3, lastBacklogRecords: 3, offlineCount: 0, quality: 'good' });
    expect(row.delayMs).toBeGreaterThanOrEqual(1000);
    expect(row.delayMs).toBeLessThan(2000);
    expect(row.maxBacklogAgeMs).toBeGreaterThanOrEqual(2 * HOUR - 60_000);
    expect(row).toMatchObject({ batchIntervalS: 0, deadbandPct: 0, fullReportS: 0, replayMaxRecords: 100, settingsUpdatedAt: null, settingsUpdatedBy: null });
  });

  it('counts the times a gateway was marked offline', async () => {
    t.ctx.bus.emit('gateway.status', { id: fleet.gateway.id, online: false, at: NOW });
    const [row] = await links();
    expect(row).toMatchObject({ offlineCount: 1, lastOfflineAt: NOW, quality: 'fair' });
  });

  it('saves settings, audits the change and hands them to the gateway over HTTP and as a retained MQTT message', async () => {
    const port = await freePort();
    await t.ctx.telemetry!.startMqtt({ port, url: null });
    const gw = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username: fleet.gateway.code, password: fleet.gateway.secret, reconnectPeriod: 0 });
    const received: GatewayLinkConfig[] = [];
    gw.on('message', (_topic, payload) => received.push(JSON.parse(payload.toString())));
    await gw.subscribeAsync(`gw/${fleet.gateway.code}/config`, { qos: 1 });
    await expect.poll(() => received.length).toBe(1); // retained: the defaults, at once
    expect(received[0]).toEqual({ reportIntervalS: 60, batchIntervalS: 0, deadbandPct: 0, fullReportS: 0, replayMaxRecords: 100 });

    expect((await save(settings)).status).toBe(200);
    await expect.poll(() => received.length).toBe(2);
    expect(received[1]).toEqual({ reportIntervalS: 60, ...settings });
    await gw.endAsync();

    const [row] = await links();
    expect(row).toMatchObject({ ...settings, settingsUpdatedBy: 'admin' });
    expect(row.settingsUpdatedAt).toBeGreaterThanOrEqual(NOW);
    const cfg = await t.call<GatewayLinkConfig>({ method: 'GET', url: `/api/ingest/${fleet.gateway.code}/config`, headers: gatewayHeaders(fleet.gateway.secret) });
    expect(cfg.body.data).toEqual({ reportIntervalS: 60, ...settings });
    expect((await t.call({ method: 'GET', url: `/api/ingest/${fleet.gateway.code}/config`, headers: gatewayHeaders('wrong') })).status).toBe(401);
    const audit = await t.ctx.db.selectFrom('sys_audit').select(['action', 'detail']).where('action', '=', '修改网关上报设置').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0].detail!)).toMatchObject({ gateway: fleet.gateway.code, after: settings, before: { batchIntervalS: 0 } });
  });

  it('refuses settings out of range with the field named, and keeps what was saved', async () => {
    const res = await save({ ...settings, deadbandPct: 80 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('变化死区不能大于50');
    expect((await save({ ...settings, batchIntervalS: -1 })).status).toBe(400);
    expect((await save({ batchIntervalS: 10 })).status).toBe(400);
    const steady = await save({ ...settings, deadbandPct: 1, fullReportS: 0 });
    expect(steady.status).toBe(400);
    expect(JSON.stringify(steady.body)).toContain('启用变化死区时必须设置全量上报间隔');
    const [row] = await links();
    expect(row).toMatchObject(settings);
  });

  it('judges silence by the batch interval: a gateway that sends every 5 minutes stays online meanwhile', async () => {
    expect((await save({ ...settings, batchIntervalS: 300 })).status).toBe(200);
    const at = Date.now();
    expect((await ingest([{ ts: at - 1000, values: { [fleet.tags.Ua]: 231 } }])).status).toBe(200);
    const comm = t.ctx.telemetry!.comm;
    await comm.tick(at + 4 * 60_000); // past 3 report intervals (3 min), within 3 batch intervals
    const online = async () => (await t.ctx.db.selectFrom('asset_gateway').select('online').where('id', '=', fleet.gateway.id).executeTakeFirstOrThrow()).online;
    expect(await online()).toBe(1);
    await comm.tick(at + 16 * 60_000);
    expect(await online()).toBe(0);
    expect((await save(settings)).status).toBe(200);
  });

  it('needs 网关状态 to read and telemetry:gateway:link to change; other customers are not found', async () => {
    expect((await t.call({ method: 'GET', url: '/api/monitor/links', token: null })).status).toBe(401);
    const plain = await userWith(t, [PERMS.telemetry.query]);
    expect((await t.call({ method: 'GET', url: '/api/monitor/links', token: plain.token })).status).toBe(403);
    const viewer = await userWith(t, [PERMS.telemetry.stats]);
    expect((await links(viewer.token)).map((r) => r.id)).toEqual([fleet.gateway.id]);
    expect((await save({ ...settings, batchIntervalS: 5 }, viewer.token)).status).toBe(403);

    const deptId = await makeDept(t, `弱网部门${Date.now()}`);
    const mine = await makeFleet(t.ctx.db, [{ key: 'Ua', kind: 'yc' }], { deptId });
    const editor = await userWith(t, [PERMS.telemetry.stats, PERMS.telemetry.link], { deptId, dataScope: 'dept' });
    expect((await save(settings, editor.token)).status).toBe(404);
    expect((await save(settings, editor.token, mine.gateway.id)).status).toBe(200);
    expect((await links()).find((r) => r.id === fleet.gateway.id)).toMatchObject(settings);
  });
});
