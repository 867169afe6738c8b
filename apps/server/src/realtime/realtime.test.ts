import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE_PROTOCOL, WS_CLOSE_UNAUTHORIZED, type AlarmRow, type WsPointValue } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../test/harness';
import { createLimitedUser } from '../../test/limited-user';
import { makeDept } from '../modules/assets/equipment/testkit';
import { createMessage } from '../modules/message/message.service';
import { gatewayHeaders, makeFleet, type Fleet } from '../telemetry/testkit';
import { alarmRow } from '../alarm/testkit';
import { connect, listen, subscribe, type WsProbe } from './testkit';

let t: TestApp;
let base: string;
let fleet: Fleet;
let other: Fleet;
let adminId: number;
const open: WsProbe[] = [];

beforeAll(async () => {
  t = await startTestApp();
  base = await listen(t);
  fleet = await makeFleet(t.ctx.db, [
    { key: 'Ua', kind: 'yc', scale: 0.1 },
    { key: 'Ia', kind: 'yc' },
  ]);
  other = await makeFleet(t.ctx.db, [{ key: 'Ua', kind: 'yc' }]);
  adminId = (await t.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  for (const p of open) p.close();
  await t?.close();
});

const client = async (token = t.adminToken) => {
  const p = await connect(base, token);
  open.push(p);
  return p;
};

const ingest = async (f: Fleet, records: unknown) => {
  const res = await t.call({ method: 'POST', url: `/api/ingest/${f.gateway.code}`, headers: gatewayHeaders(f.gateway.secret), payload: JSON.stringify(records) });
  expect(res.status).toBe(200);
};

const valuesOf = (p: WsProbe, pointId: number, from = 0) =>
  p.frames
    .slice(from)
    .filter((f) => f.type === 'points' && !f.snapshot)
    .map((f) => (f as { values: WsPointValue[] }).values.filter((v) => v[0] === pointId));

describe('connection and auth', () => {
  it('closes an unknown or missing token with 4401', async () => {
    const bad = await client('not-a-session');
    expect((await bad.waitClosed()).code).toBe(WS_CLOSE_UNAUTHORIZED);
    const none = await client('');
    expect((await none.waitClosed()).code).toBe(WS_CLOSE_UNAUTHORIZED);
  });

  it('greets a signed-in user and answers ping', async () => {
    const p = await client();
    const hello = await p.next('hello');
    expect(hello.userId).toBe(adminId);
    p.send({ op: 'ping' });
    expect((await p.next('pong')).serverTime).toBeGreaterThan(0);
  });

  it('answers malformed frames with an error and closes a flood with 4400', async () => {
    const p = await client();
    p.send('{nope');
    expect((await p.next('error')).msg).toBe('消息不是有效的 JSON');
    p.send({ op: 'shout' });
    expect((await p.next('error', (f) => f.msg.startsWith('未知的操作'))).msg).toContain('sub');
    const sub = await subscribe(p, ['station:abc', 'weather']);
    expect(sub.refused.map((r) => r.reason)).toEqual(['频道名称无效', '频道名称无效']);
    for (let i = 0; i < 20; i++) p.send('x');
    expect((await p.waitClosed()).code).toBe(WS_CLOSE_PROTOCOL);
  });

  it('closes the sockets of an ended session with 4401 on session.ended', async () => {
    const u = await createLimitedUser(t, {});
    const p = await client(u.token);
    await p.next('hello');
    const res = await t.call({ method: 'GET', url: '/admin/logout', token: u.token });
    expect(res.status).toBe(200);
    t.ctx.bus.emit('session.ended', { userId: u.id });
    expect((await p.waitClosed()).code).toBe(WS_CLOSE_UNAUTHORIZED);
  });
});

describe('points', () => {
  it('sends a snapshot on subscribe, then a delta within 1 s of an HTTP ingest', async () => {
    const t0 = Date.now() - 60_000;
    await ingest(fleet, { seq: 1, ts: t0, values: { [fleet.tags.Ua]: 2300, [fleet.tags.Ia]: 12.5 } });
    const p = await client();
    const sub = await subscribe(p, [`station:${fleet.stationId}`]);
    expect(sub).toMatchObject({ channels: [`station:${fleet.stationId}`], refused: [] });
    const snap = await p.next('points', (f) => !!f.snapshot);
    expect(snap.values).toEqual(
      expect.arrayContaining([
        [fleet.points.Ua, t0, 230],
        [fleet.points.Ia, t0, 12.5],
      ]),
    );
    const status = await p.next('status');
    expect(status.equipment).toEqual([{ id: fleet.equipmentId, online: true, at: expect.any(Number) }]);

    const from = p.frames.length;
    const started = Date.now();
    await ingest(fleet, { seq: 2, ts: t0 + 1000, values: { [fleet.tags.Ua]: 2310 } });
    const delta = await p.next('points', (f) => !f.snapshot, 1000, from);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(delta.values).toEqual([[fleet.points.Ua, t0 + 1000, 231]]);
  });

  it('coalesces many samples of one point into one value per frame, the newest', async () => {
    const p = await client();
    await subscribe(p, [`point:${fleet.points.Ia}`]);
    await p.next('points', (f) => !!f.snapshot);
    const from = p.frames.length;
    const t0 = Date.now() - 30_000;
    const records = Array.from({ length: 50 }, (_, i) => ({ seq: 100 + i, ts: t0 + i * 10, values: { [fleet.tags.Ia]: i } }));
    await ingest(fleet, records.slice(0, 25));
    await ingest(fleet, records.slice(25));
    await p.next('points', (f) => !f.snapshot && f.values.some((v) => v[2] === 49), 2000, from);
    const perFrame = valuesOf(p, fleet.points.Ia, from);
    expect(perFrame.every((vals) => vals.length === 1)).toBe(true);
    expect(perFrame.length).toBeLessThanOrEqual(2);
    expect(perFrame.at(-1)).toEqual([[fleet.points.Ia, t0 + 490, 49]]);
  });

  it('routes by equipment and ignores points nobody subscribed', async () => {
    const p = await client();
    await subscribe(p, [`equipment:${fleet.equipmentId}`]);
    const from = p.frames.length;
    const ts = Date.now() - 10_000;
    await ingest(other, { seq: 1, ts, values: { [other.tags.Ua]: 1 } });
    await ingest(fleet, { seq: 300, ts, values: { [fleet.tags.Ua]: 2222 } });
    const delta = await p.next('points', (f) => !f.snapshot, 2000, from);
    expect(delta.values).toEqual([[fleet.points.Ua, ts, 222.2]]);
  });

  it('reports comm state changes of subscribed equipment', async () => {
    const p = await client();
    await subscribe(p, [`equipment:${fleet.equipmentId}`, 'gateways']);
    const snap = await p.next('status', (f) => !!f.gateways);
    expect(snap.gateways).toEqual(expect.arrayContaining([expect.objectContaining({ id: fleet.gateway.id, online: true })]));
    const from = p.frames.length;
    const at = Date.now();
    t.ctx.bus.emit('equipment.status', { id: fleet.equipmentId, online: false, at });
    t.ctx.bus.emit('gateway.status', { id: fleet.gateway.id, online: false, at });
    const eq = await p.next('status', (f) => !!f.equipment, 2000, from);
    expect(eq.equipment).toEqual([{ id: fleet.equipmentId, online: false, at }]);
    const gw = await p.next('status', (f) => !!f.gateways, 2000, from);
    expect(gw.gateways).toEqual([{ id: fleet.gateway.id, online: false, at }]);
  });

  it('takes a station created after start-up (the index reads new rows on demand)', async () => {
    const p = await client();
    const late = await makeFleet(t.ctx.db, [{ key: 'P', kind: 'yc' }]);
    const sub = await subscribe(p, [`station:${late.stationId}`, `point:${late.points.P}`]);
    expect(sub.refused).toEqual([]);
    const from = p.frames.length;
    const ts = Date.now() - 5_000;
    await ingest(late, { seq: 1, ts, values: { [late.tags.P]: 7 } });
    expect((await p.next('points', (f) => !f.snapshot, 2000, from)).values).toEqual([[late.points.P, ts, 7]]);
  });
});

describe('data scope', () => {
  it('refuses stations, equipment and points outside a limited user’s scope, and unknown ones', async () => {
    const dept = await makeDept(t, '实时测试部');
    const mine = await makeFleet(t.ctx.db, [{ key: 'Ua', kind: 'yc' }], { deptId: dept });
    const u = await createLimitedUser(t, { deptId: dept, dataScope: 'dept' });
    const p = await client(u.token);
    const sub = await subscribe(p, [`station:${mine.stationId}`, `station:${fleet.stationId}`, `equipment:${fleet.equipmentId}`, `point:${fleet.points.Ua}`, 'station:999999', 'alarms']);
    expect(sub.channels).toEqual([`station:${mine.stationId}`, 'alarms']);
    expect(sub.refused).toEqual([
      { channel: `station:${fleet.stationId}`, reason: '站点不存在或无权访问' },
      { channel: `equipment:${fleet.equipmentId}`, reason: '设备不存在或无权访问' },
      { channel: `point:${fleet.points.Ua}`, reason: '测点不存在或无权访问' },
      { channel: 'station:999999', reason: '站点不存在或无权访问' },
    ]);
  });
});

describe('alarms and messages', () => {
  const alarmOf = (f: Fleet, id: number): AlarmRow =>
    alarmRow({ id, customerId: f.customerId, stationId: f.stationId, equipmentId: f.equipmentId, equipmentCode: f.equipmentCode, pointId: f.points.Ua });

  it('sends alarm events to alarms subscribers whose scope covers the customer', async () => {
    const dept = await makeDept(t, '告警测试部');
    const mine = await makeFleet(t.ctx.db, [{ key: 'Ua', kind: 'yc' }], { deptId: dept });
    const u = await createLimitedUser(t, { deptId: dept, dataScope: 'dept' });
    const admin = await client();
    const limited = await client(u.token);
    await subscribe(admin, ['alarms']);
    await subscribe(limited, ['alarms']);
    t.ctx.bus.emit('alarm.event', { kind: 'raised', alarm: alarmOf(fleet, 1) });
    t.ctx.bus.emit('alarm.event', { kind: 'confirmed', alarm: alarmOf(mine, 2) });
    expect(await admin.next('alarm', (f) => f.alarm.id === 1)).toMatchObject({ event: 'raised', alarm: { title: 'A相电压 越上限' } });
    await admin.next('alarm', (f) => f.alarm.id === 2);
    expect((await limited.next('alarm')).alarm.id).toBe(2);
    expect(limited.frames.filter((f) => f.type === 'alarm')).toHaveLength(1);
  });

  it('sends the bell count on subscribe and when a message arrives', async () => {
    const p = await client();
    await subscribe(p, ['messages']);
    const first = await p.next('messages');
    const from = p.frames.length;
    const id = await createMessage(t.ctx, { type: 'notice', level: 3, title: '实时测试', content: '内容' }, [adminId]);
    const next = await p.next('messages', () => true, 2000, from);
    expect(next).toEqual({ type: 'messages', noConfirm: first.noConfirm + 1, messageId: id });
  });
});
