import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { ADMIN_PASSWORD, dropTestData, testConfig, type TestApp, type TestSetup } from '../../test/harness';
import { createMessage } from '../modules/message/message.service';
import { gatewayHeaders, makeFleet, type Fleet } from '../telemetry/testkit';
import { connect, listen, subscribe, type WsProbe } from './testkit';

/**
 * Two server processes (two apps here) on one database, each with the Redis transport: what one
 * commits reaches the sockets of the other, and nothing comes back to the one that sent it.
 */
describe.skipIf(!process.env.REDIS_URL)('two processes over Redis', () => {
  let setup: TestSetup;
  let a: BuiltApp;
  let b: BuiltApp;
  let token: string;
  let fleet: Fleet;
  const probes: WsProbe[] = [];

  beforeAll(async () => {
    setup = testConfig();
    const { config, pgSchema } = setup;
    a = await buildApp(config, { pgSchema, logger: false });
    b = await buildApp(config, { pgSchema, logger: false });
    const res = await a.app.inject({ method: 'POST', url: '/admin/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    token = res.json().data.token;
    fleet = await makeFleet(a.ctx.db, [{ key: 'Ua', kind: 'yc' }]);
  });

  afterAll(async () => {
    for (const p of probes) p.close();
    await a?.app.close();
    await b?.app.close();
    if (setup) await dropTestData(setup);
  });

  const socketOn = async (app: BuiltApp) => {
    const p = await connect(await listen(app as unknown as TestApp), token);
    probes.push(p);
    return p;
  };

  it('delivers a sample ingested into A to a socket on B, once on each', async () => {
    const onB = await socketOn(b);
    const onA = await socketOn(a);
    await subscribe(onB, [`station:${fleet.stationId}`]);
    await subscribe(onA, [`station:${fleet.stationId}`]);
    const fromB = onB.frames.length;
    const fromA = onA.frames.length;
    const ts = Date.now() - 1000;
    const res = await a.app.inject({ method: 'POST', url: `/api/ingest/${fleet.gateway.code}`, headers: gatewayHeaders(fleet.gateway.secret), payload: JSON.stringify({ seq: 1, ts, values: { [fleet.tags.Ua]: 231.5 } }) });
    expect(res.statusCode).toBe(200);
    expect((await onB.next('points', (f) => !f.snapshot, 2000, fromB)).values).toEqual([[fleet.points.Ua, ts, 231.5]]);
    expect((await onA.next('points', (f) => !f.snapshot, 2000, fromA)).values).toEqual([[fleet.points.Ua, ts, 231.5]]);
    // B keeps the latest values of A's commits, so its snapshots are current.
    expect(b.ctx.telemetry!.latest.get(fleet.points.Ua)).toEqual({ ts, value: 231.5 });
    await new Promise((r) => setTimeout(r, 300));
    const count = (p: WsProbe, from: number) => p.frames.slice(from).filter((f) => f.type === 'points').length;
    expect(count(onA, fromA)).toBe(1);
    expect(count(onB, fromB)).toBe(1);
  });

  it('carries comm state, alarms and the bell across processes', async () => {
    const onB = await socketOn(b);
    await subscribe(onB, [`equipment:${fleet.equipmentId}`, 'alarms', 'messages']);
    const before = await onB.next('messages');
    const from = onB.frames.length;
    const at = Date.now();
    a.ctx.bus.emit('equipment.status', { id: fleet.equipmentId, online: false, at });
    expect((await onB.next('status', (f) => !!f.equipment, 2000, from)).equipment).toEqual([{ id: fleet.equipmentId, online: false, at }]);
    const adminId = (await a.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
    const id = await createMessage(a.ctx, { type: 'notice', level: 3, title: '跨进程', content: '内容' }, [adminId]);
    expect(await onB.next('messages', (f) => f.messageId === id, 2000, from)).toMatchObject({ noConfirm: before.noConfirm + 1 });
  });
});
