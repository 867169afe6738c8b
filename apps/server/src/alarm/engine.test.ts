import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmEventKind, AlarmRow } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../test/harness';
import type { Fleet } from '../telemetry/testkit';
import { AlarmEngine } from './engine';
import { AlarmWriter } from './writer';
import { alarmEngineOf } from './index';
import { alarmFleet, alarmsOf, ingest, saveRules, settle } from './testkit';

const T0 = Date.parse('2024-05-01T02:00:00Z');
const S = 1000;

let t: TestApp;
let fleet: Fleet;
const events: { kind: AlarmEventKind; alarm: AlarmRow }[] = [];

beforeAll(async () => {
  t = await startTestApp();
  fleet = await alarmFleet(t, [
    { key: 'Tw', kind: 'yc', unit: '℃', precision: 1 },
    { key: 'Ua', kind: 'yc', unit: 'V', precision: 1 },
    { key: 'door', kind: 'yx', precision: 0 },
  ]);
  t.ctx.bus.on('alarm.event', (e) => events.push(e));
  await saveRules(t, fleet, 'Tw', [{ ruleType: 'upper', threshold: 130, deadband: 2, delayS: 60, level: 2 }]);
  await saveRules(t, fleet, 'Ua', [{ ruleType: 'lower', threshold: 200, deadband: 5, delayS: 60, level: 3 }]);
  await saveRules(t, fleet, 'door', [{ ruleType: 'status', statusValue: 1, level: 1, message: '门被打开' }]);
});
afterAll(async () => t?.close());

const ofPoint = async (key: string) => (await alarmsOf(t, fleet)).filter((a) => a.point_id === fleet.points[key]);

describe('limit rules', () => {
  it('raises an upper-limit alarm only once the breach has lasted the delay, with the first breaching sample', async () => {
    await ingest(t, fleet, [
      [T0, { Tw: 131 }],
      [T0 + 30 * S, { Tw: 132.5 }],
    ]);
    expect(await ofPoint('Tw')).toEqual([]);
    const pending = await t.ctx.db.selectFrom('alarm_pending').selectAll().execute();
    expect(pending).toHaveLength(1);
    expect(Number(pending[0].since)).toBe(T0);

    events.length = 0;
    await ingest(t, fleet, [[T0 + 60 * S, { Tw: 133 }]]);
    const [a] = await ofPoint('Tw');
    expect(a).toMatchObject({ rule_type: 'upper', level: 2, customer_id: fleet.customerId, station_id: fleet.stationId, title: `${await eqName()} Tw越上限：131 ℃（上限 130 ℃）` });
    expect(Number(a.raised_at)).toBe(T0);
    expect(Number(a.value)).toBe(131);
    expect(Number(a.threshold)).toBe(130);
    expect(await t.ctx.db.selectFrom('alarm_pending').selectAll().execute()).toEqual([]);
    expect(events.map((e) => [e.kind, e.alarm.id, e.alarm.state])).toEqual([['raised', a.id, 'active']]);
    expect(events[0].alarm).toMatchObject({ pointName: 'Tw', unit: '℃', equipmentCode: fleet.equipmentCode, stationId: fleet.stationId });
  });

  it('does not flap inside the deadband and recovers below threshold − deadband', async () => {
    events.length = 0;
    await ingest(t, fleet, [
      [T0 + 90 * S, { Tw: 129 }],
      [T0 + 120 * S, { Tw: 131 }],
      [T0 + 150 * S, { Tw: 128.5 }],
    ]);
    expect(await ofPoint('Tw')).toHaveLength(1);
    expect(events).toEqual([]);
    await ingest(t, fleet, [[T0 + 180 * S, { Tw: 127.9 }]]);
    const [a] = await ofPoint('Tw');
    expect(Number(a.recovered_at)).toBe(T0 + 180 * S);
    expect(Number(a.recovered_value)).toBeCloseTo(127.9);
    expect(a.closed).toBe(0);
    expect(events.map((e) => [e.kind, e.alarm.state])).toEqual([['recovered', 'recovered_unconfirmed']]);
  });

  it('cancels a lower-limit delay when a sample recovers, and starts it again from the next breach', async () => {
    const T1 = T0 + 3600 * S;
    await ingest(t, fleet, [
      [T1, { Ua: 199 }],
      [T1 + 30 * S, { Ua: 206 }],
      [T1 + 40 * S, { Ua: 198 }],
      [T1 + 90 * S, { Ua: 197 }],
    ]);
    expect(await ofPoint('Ua')).toEqual([]);
    // In the deadband (200 ≤ v < 205) the delay goes on.
    await ingest(t, fleet, [
      [T1 + 95 * S, { Ua: 203 }],
      [T1 + 100 * S, { Ua: 196 }],
    ]);
    const [a] = await ofPoint('Ua');
    expect(Number(a.raised_at)).toBe(T1 + 40 * S);
    expect(a.title).toContain('Ua越下限：198 V（下限 200 V）');
  });

  it('ignores samples older than the last one evaluated for the point', async () => {
    const before = (await ofPoint('Ua')).length;
    await ingest(t, fleet, [[T0 + 3600 * S + 10 * S, { Ua: 150 }]]);
    expect(await ofPoint('Ua')).toHaveLength(before);
  });
});

describe('status rules', () => {
  it('raises at once with the rule text and recovers on the other state', async () => {
    events.length = 0;
    await ingest(t, fleet, [[T0, { door: true }]]);
    const [a] = await ofPoint('door');
    expect(a.title).toBe(`${await eqName()} door：门被打开`);
    expect(Number(a.threshold)).toBe(1);
    await ingest(t, fleet, [[T0 + S, { door: true }]]);
    expect(await ofPoint('door')).toHaveLength(1);
    await ingest(t, fleet, [[T0 + 2 * S, { door: false }]]);
    expect(Number((await ofPoint('door'))[0].recovered_at)).toBe(T0 + 2 * S);
    await ingest(t, fleet, [[T0 + 3 * S, { door: 1 }]]);
    expect(await ofPoint('door')).toHaveLength(2);
    expect(events.map((e) => e.kind)).toEqual(['raised', 'recovered', 'raised']);
  });
});

describe('communication loss', () => {
  it('raises after the delay offline and recovers when the equipment talks again', async () => {
    await saveRules(t, fleet, null, [{ ruleType: 'comm', delayS: 60, level: 2 }]);
    const engine = alarmEngineOf(t.ctx)!;
    const off = Date.now() - 30 * S;
    t.ctx.bus.emit('equipment.status', { id: fleet.equipmentId, online: false, at: off });
    engine.checkComm();
    await settle(t);
    const comm = async () => (await alarmsOf(t, fleet)).filter((a) => a.rule_type === 'comm');
    expect(await comm()).toEqual([]);
    engine.checkComm(off + 60 * S);
    await settle(t);
    const [a] = await comm();
    expect(a).toMatchObject({ point_id: null, level: 2, title: `${await eqName()}通讯中断：超过1分钟未收到数据` });
    expect(Number(a.raised_at)).toBe(off);
    engine.checkComm(off + 120 * S);
    t.ctx.bus.emit('equipment.status', { id: fleet.equipmentId, online: false, at: off + 100 * S });
    await settle(t);
    expect(await comm()).toHaveLength(1);
    t.ctx.bus.emit('equipment.status', { id: fleet.equipmentId, online: true, at: off + 130 * S });
    await settle(t);
    expect(Number((await comm())[0].recovered_at)).toBe(off + 130 * S);
  });
});

describe('communication loss of equipment already offline', () => {
  it('starts the delay when the rule is saved, since no status change will come', async () => {
    const quiet = await alarmFleet(t, [{ key: 'Ua', kind: 'yc' }]);
    await t.ctx.db.updateTable('asset_equipment').set({ online: 0, last_seen_at: Date.now() - 3_600_000 }).where('id', '=', quiet.equipmentId).execute();
    const saved = Date.now();
    await saveRules(t, quiet, null, [{ ruleType: 'comm', delayS: 300, level: 3 }]);
    const engine = alarmEngineOf(t.ctx)!;
    engine.checkComm(saved + 200 * S);
    await settle(t);
    expect(await alarmsOf(t, quiet)).toEqual([]);
    engine.checkComm(Date.now() + 300 * S);
    await settle(t);
    const [a] = await alarmsOf(t, quiet);
    expect(a).toMatchObject({ rule_type: 'comm', level: 3 });
    expect(Number(a.raised_at)).toBeGreaterThanOrEqual(saved);
  });
});

describe('rule changes and restarts', () => {
  it('keeps an open alarm across a re-save of the same limit, and recovers it when the rule goes', async () => {
    const T2 = T0 + 7200 * S;
    await ingest(t, fleet, [
      [T2, { Tw: 140 }],
      [T2 + 60 * S, { Tw: 140 }],
    ]);
    const open = (await ofPoint('Tw')).filter((a) => a.recovered_at === null);
    expect(open).toHaveLength(1);
    await saveRules(t, fleet, 'Tw', [{ ruleType: 'upper', threshold: 130, deadband: 2, delayS: 60, level: 2 }]);
    const rule = await t.ctx.db.selectFrom('alarm_config').select('id').where('point_id', '=', fleet.points.Tw).executeTakeFirstOrThrow();
    const still = await t.ctx.db.selectFrom('alarm_event').selectAll().where('id', '=', open[0].id).executeTakeFirstOrThrow();
    expect(still.rule_id).toBe(rule.id);
    expect(still.recovered_at).toBeNull();
    await ingest(t, fleet, [[T2 + 90 * S, { Tw: 141 }]]);
    expect((await ofPoint('Tw')).filter((a) => a.recovered_at === null)).toHaveLength(1);
    await saveRules(t, fleet, 'Tw', []);
    const gone = await t.ctx.db.selectFrom('alarm_event').selectAll().where('id', '=', open[0].id).executeTakeFirstOrThrow();
    expect(gone.recovered_at).not.toBeNull();
    expect(gone.recovered_value).toBeNull();
  });

  it('a restarted engine resumes open alarms and started delays from the database', async () => {
    await saveRules(t, fleet, 'Tw', [{ ruleType: 'upper', threshold: 130, deadband: 2, delayS: 60, level: 2 }]);
    const T3 = T0 + 10_800 * S;
    await ingest(t, fleet, [[T3, { Tw: 135 }]]);
    const ruleId = (await t.ctx.db.selectFrom('alarm_config').select('id').where('point_id', '=', fleet.points.Tw).executeTakeFirstOrThrow()).id;
    const door = (await ofPoint('door')).find((a) => a.recovered_at === null)!;
    // A second engine over the same database, as after a restart.
    const log = t.app.log;
    const writer = new AlarmWriter(t.ctx, log);
    const engine = new AlarmEngine(t.ctx.db, writer, log);
    await engine.start();
    const before = (await alarmsOf(t, fleet)).length;
    engine.onSamples([
      { p: fleet.points.Tw, t: T3 + 61 * S, v: 136 },
      { p: fleet.points.door, t: T3 + 61 * S, v: 1 },
    ]);
    await writer.idle();
    const after = await alarmsOf(t, fleet);
    expect(after).toHaveLength(before + 1);
    const raised = after[after.length - 1];
    expect([raised.rule_id, Number(raised.raised_at), Number(raised.value)]).toEqual([ruleId, T3, 135]);
    engine.onSamples([{ p: fleet.points.door, t: T3 + 62 * S, v: 0 }]);
    await writer.idle();
    expect((await t.ctx.db.selectFrom('alarm_event').select('recovered_at').where('id', '=', door.id).executeTakeFirstOrThrow()).recovered_at).not.toBeNull();
  });
});

async function eqName() {
  return (await t.ctx.db.selectFrom('asset_equipment').select('name').where('id', '=', fleet.equipmentId).executeTakeFirstOrThrow()).name;
}
