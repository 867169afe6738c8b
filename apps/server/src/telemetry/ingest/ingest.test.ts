import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { PERMS, type GatewayStats, type IngestResult, type LatestValueRow } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../test/harness';
import { userWith, makeDept } from '../../modules/assets/equipment/testkit';
import { freePort, gatewayHeaders, makeFleet, type Fleet } from '../testkit';
import { telDb } from '../store/store';

const T0 = Date.parse('2024-05-01T02:00:00Z');

let t: TestApp;
let fleet: Fleet;

beforeAll(async () => {
  t = await startTestApp();
  fleet = await makeFleet(t.ctx.db, [
    { key: 'Ua', kind: 'yc', scale: 0.1 },
    { key: 'Ep', kind: 'ym' },
    { key: 'door', kind: 'yx' },
  ]);
});
afterAll(async () => t?.close());

const post = (f: Fleet, payload: unknown, secret = f.gateway.secret) =>
  t.call<IngestResult>({ method: 'POST', url: `/api/ingest/${f.gateway.code}`, headers: gatewayHeaders(secret), payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

const rawOf = (pointId: number) => telDb(t.ctx).selectFrom('tel_raw').select(['ts', 'value']).where('point_id', '=', pointId).orderBy('ts').execute();

const stats = async (f: Fleet) => (await t.call<GatewayStats>({ method: 'GET', url: `/api/telemetry/gateways/${f.gateway.id}/stats`, token: t.adminToken })).body.data;

describe('HTTP ingest', () => {
  it('stores a record through its rules (scale, booleans) and answers only after the commit', async () => {
    const res = await post(fleet, { seq: 1, ts: T0, values: { [fleet.tags.Ua]: 2305, [fleet.tags.door]: true, [fleet.tags.Ep]: 100.5 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ records: 1, samples: 3, unknown: 0, rejected: [] });
    // Acknowledged means committed: the rows are there without waiting.
    expect(await rawOf(fleet.points.Ua)).toEqual([{ ts: T0, value: 230.5 }]);
    expect(await rawOf(fleet.points.door)).toEqual([{ ts: T0, value: 1 }]);
    const latest = await t.call<LatestValueRow[]>({ method: 'GET', url: `/api/telemetry/latest?equipmentId=${fleet.equipmentId}`, token: t.adminToken });
    expect(latest.body.data.find((r) => r.pointKey === 'Ua')).toMatchObject({ ts: T0, value: 230.5, unit: null });
    expect(t.ctx.telemetry!.latest.get(fleet.points.Ua)).toEqual({ ts: T0, value: 230.5 });
  });

  it('refuses a wrong secret or an unknown gateway with one answer, and counts it', async () => {
    const wrong = await post(fleet, { ts: T0, values: {} }, 'not-the-secret');
    expect(wrong.status).toBe(401);
    const missing = await t.call({ method: 'POST', url: '/api/ingest/NO-SUCH-GW', headers: gatewayHeaders('x'), payload: '{}' });
    expect(missing.status).toBe(401);
    expect(missing.body.msg).toBe(wrong.body.msg);
    const none = await t.call({ method: 'POST', url: `/api/ingest/${fleet.gateway.code}`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(none.status).toBe(401);
    expect((await stats(fleet)).rejects.find((r) => r.reason === 'auth')?.count).toBe(2);
  });

  it('stores a resent sample once, and a backlog array in time order whatever the order sent', async () => {
    const ts = T0 + 60_000;
    const rec = { seq: 2, ts, values: { [fleet.tags.Ua]: 2310 } };
    expect((await post(fleet, rec)).status).toBe(200);
    expect((await post(fleet, { ...rec, values: { [fleet.tags.Ua]: 9999 } })).status).toBe(200);
    const backlog = [5, 3, 4].map((i) => ({ seq: 10 + i, ts: T0 + i * 60_000, values: { [fleet.tags.Ua]: 2300 + i } }));
    const res = await post(fleet, backlog);
    expect(res.body.data).toMatchObject({ records: 3, samples: 3 });
    expect(await rawOf(fleet.points.Ua)).toEqual([
      { ts: T0, value: 230.5 },
      { ts, value: 231 },
      { ts: T0 + 180_000, value: 230.3 },
      { ts: T0 + 240_000, value: 230.4 },
      { ts: T0 + 300_000, value: 230.5 },
    ]);
    const [q] = await telDb(t.ctx).selectFrom('tel_15m').selectAll().where('point_id', '=', fleet.points.Ua).execute();
    expect(q).toMatchObject({ count: 5, first: 230.5, first_ts: T0, last: 230.5, last_ts: T0 + 300_000, min: 230.3, max: 231 });
  });

  it('refuses bad messages with a reason and counts them, while good data in between flows', async () => {
    const before = await stats(fleet);
    const bad = await post(fleet, '{"ts": 1, "values": ');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('不是有效的 JSON');
    expect((await post(fleet, [])).body.msg).toBe('消息中没有记录');
    expect((await post(fleet, { ts: 'yesterday', values: {} })).body.msg).toBe('时间戳无效');
    const mixed = await post(fleet, [
      { ts: T0 + 600_000, values: { [fleet.tags.Ua]: 2200, [fleet.tags.door]: 'open' } },
      { ts: 'x', values: {} },
      { ts: Date.now() + 86_400_000, values: { [fleet.tags.Ua]: 1 } },
      [1, 2],
    ]);
    expect(mixed.status).toBe(200);
    expect(mixed.body.data.samples).toBe(1);
    expect(mixed.body.data.rejected.map((r) => r.reason)).toEqual(['时间戳无效', '时间戳超前于服务器时间', '格式错误：应为记录或记录数组', '数值无效（只接受数字或布尔值）']);
    expect((await rawOf(fleet.points.Ua)).at(-1)).toEqual({ ts: T0 + 600_000, value: 220 });
    const after = await stats(fleet);
    const count = (s: GatewayStats, reason: string) => s.rejects.find((r) => r.reason === reason)?.count ?? 0;
    expect(count(after, 'json') - count(before, 'json')).toBe(1);
    expect(count(after, 'empty') - count(before, 'empty')).toBe(1);
    expect(count(after, 'ts') - count(before, 'ts')).toBe(2);
    expect(count(after, 'value') - count(before, 'value')).toBe(1);
    expect(after.rejects.find((r) => r.reason === 'json')?.reasonText).toBe('不是有效的 JSON');
    expect(after.totals.messages - before.totals.messages).toBe(4);
  });

  it('counts unknown tags per gateway and lists them with counts and times', async () => {
    await post(fleet, { ts: T0 + 700_000, values: { 'X.unknown': 1, 'X.other': 2, [fleet.tags.Ua]: 2300 } });
    const res = await post(fleet, { ts: T0 + 710_000, values: { 'X.unknown': 1 } });
    expect(res.body.data).toMatchObject({ samples: 0, unknown: 1 });
    const s = await stats(fleet);
    expect(s.unknownTags[0]).toMatchObject({ rawTag: 'X.unknown', count: 2 });
    expect(s.unknownTags.map((u) => u.rawTag).sort()).toEqual(['X.other', 'X.unknown']);
    expect(s.totals.unknownSamples).toBe(3);
    expect(s.gateway).toMatchObject({ id: fleet.gateway.id, online: true });
  });

  it('answers 503 with Retry-After when the buffer is full, and loses nothing acknowledged', async () => {
    const buffer = t.ctx.telemetry!.buffer;
    const opts = (buffer as unknown as { opts: { maxSamples: number; flushMs: number } }).opts;
    const saved = { ...opts };
    opts.maxSamples = 2;
    opts.flushMs = 300;
    try {
      const base = T0 + 3_600_000;
      // An empty buffer takes a message of any size; this one fills it until its batch is written.
      const first = post(fleet, { ts: base, values: { [fleet.tags.Ua]: 1, [fleet.tags.Ep]: 300 } });
      while (buffer.size === 0) await new Promise((r) => setTimeout(r, 2));
      const pushedBack = await Promise.all([1, 2, 3].map((i) => t.app.inject({ method: 'POST', url: `/api/ingest/${fleet.gateway.code}`, headers: gatewayHeaders(fleet.gateway.secret), payload: JSON.stringify({ ts: base + i, values: { [fleet.tags.Ua]: i } }) })));
      for (const r of pushedBack) {
        expect(r.statusCode).toBe(503);
        expect(r.headers['retry-after']).toBe('1');
        expect(r.json().msg).toBe('写入缓冲已满，请稍后重试');
      }
      expect((await first).status).toBe(200);
      const stored = await rawOf(fleet.points.Ua);
      expect(stored.filter((r) => r.ts >= base && r.ts < base + 10)).toEqual([{ ts: base, value: 0.1 }]);
      // Sent again once there is room, they are taken.
      expect((await post(fleet, { ts: base + 1, values: { [fleet.tags.Ua]: 1 } })).status).toBe(200);
    } finally {
      Object.assign(opts, saved);
    }
  });

  it('reloads a gateway’s rules when a rule changes through the rawrule call', async () => {
    const tag = 'renamed.Ua';
    const before = await post(fleet, { ts: T0 + 800_000, values: { [tag]: 1 } });
    expect(before.body.data.unknown).toBe(1);
    const edit = await t.call({ method: 'POST', url: '/api/pdfznjkpt/iotdatarawrule/edit', token: t.adminToken, payload: { pointId: fleet.points.door, gatewayId: fleet.gateway.id, rawTag: tag, scale: 1, offset: 0, enabled: true } });
    expect(edit.body.code).toBe(0);
    const after = await post(fleet, { ts: T0 + 800_000, values: { [tag]: 0 } });
    expect(after.body.data).toMatchObject({ samples: 1, unknown: 0 });
    expect((await rawOf(fleet.points.door)).at(-1)).toEqual({ ts: T0 + 800_000, value: 0 });
    fleet.tags.door = tag;
  });
});

describe('API document', () => {
  it('lists the ingest and query calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/swagger-ui/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/ingest/{gatewayCode}', '/api/telemetry/latest', '/api/telemetry/history', '/api/telemetry/gateways/{id}/stats']) expect(paths).toContain(p);
  });
});

describe('query scope', () => {
  it('answers 404 for another customer’s points and gateway, 403 for stats without permission', async () => {
    const deptId = await makeDept(t, `遥测部门${Date.now()}`);
    const mine = await makeFleet(t.ctx.db, [{ key: 'Ua', kind: 'yc' }], { deptId });
    const user = await userWith(t, [PERMS.gateway.list], { deptId, dataScope: 'dept' });
    const get = (url: string) => t.call({ method: 'GET', url, token: user.token });
    expect((await get(`/api/telemetry/latest?pointIds=${mine.points.Ua}`)).status).toBe(200);
    expect((await get(`/api/telemetry/latest?pointIds=${mine.points.Ua},${fleet.points.Ua}`)).status).toBe(404);
    expect((await get(`/api/telemetry/latest?equipmentId=${fleet.equipmentId}`)).status).toBe(404);
    expect((await get(`/api/telemetry/history?pointIds=${fleet.points.Ua}&from=${T0}&to=${T0 + 1000}`)).status).toBe(404);
    expect((await get(`/api/telemetry/gateways/${fleet.gateway.id}/stats`)).status).toBe(404);
    expect((await get(`/api/telemetry/gateways/${mine.gateway.id}/stats`)).status).toBe(200);
    const plain = await userWith(t, [], { deptId, dataScope: 'dept' });
    expect((await t.call({ method: 'GET', url: `/api/telemetry/gateways/${mine.gateway.id}/stats`, token: plain.token })).status).toBe(403);
    expect((await t.call({ method: 'GET', url: `/api/telemetry/latest?pointIds=${mine.points.Ua}` })).status).toBe(401);
    expect((await get('/api/telemetry/latest')).status).toBe(400);
  });
});

describe('embedded MQTT endpoint', () => {
  let port: number;
  beforeAll(async () => {
    ({ port } = (await t.ctx.telemetry!.startMqtt({ port: await freePort(), url: null })) as { port: number });
  });

  const connect = (username: string, password: string) =>
    mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { username, password, reconnectPeriod: 0, connectTimeout: 5000, clientId: `t-${Math.random().toString(36).slice(2)}` });

  it('takes QoS 1 messages from a signed-in gateway and acknowledges them after the commit', async () => {
    const c = await connect(fleet.gateway.code, fleet.gateway.secret);
    try {
      const base = T0 + 86_400_000;
      for (let i = 0; i < 5; i++) {
        await c.publishAsync(`gw/${fleet.gateway.code}/up`, JSON.stringify({ seq: i, ts: base + i * 1000, values: { [fleet.tags.Ua]: 2000 + i } }), { qos: 1 });
      }
      // PUBACK came back for each: every one is stored now.
      const rows = (await rawOf(fleet.points.Ua)).filter((r) => r.ts >= base);
      expect(rows.map((r) => r.value)).toEqual([200, 200.1, 200.2, 200.3, 200.4]);
      await c.publishAsync(`gw/${fleet.gateway.code}/up`, 'not json', { qos: 1 });
      await c.publishAsync(`gw/${fleet.gateway.code}/up`, JSON.stringify([{ ts: base + 9000, values: { [fleet.tags.Ua]: 1 } }]), { qos: 1 });
      expect((await rawOf(fleet.points.Ua)).at(-1)).toEqual({ ts: base + 9000, value: 0.1 });
    } finally {
      await c.endAsync();
    }
  });

  it('refuses a wrong password, and drops a gateway that publishes to another gateway’s topic', async () => {
    await expect(connect(fleet.gateway.code, 'wrong')).rejects.toThrow();
    const other = await makeFleet(t.ctx.db, [{ key: 'Ua', kind: 'yc' }]);
    const c = await connect(fleet.gateway.code, fleet.gateway.secret);
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    c.publish(`gw/${other.gateway.code}/up`, JSON.stringify({ ts: T0, values: { [other.tags.Ua]: 1 } }), { qos: 1 });
    await closed;
    await c.endAsync(true);
    expect(await rawOf(other.points.Ua)).toEqual([]);
    expect((await stats(fleet)).rejects.find((r) => r.reason === 'topic')?.count).toBe(1);
  });
});
