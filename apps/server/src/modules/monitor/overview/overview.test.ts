import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMS, type MonitorDeviceRow, type MonitorStationLayout, type MonitorStationRow, type Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { apiCabinet, apiEquipment, apiGateway, apiStation, twoCustomers, userWith } from '../../assets/tree/site-testkit';
import { gatewayHeaders } from '../../../telemetry/testkit';
import { zoneBuckets } from '../../../telemetry/rollup/buckets';
import { mainMeters } from './stations.service';

/**
 * The 监控中心 overview reads on a small station built through the asset API, with values sent
 * through HTTP ingest: figures, layout with key points, device paging and filters, data scope.
 */
let t: TestApp;
let fx: Awaited<ReturnType<typeof build>>;

async function modelOf(code: string) {
  return (await t.ctx.db.selectFrom('asset_equipment_model').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

async function build() {
  const { a, b, scoped } = await twoCustomers(t, [PERMS.telemetry.query]);
  const station = await apiStation(t, a.id);
  const other = await apiStation(t, b.id);
  const gw = await apiGateway(t, station.id);
  const hvIn = await apiCabinet(t, station.id, { name: '10kV进线柜', cabinetType: 'incoming', voltageLevel: '10', orderNum: 1 });
  const lvIn = await apiCabinet(t, station.id, { name: '低压进线柜', cabinetType: 'incoming', voltageLevel: '0.4', orderNum: 2 });
  const feeder = await apiCabinet(t, station.id, { name: '出线柜', cabinetType: 'outgoing', voltageLevel: '0.4', orderNum: 3 });
  const eq = (cabinetId: number | null, model: string, name: string) =>
    modelOf(model).then((modelId) => apiEquipment(t, station.id, { cabinetId, gatewayId: gw.id, modelId, name }));
  const hvMeter = await eq(hvIn.id, 'MFM-3P', '10kV进线表');
  const lvMeter = await eq(lvIn.id, 'MFM-3P', '低压总进线表');
  const feederMeter = await eq(feeder.id, 'SCM-3P', '出线回路表');
  const th = await eq(null, 'THS-485', '低压室温湿度');
  const door = await eq(null, 'DOOR-MC', '大门门磁');
  const otherEq = await apiEquipment(t, other.id, { name: '别家电表' });
  // Raw rules: `<equipment code>.<point key>` for every point of the station's equipment.
  const points = await t.ctx.db
    .selectFrom('asset_point as p')
    .innerJoin('asset_equipment as e', 'e.id', 'p.equipment_id')
    .select(['p.id', 'p.point_key', 'e.code', 'e.id as equipment_id'])
    .where('e.station_id', '=', station.id)
    .execute();
  await t.ctx.db
    .insertInto('iot_raw_rule')
    .values(points.map((p) => ({ point_id: p.id, gateway_id: gw.id, raw_tag: `${p.code}.${p.point_key}`, scale: 1, offset: 0, enabled: 1, updated_at: Date.now() })))
    .execute();
  const pid = (equipmentId: number, key: string) => points.find((p) => p.equipment_id === equipmentId && p.point_key === key)!.id;
  return { a, b, scoped, station, other, gw, hvIn, lvIn, feeder, hvMeter, lvMeter, feederMeter, th, door, otherEq, pid };
}

const send = async (values: Record<string, number>, ts: number) => {
  const res = await t.call({ method: 'POST', url: `/api/ingest/${fx.gw.code}`, headers: gatewayHeaders(fx.gw.secret), payload: JSON.stringify({ ts, values }) });
  expect(res.status).toBe(200);
};

beforeAll(async () => {
  t = await startTestApp({ logLevel: 'error' });
  fx = await build();
  const day = zoneBuckets(t.config.zoneOffsetMinutes).day(Date.now());
  const { hvMeter: hv, lvMeter: lv, feederMeter: fm, th } = fx;
  await send({ [`${hv.code}.P`]: 500, [`${hv.code}.Ep+`]: 1000, [`${lv.code}.P`]: 480, [`${lv.code}.Ep+`]: 50, [`${fm.code}.P`]: 120, [`${th.code}.T`]: 26.5, [`${th.code}.RH`]: 61 }, day + 1000);
  await send({ [`${hv.code}.P`]: 512.5, [`${hv.code}.Ep+`]: 1012.5, [`${lv.code}.P`]: 490, [`${lv.code}.Ep+`]: 60 }, day + 2000);
  await t.ctx.telemetry!.comm.settle();
  // The feeder meter talked once and has since gone silent.
  await t.ctx.db.updateTable('asset_equipment').set({ online: 0 }).where('id', '=', fm.id).execute();
});
afterAll(async () => t?.close());

const get = <T>(url: string, token = t.adminToken) => t.call<T>({ method: 'GET', url, token });

describe('GET /api/monitor/stations', () => {
  it('gives each station its comm counts, gateways, load of the top-level incomer and today’s energy', async () => {
    const res = await get<MonitorStationRow[]>('/api/monitor/stations');
    expect(res.status).toBe(200);
    const s = res.body.data.find((r) => r.id === fx.station.id)!;
    expect(s).toMatchObject({
      name: fx.station.name,
      customerId: fx.a.id,
      equipment: { total: 5, online: 3, offline: 1, never: 1 },
      gateways: { total: 1, online: 1 },
      alarms: { total: 0, byLevel: {} },
      loadKw: 512.5,
      loadPointIds: [fx.pid(fx.hvMeter.id, 'P')],
      todayKwh: 12.5,
    });
    expect(s.lastSeenAt).toBeGreaterThan(0);
    const other = res.body.data.find((r) => r.id === fx.other.id)!;
    expect(other).toMatchObject({ equipment: { total: 1, online: 0, offline: 0, never: 1 }, loadKw: null, todayKwh: null, gateways: { total: 0, online: 0 } });
  });

  it('filters by customer and keyword, and shows a scoped user only their customers', async () => {
    const byCustomer = await get<MonitorStationRow[]>(`/api/monitor/stations?customerId=${fx.b.id}`);
    expect(byCustomer.body.data.map((r) => r.id)).toEqual([fx.other.id]);
    const byKeyword = await get<MonitorStationRow[]>(`/api/monitor/stations?keyword=${encodeURIComponent(fx.station.code.toLowerCase())}`);
    expect(byKeyword.body.data.map((r) => r.id)).toEqual([fx.station.id]);
    const scoped = await get<MonitorStationRow[]>('/api/monitor/stations', fx.scoped.token);
    expect(scoped.body.data.map((r) => r.id)).toEqual([fx.station.id]);
    expect(scoped.body.data[0].equipment.total).toBe(5);
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await get('/api/monitor/stations', '')).status).toBe(401);
    const noPerm = await userWith(t, [PERMS.station.list]);
    for (const url of ['/api/monitor/stations', `/api/monitor/station/${fx.station.id}`, '/api/monitor/devices']) expect((await get(url, noPerm.token)).status).toBe(403);
  });
});

describe('GET /api/monitor/station/{id}', () => {
  it('lays out cabinets in order with their equipment, key points and latest values; room sensors apart', async () => {
    const res = await get<MonitorStationLayout>(`/api/monitor/station/${fx.station.id}`);
    expect(res.status).toBe(200);
    const l = res.body.data;
    expect(l.station.loadKw).toBe(512.5);
    expect(l.cabinets.map((c) => c.id)).toEqual([fx.hvIn.id, fx.lvIn.id, fx.feeder.id]);
    expect(l.cabinets[0]).toMatchObject({ cabinetType: 'incoming', cabinetTypeName: '进线柜', voltageLevel: '10' });
    const hv = l.cabinets[0].equipment[0];
    expect(hv).toMatchObject({ id: fx.hvMeter.id, equipmentType: 'meter', commState: 'online', online: true });
    expect(hv.points.map((p) => p.pointKey)).toEqual(['Ua', 'Ia', 'P', 'PF', 'Ep+']);
    expect(hv.points.find((p) => p.pointKey === 'P')).toMatchObject({ pointId: fx.pid(fx.hvMeter.id, 'P'), unit: 'kW', precision: 3, value: 512.5 });
    expect(hv.points.find((p) => p.pointKey === 'Ua')).toMatchObject({ value: null, ts: null });
    expect(l.cabinets[2].equipment[0]).toMatchObject({ id: fx.feederMeter.id, commState: 'offline' });
    expect(l.room.map((e) => [e.id, e.commState, e.points.map((p) => p.pointKey)])).toEqual([
      [fx.th.id, 'online', ['T', 'RH']],
      [fx.door.id, 'never', ['Door']],
    ]);
    expect(l.room[0].points[0]).toMatchObject({ unit: '°C', value: 26.5 });
    expect(l.gateways).toEqual([expect.objectContaining({ id: fx.gw.id, online: true, commState: 'online' })]);
  });

  it('answers 404 for a station outside the scope or missing, and 400 for a bad id', async () => {
    const out = await get(`/api/monitor/station/${fx.other.id}`, fx.scoped.token);
    expect(out.status).toBe(404);
    expect(out.body.msg).toBe('站点不存在或无权访问');
    expect((await get(`/api/monitor/station/${fx.station.id}`, fx.scoped.token)).status).toBe(200);
    expect((await get('/api/monitor/station/99999999')).status).toBe(404);
    const bad = await get('/api/monitor/station/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('站点');
  });
});

describe('GET /api/monitor/devices', () => {
  const devices = (q: string, token?: string) => get<Page<MonitorDeviceRow>>(`/api/monitor/devices?${q}`, token);

  it('pages the equipment with comm state and key values, sorted by a whitelisted column', async () => {
    const res = await devices(`stationId=${fx.station.id}&pageSize=2&orderBy=name&order=asc`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.list).toHaveLength(2);
    const names = [...res.body.data.list.map((r) => r.name)];
    const page2 = await devices(`stationId=${fx.station.id}&pageSize=2&pageNum=2&orderBy=name&order=asc`);
    names.push(...page2.body.data.list.map((r) => r.name));
    expect(names).toEqual([...names].sort());
    const th = (await devices(`stationId=${fx.station.id}&equipmentType=th_sensor`)).body.data.list[0];
    expect(th).toMatchObject({ id: fx.th.id, stationName: fx.station.name, cabinetName: null, gatewayCode: fx.gw.code, commState: 'online' });
    expect(th.points.map((p) => [p.pointKey, p.value])).toEqual([
      ['T', 26.5],
      ['RH', 61],
    ]);
    // An unknown sort column falls back to the default order instead of reaching SQL.
    expect((await devices(`stationId=${fx.station.id}&orderBy=secret_hash`)).status).toBe(200);
  });

  it('filters by comm state, keyword and customer', async () => {
    const ids = async (q: string) => (await devices(`stationId=${fx.station.id}&${q}`)).body.data.list.map((r) => r.id).sort((x, y) => x - y);
    expect(await ids('commState=offline')).toEqual([fx.feederMeter.id]);
    expect(await ids('commState=never')).toEqual([fx.door.id]);
    expect(await ids('commState=online')).toEqual([fx.hvMeter.id, fx.lvMeter.id, fx.th.id].sort((x, y) => x - y));
    expect(await ids(`keyword=${encodeURIComponent('门磁')}`)).toEqual([fx.door.id]);
    const bad = await devices('commState=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('通讯状态取值无效');
    const b = await devices(`customerId=${fx.b.id}`);
    expect(b.body.data.list.map((r) => r.id)).toEqual([fx.otherEq.id]);
  });

  it('shows a scoped user only their equipment', async () => {
    const res = await devices('pageSize=100', fx.scoped.token);
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.list.every((r) => r.customerId === fx.a.id)).toBe(true);
    const none = await devices(`stationId=${fx.other.id}`, fx.scoped.token);
    expect(none.body.data.total).toBe(0);
  });
});

describe('mainMeters', () => {
  const m = (equipmentId: number, stationId: number, incoming: boolean, voltage: number) => ({ pointId: equipmentId, key: 'P', equipmentId, stationId, incoming, voltage });
  it('takes the incomers of the highest voltage level, else every meter of the station', () => {
    expect([...mainMeters([m(1, 1, true, 10), m(2, 1, true, 0.4), m(3, 1, false, 0.4), m(4, 2, false, 0.4), m(5, 2, false, 0.4), m(6, 3, true, 0.4), m(7, 3, true, 0.4)])].sort()).toEqual([1, 4, 5, 6, 7]);
  });
});

describe('active alarm counts', () => {
  it('counts the alarms not closed per level', async () => {
    const now = Date.now();
    const row = (level: number, closed: number) => ({
      customer_id: fx.a.id, station_id: fx.station.id, equipment_id: fx.hvMeter.id, rule_type: 'upper', level, title: '测试告警', raised_at: now, closed, created_at: now,
    });
    await t.ctx.db.insertInto('alarm_event').values([row(1, 0), row(1, 0), row(3, 0), row(2, 1)]).execute();
    const s = (await get<MonitorStationRow[]>('/api/monitor/stations')).body.data.find((r) => r.id === fx.station.id)!;
    expect(s.alarms).toEqual({ total: 3, byLevel: { '1': 2, '3': 1 } });
    const layout = await get<MonitorStationLayout>(`/api/monitor/station/${fx.station.id}`);
    expect(layout.body.data.station.alarms.total).toBe(3);
  });
});
