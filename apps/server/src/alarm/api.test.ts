import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PERMS, type AlarmConfirmResult, type AlarmCount, type AlarmEventKind, type AlarmPrefs, type AlarmRow, type AlarmStatsRow, type AlarmSummary, type MessageRow, type Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../test/harness';
import type { LimitedUser } from '../../test/limited-user';
import { makeDept, userWith } from '../modules/assets/equipment/testkit';
import type { Fleet } from '../telemetry/testkit';
import { alarmFleet, alarmsOf, ingest, saveRules } from './testkit';

const T0 = Date.parse('2024-05-01T02:00:00Z');
const S = 1000;

let t: TestApp;
let fleet: Fleet;
let other: Fleet;
let operator: LimitedUser;
let outsider: LimitedUser;
let noPerm: LimitedUser;
let disabled: LimitedUser;
let confirmer: LimitedUser;
const events: { kind: AlarmEventKind; alarm: AlarmRow }[] = [];
const changed: number[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const deptA = await makeDept(t, '甲运维部');
  const deptB = await makeDept(t, '乙运维部');
  fleet = await alarmFleet(t, [{ key: 'Tw', kind: 'yc', unit: '℃' }, { key: 'door', kind: 'yx', precision: 0 }], { deptId: deptA });
  other = await alarmFleet(t, [{ key: 'Tw', kind: 'yc', unit: '℃' }], { deptId: deptB });
  operator = await userWith(t, [PERMS.alarm.list, PERMS.alarm.export, PERMS.alarm.stats], { deptId: deptA, dataScope: 'dept' });
  confirmer = await userWith(t, [PERMS.alarm.list, PERMS.alarm.confirm], { deptId: deptA, dataScope: 'dept' });
  outsider = await userWith(t, [PERMS.alarm.list, PERMS.alarm.confirm, PERMS.alarm.export], { deptId: deptB, dataScope: 'dept' });
  noPerm = await userWith(t, [PERMS.telemetry.query], { deptId: deptA, dataScope: 'dept' });
  const off = await userWith(t, [PERMS.alarm.list], { deptId: deptA, dataScope: 'dept' });
  await t.ctx.db.updateTable('sys_user').set({ enabled: 0 }).where('id', '=', off.id).execute();
  disabled = off;
  t.ctx.bus.on('alarm.event', (e) => events.push(e));
  t.ctx.bus.on('message.changed', (e) => changed.push(e.userId));
  for (const f of [fleet, other]) await saveRules(t, f, 'Tw', [{ ruleType: 'upper', threshold: 130, deadband: 2, level: 1 }]);
  await saveRules(t, fleet, 'door', [{ ruleType: 'status', statusValue: 1, level: 3 }]);
  // fleet: a Tw alarm (open), a door alarm (recovered); other: a Tw alarm.
  await ingest(t, fleet, [
    [T0, { Tw: 132.5, door: 1 }],
    [T0 + 60 * S, { door: 0 }],
  ]);
  await ingest(t, other, [[T0, { Tw: 135 }]]);
});
afterAll(async () => t?.close());

const get = <T>(url: string, token: string | null = t.adminToken) => t.call<T>({ method: 'GET', url, token });
const confirm = (payload: { ids: number[]; note: string }, token: string | null = t.adminToken) => t.call<AlarmConfirmResult>({ method: 'POST', url: '/api/alarm/event/confirm', token, payload });
const messagesOf = (alarmId: number) =>
  t.ctx.db
    .selectFrom('sys_message as m')
    .innerJoin('sys_message_user as mu', 'mu.message_id', 'm.id')
    .select(['m.id', 'm.type', 'm.level', 'm.title', 'mu.user_id', 'mu.confirmed_at', 'mu.confirm_note'])
    .where('m.source_key', '=', `alarm:${alarmId}`)
    .execute();

describe('site messages', () => {
  it('go to enabled users who may list alarms of that customer, and to administrators', async () => {
    const [tw] = await alarmsOf(t, fleet);
    const msgs = await messagesOf(tw.id);
    const admin = (await t.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
    expect(msgs.map((m) => m.user_id).sort((a, b) => a - b)).toEqual([admin, operator.id, confirmer.id].sort((a, b) => a - b));
    const station = await t.ctx.db.selectFrom('asset_station').select('name').where('id', '=', tw.station_id).executeTakeFirstOrThrow();
    expect(msgs[0]).toMatchObject({ type: 'alarm', level: 1, title: `【${station.name}】${tw.title}` });
    expect(msgs.some((m) => [outsider.id, noPerm.id, disabled.id].includes(m.user_id))).toBe(false);
    const [otherTw] = await alarmsOf(t, other);
    expect((await messagesOf(otherTw.id)).map((m) => m.user_id)).toContain(outsider.id);
    expect(tw.message_id).toBe(msgs[0].id);
  });
});

describe('lists and scope', () => {
  it('answers the active list within the caller’s customers, a recovered unconfirmed alarm included', async () => {
    const res = await get<Page<AlarmRow>>('/api/alarm/event/pageList?active=true', operator.token);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(new Set(res.body.data.list.map((a) => a.state))).toEqual(new Set(['recovered_unconfirmed', 'active']));
    expect(res.body.data.list.every((a) => a.customerId === fleet.customerId && a.customerName && a.stationName && a.equipmentCode === fleet.equipmentCode)).toBe(true);
    const all = await get<Page<AlarmRow>>('/api/alarm/event/pageList?active=true');
    expect(all.body.data.total).toBe(3);
    const filtered = await get<Page<AlarmRow>>(`/api/alarm/event/pageList?state=recovered_unconfirmed&stationId=${fleet.stationId}`);
    expect(filtered.body.data.list.map((a) => a.pointName)).toEqual(['door']);
    const kw = await get<Page<AlarmRow>>(`/api/alarm/event/pageList?keyword=${encodeURIComponent('越上限')}&level=1`, operator.token);
    expect(kw.body.data.list.map((a) => a.pointName)).toEqual(['Tw']);
    const bad = await get('/api/alarm/event/pageList?level=9');
    expect(bad.status).toBe(400);
  });

  it('answers 404 for another customer’s alarm, 401 without a token, 403 without the permission', async () => {
    const [otherTw] = await alarmsOf(t, other);
    expect((await get(`/api/alarm/event/getById/${otherTw.id}`, operator.token)).status).toBe(404);
    expect((await get<AlarmRow>(`/api/alarm/event/getById/${otherTw.id}`)).body.data.id).toBe(otherTw.id);
    expect((await get('/api/alarm/event/pageList', null)).status).toBe(401);
    expect((await get('/api/alarm/event/pageList', noPerm.token)).status).toBe(403);
    expect((await get('/api/alarm/event/export', operator.token)).status).toBe(200);
    expect((await get('/api/alarm/event/export', confirmer.token)).status).toBe(403);
    expect((await get(`/api/alarm/stats?from=${T0}&to=${T0 + 86_400_000}&groupBy=level`, confirmer.token)).status).toBe(403);
    expect((await confirm({ ids: [otherTw.id], note: 'x' }, operator.token)).status).toBe(403);
    expect((await confirm({ ids: [otherTw.id], note: 'x' }, null)).status).toBe(401);
    expect((await get('/api/alarm/summary', null)).status).toBe(401);
  });
});

describe('confirmation', () => {
  it('needs a note, is all or nothing within scope, and confirms the messages of every recipient', async () => {
    const [tw, door] = await alarmsOf(t, fleet);
    const [otherTw] = await alarmsOf(t, other);
    const noNote = await confirm({ ids: [tw.id], note: '  ' }, confirmer.token);
    expect([noNote.status, noNote.body.msg]).toEqual([400, '请输入确认说明']);
    const mixed = await confirm({ ids: [tw.id, otherTw.id], note: '已处理' }, confirmer.token);
    expect(mixed.status).toBe(404);
    const missing = await confirm({ ids: [tw.id, 999_999], note: '已处理' }, confirmer.token);
    expect(missing.status).toBe(404);
    expect((await alarmsOf(t, fleet)).every((a) => a.confirmed_at === null)).toBe(true);

    events.length = 0;
    changed.length = 0;
    const res = await confirm({ ids: [tw.id, door.id], note: '已派人现场处理' }, confirmer.token);
    expect(res.body).toMatchObject({ code: 0, data: { confirmed: 2 } });
    const rows = await alarmsOf(t, fleet);
    expect(rows.map((a) => [a.confirmed_by, a.confirm_note, a.closed])).toEqual([
      [confirmer.userName, '已派人现场处理', 0],
      [confirmer.userName, '已派人现场处理', 1],
    ]);
    expect(events.map((e) => [e.kind, e.alarm.state])).toEqual([
      ['confirmed', 'confirmed'],
      ['confirmed', 'closed'],
    ]);
    expect((await messagesOf(tw.id)).every((m) => m.confirmed_at !== null && m.confirm_note === '已派人现场处理')).toBe(true);
    expect(new Set(changed)).toEqual(new Set((await messagesOf(tw.id)).map((m) => m.user_id)));
    const active = await get<Page<AlarmRow>>('/api/alarm/event/pageList?active=true', operator.token);
    expect(active.body.data.list.map((a) => [a.pointName, a.state])).toEqual([['Tw', 'confirmed']]);
    // Confirmed before: kept as it was.
    const again = await confirm({ ids: [tw.id], note: '再次' }, confirmer.token);
    expect(again.body.data.confirmed).toBe(0);
    expect((await alarmsOf(t, fleet))[0].confirm_note).toBe('已派人现场处理');
    const audit = await t.ctx.db.selectFrom('sys_audit').selectAll().where('action', '=', '确认告警').orderBy('id').execute();
    expect(audit[0]).toMatchObject({ category: 'alarm', user_name: confirmer.userName, target: `${tw.id},${door.id}` });
    // Recovery of a confirmed alarm closes it.
    await ingest(t, fleet, [[T0 + 120 * S, { Tw: 120 }]]);
    expect((await alarmsOf(t, fleet))[0].closed).toBe(1);
    expect((await get<Page<AlarmRow>>('/api/alarm/event/pageList?active=true', operator.token)).body.data.total).toBe(0);
  });

  it('confirming an alarm message in the mail confirms the alarm, for everyone', async () => {
    const [otherTw] = await alarmsOf(t, other);
    const [msg] = await messagesOf(otherTw.id);
    const before = (await get<AlarmCount>('/api/pdfznjkpt/mail/alarmCount')).body.data;
    const res = await get<MessageRow>(`/api/pdfznjkpt/mail/confirm?id=${msg.id}&note=${encodeURIComponent('现场已复位')}`, outsider.token);
    expect(res.body).toMatchObject({ code: 0, data: { confirmNote: '现场已复位' } });
    const alarm = await get<AlarmRow>(`/api/alarm/event/getById/${otherTw.id}`);
    expect(alarm.body.data).toMatchObject({ state: 'confirmed', confirmedBy: outsider.userName, confirmNote: '现场已复位' });
    expect((await messagesOf(otherTw.id)).every((m) => m.confirmed_at !== null)).toBe(true);
    const after = (await get<AlarmCount>('/api/pdfznjkpt/mail/alarmCount')).body.data;
    expect(after.unconfirmed).toBe(before.unconfirmed - 1);
    const twice = await get(`/api/pdfznjkpt/mail/confirm?id=${msg.id}&note=again`);
    expect(twice.status).toBe(409);
  });
});

describe('summary, statistics, export, preferences', () => {
  it('counts active alarms per level within scope', async () => {
    await ingest(t, fleet, [[T0 + 200 * S, { door: 1 }]]);
    const s = await get<AlarmSummary>('/api/alarm/summary', noPerm.token);
    expect(s.body.data).toMatchObject({ active: 1, unconfirmed: 1, activeByLevel: { 1: 0, 2: 0, 3: 1, 4: 0 } });
    const all = await get<AlarmSummary>('/api/alarm/summary');
    expect(all.body.data.active).toBe(2);
  });

  it('groups by zone day across the UTC+8 midnight', async () => {
    const midnight = Date.parse('2024-06-01T16:00:00Z'); // 2024-06-02 00:00 at +08:00
    const base = { customer_id: fleet.customerId, station_id: fleet.stationId, equipment_id: fleet.equipmentId, point_id: null, rule_id: null, rule_type: 'comm', title: 'x', value: null, threshold: null, closed: 0, created_at: Date.now() };
    await t.ctx.db
      .insertInto('alarm_event')
      .values([
        { ...base, level: 1, raised_at: midnight - 60 * S },
        { ...base, level: 2, raised_at: midnight + 60 * S, confirmed_at: midnight + 11 * 60 * S, confirmed_by: 'admin' },
        { ...base, level: 2, raised_at: midnight + 3600 * S },
      ])
      .execute();
    const from = Date.parse('2024-05-31T16:00:00Z');
    const res = await get<AlarmStatsRow[]>(`/api/alarm/stats?from=${from}&to=${from + 3 * 86_400_000}&groupBy=day`, operator.token);
    expect(res.body.data.map((r) => [r.key, r.total, r.unconfirmed, r.avgConfirmMinutes])).toEqual([
      ['2024-06-01', 1, 1, null],
      ['2024-06-02', 2, 1, 10],
      ['2024-06-03', 0, 0, null],
    ]);
    expect(res.body.data[1].byLevel).toEqual({ 1: 0, 2: 2, 3: 0, 4: 0 });
    const byLevel = await get<AlarmStatsRow[]>(`/api/alarm/stats?from=${from}&to=${from + 3 * 86_400_000}&groupBy=level`, operator.token);
    expect(byLevel.body.data.map((r) => [r.key, r.label, r.total])).toEqual([
      ['2', '严重', 2],
      ['1', '紧急', 1],
    ]);
    const byStation = await get<AlarmStatsRow[]>(`/api/alarm/stats?from=${from}&to=${from + 3 * 86_400_000}&groupBy=station`, operator.token);
    const station = await t.ctx.db.selectFrom('asset_station').select('name').where('id', '=', fleet.stationId).executeTakeFirstOrThrow();
    expect(byStation.body.data.map((r) => [r.key, r.label, r.total])).toEqual([[String(fleet.stationId), station.name, 3]]);
    const otherCustomer = await get<AlarmStatsRow[]>(`/api/alarm/stats?from=${from}&to=${from + 3 * 86_400_000}&groupBy=station&customerId=${other.customerId}`);
    expect(otherCustomer.body.data).toEqual([]);
    const bad = await get(`/api/alarm/stats?from=${from}&to=${from}&groupBy=day`, operator.token);
    expect([bad.status, bad.body.msg]).toEqual([400, '结束时间必须晚于开始时间']);
  });

  it('exports the filtered alarms as an xlsx with Chinese headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/alarm/event/export?stationId=${fleet.stationId}&from=${T0 - 1}&to=${T0 + 86_400_000}`, headers: { authorization: `Bearer ${operator.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('告警时间');
    expect(ws.getRow(1).getCell(4).value).toBe('告警内容');
    const titles = ws.getColumn(4).values.slice(2).map(String);
    expect(titles).toHaveLength(3);
    expect(titles.some((x) => x.includes('越上限：132.5 ℃（上限 130 ℃）'))).toBe(true);
    const other = await t.app.inject({ method: 'GET', url: '/api/alarm/event/export', headers: { authorization: `Bearer ${outsider.token}` } });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(other.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].rowCount).toBe(2);
  });

  it('keeps each user’s sound preference, audited', async () => {
    expect((await get<AlarmPrefs>('/api/alarm/prefs', noPerm.token)).body.data).toEqual({ soundMuted: false });
    const set = await t.call<AlarmPrefs>({ method: 'POST', url: '/api/alarm/prefs', token: noPerm.token, payload: { soundMuted: true } });
    expect(set.body.data).toEqual({ soundMuted: true });
    expect((await get<AlarmPrefs>('/api/alarm/prefs', noPerm.token)).body.data).toEqual({ soundMuted: true });
    expect((await get<AlarmPrefs>('/api/alarm/prefs', operator.token)).body.data).toEqual({ soundMuted: false });
    const bad = await t.call({ method: 'POST', url: '/api/alarm/prefs', token: noPerm.token, payload: { soundMuted: 'yes' } });
    expect([bad.status, bad.body.msg]).toEqual([400, '静音设置必须是是或否']);
    expect((await t.ctx.db.selectFrom('sys_audit').select('user_name').where('action', '=', '修改告警偏好').execute()).map((a) => a.user_name)).toEqual([noPerm.userName]);
  });
});

describe('bulk confirmation', () => {
  it('confirms many alarms at once; the audit target stays short', async () => {
    const base = { customer_id: fleet.customerId, station_id: fleet.stationId, equipment_id: fleet.equipmentId, point_id: null, rule_id: null, rule_type: 'comm', level: 4, title: 'bulk', value: null, threshold: null, raised_at: T0, closed: 0, created_at: Date.now() };
    await t.ctx.db.insertInto('alarm_event').values(Array.from({ length: 300 }, () => base)).execute();
    const ids = (await t.ctx.db.selectFrom('alarm_event').select('id').where('title', '=', 'bulk').execute()).map((r) => r.id);
    const res = await confirm({ ids, note: '批量确认' }, confirmer.token);
    expect(res.body.data.confirmed).toBe(300);
    const audit = await t.ctx.db.selectFrom('sys_audit').select('target').where('action', '=', '确认告警').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.target).toMatch(/共300条$/);
    expect((await confirm({ ids: [...ids, ids[0]].concat(Array.from({ length: 200 }, () => ids[1])), note: 'x' }, confirmer.token)).status).toBe(400);
  });
});
