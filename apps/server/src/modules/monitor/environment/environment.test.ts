import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { PERMS, type GatewayStats, type MonitorEquipmentDetail, type MonitorGatewayRow, type SensorResult } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { makeDept, userWith } from '../../assets/equipment/testkit';
import { gatewayHeaders, makeFleet, type Fleet } from '../../../telemetry/testkit';

/** Adds one equipment of `type` with points (and raw rules) to the fleet's station and gateway. */
async function addSensor(t: TestApp, f: Fleet, type: string, name: string, keys: { key: string; kind: string; unit?: string }[]) {
  const db = t.ctx.db;
  const now = Date.now();
  const model = await db.selectFrom('asset_equipment_model').select('id').orderBy('id').executeTakeFirstOrThrow();
  const code = `${f.equipmentCode}${type}`.slice(0, 60);
  const e = await db
    .insertInto('asset_equipment')
    .values({ customer_id: f.customerId, station_id: f.stationId, gateway_id: f.gateway.id, model_id: model.id, code, name, equipment_type: type, created_at: now, updated_at: now } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const points: Record<string, number> = {};
  const tags: Record<string, string> = {};
  for (const [i, p] of keys.entries()) {
    const row = await db
      .insertInto('asset_point')
      .values({ equipment_id: e.id, point_key: p.key, name: p.key, kind: p.kind, unit: p.unit ?? null, order_num: i, created_at: now, updated_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const tag = `${code}.${p.key}`;
    await db.insertInto('iot_raw_rule').values({ point_id: row.id, gateway_id: f.gateway.id, raw_tag: tag, scale: 1, offset: 0, updated_at: now } as never).execute();
    points[p.key] = row.id;
    tags[p.key] = tag;
  }
  return { id: e.id, points, tags };
}

let t: TestApp;
let fleet: Fleet;
let th: Awaited<ReturnType<typeof addSensor>>;
let water: Awaited<ReturnType<typeof addSensor>>;
const NOW = Date.now();

beforeAll(async () => {
  t = await startTestApp();
  fleet = await makeFleet(t.ctx.db, [
    { key: 'Ua', kind: 'yc' },
    { key: 'Ep', kind: 'ym' },
  ]);
  th = await addSensor(t, fleet, 'th_sensor', '1号温湿度', [
    { key: 'T', kind: 'yc', unit: '°C' },
    { key: 'RH', kind: 'yc', unit: '%RH' },
  ]);
  water = await addSensor(t, fleet, 'water', '电缆沟水浸', [{ key: 'Water', kind: 'yx' }]);
  // Two readings 20 minutes apart (two quarters of the sparkline), plus a tag nobody knows.
  const records = [
    { ts: NOW - 20 * 60_000, values: { [th.tags.T]: 24.5, [th.tags.RH]: 60, [water.tags.Water]: false, [fleet.tags.Ua]: 230 } },
    { ts: NOW - 60_000, values: { [th.tags.T]: 36.2, [th.tags.RH]: 82, [water.tags.Water]: true, 'X.unknown': 1 } },
  ];
  const res = await t.call({ method: 'POST', url: `/api/ingest/${fleet.gateway.code}`, headers: gatewayHeaders(fleet.gateway.secret), payload: JSON.stringify(records) });
  expect(res.status).toBe(200);
});
afterAll(async () => t?.close());

const get = <T>(url: string, token: string | null = t.adminToken) => t.call<T>({ method: 'GET', url, token });

describe('温湿度监测 and 环境监测', () => {
  it('lists temperature/humidity sensors by station with latest values and a 24 h sparkline', async () => {
    const res = await get<SensorResult>(`/api/monitor/climate?stationId=${fleet.stationId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.types).toEqual([{ type: 'th_sensor', label: '温湿度传感器', count: 1 }]);
    const [group] = res.body.data.stations;
    expect(group).toMatchObject({ stationId: fleet.stationId, customerId: fleet.customerId });
    expect(group.sensors).toHaveLength(1);
    const sensor = group.sensors[0];
    expect(sensor).toMatchObject({ id: th.id, name: '1号温湿度', equipmentType: 'th_sensor', online: true });
    const t1 = sensor.points.find((p) => p.pointKey === 'T')!;
    expect(t1).toMatchObject({ pointId: th.points.T, unit: '°C', value: 36.2, ts: NOW - 60_000 });
    expect(t1.spark!.ts.length).toBeGreaterThanOrEqual(1);
    expect(t1.spark!.avg.at(-1)).toBeCloseTo(36.2);
    // Meters and water sensors are not climate sensors.
    expect(sensor.points.map((p) => p.pointKey).sort()).toEqual(['RH', 'T']);
  });

  it('lists environment sensors with their status points and says which types exist', async () => {
    const res = await get<SensorResult>(`/api/monitor/environment?stationId=${fleet.stationId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.types).toEqual([{ type: 'water', label: '水浸', count: 1 }]);
    const sensor = res.body.data.stations[0].sensors[0];
    expect(sensor).toMatchObject({ id: water.id, equipmentType: 'water' });
    expect(sensor.points).toEqual([expect.objectContaining({ pointId: water.points.Water, kind: 'yx', value: 1 })]);
    expect(sensor.points[0].spark).toBeUndefined();
  });

  it('filters by keyword (station or sensor name) and answers empty lists for nothing found', async () => {
    expect((await get<SensorResult>(`/api/monitor/climate?keyword=${encodeURIComponent('1号温湿')}`)).body.data.stations[0].sensors[0].id).toBe(th.id);
    expect((await get<SensorResult>(`/api/monitor/climate?keyword=nothing-like-this`)).body.data).toEqual({ stations: [], types: [] });
  });
});

describe('设备详情', () => {
  it('answers the header with station, gateway and every point with its latest value', async () => {
    const res = await get<MonitorEquipmentDetail>(`/api/monitor/equipment/${fleet.equipmentId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.equipment).toMatchObject({ id: fleet.equipmentId, equipmentType: 'meter', stationId: fleet.stationId, online: true });
    expect(res.body.data.gateway).toMatchObject({ id: fleet.gateway.id, code: fleet.gateway.code, online: true, reportIntervalS: 60 });
    expect(res.body.data.points.map((p) => [p.pointKey, p.value])).toEqual([
      ['Ua', 230],
      ['Ep', null],
    ]);
  });

  it('answers 404 for an equipment that does not exist and a Chinese message for a bad id', async () => {
    expect((await get(`/api/monitor/equipment/99999999`)).status).toBe(404);
    const bad = await get(`/api/monitor/equipment/abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('设备');
  });
});

describe('导出历史数据', () => {
  it('answers an xlsx of the chart columns and audits it; points of another customer answer 404', async () => {
    const from = NOW - 3_600_000;
    const res = await t.app.inject({ method: 'GET', url: `/api/monitor/history/export?pointIds=${th.points.T},${th.points.RH}&from=${from}&to=${NOW}`, headers: { authorization: `Bearer ${t.adminToken}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toMatch(/历史数据_\d{14}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '时间（原始）', 'T(°C)', 'RH(%RH)']);
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(3).getCell(2).value).toBe(36.2);
    const audit = await t.ctx.db.selectFrom('sys_audit').selectAll().where('action', '=', '导出历史数据').execute();
    expect(audit.length).toBeGreaterThan(0);
    // A rollup: average, min and max per point.
    const day = await t.app.inject({ method: 'GET', url: `/api/monitor/history/export?pointIds=${th.points.T}&from=${NOW - 2 * 86_400_000}&to=${NOW}`, headers: { authorization: `Bearer ${t.adminToken}` } });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(day.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].getRow(1).values).toEqual([undefined, '时间（15分钟）', 'T平均(°C)', 'T最小(°C)', 'T最大(°C)']);
    const bad = await get(`/api/monitor/history/export?pointIds=${th.points.T}&from=${NOW}&to=${from}`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('结束时间必须晚于开始时间');
  });
});

describe('网关状态', () => {
  it('lists gateways with comm state and ingest totals, and the stats of one', async () => {
    const res = await get<MonitorGatewayRow[]>(`/api/monitor/gateways?stationId=${fleet.stationId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: fleet.gateway.id, online: true, equipmentCount: 3, messages: 1, samples: 7, unknownSamples: 1, unknownTags: 1, rejected: 0, reportIntervalS: 60 }),
    ]);
    const stats = await get<GatewayStats>(`/api/monitor/gateways/${fleet.gateway.id}/stats`);
    expect(stats.body.data.unknownTags).toEqual([expect.objectContaining({ rawTag: 'X.unknown', count: 1 })]);
  });
});

describe('permissions and data scope', () => {
  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await get('/api/monitor/climate', null)).status).toBe(401);
    const plain = await userWith(t, []);
    expect((await get('/api/monitor/climate', plain.token)).status).toBe(403);
    expect((await get('/api/monitor/environment', plain.token)).status).toBe(403);
    expect((await get(`/api/monitor/equipment/${fleet.equipmentId}`, plain.token)).status).toBe(403);
    const viewer = await userWith(t, [PERMS.telemetry.query]);
    expect((await get('/api/monitor/gateways', viewer.token)).status).toBe(403);
    expect((await get(`/api/monitor/gateways/${fleet.gateway.id}/stats`, viewer.token)).status).toBe(403);
  });

  it('shows a department user only their customers: lists leave others out, ids answer 404', async () => {
    const deptId = await makeDept(t, `环境部门${Date.now()}`);
    const mine = await makeFleet(t.ctx.db, [{ key: 'Ua', kind: 'yc' }], { deptId });
    const mySensor = await addSensor(t, mine, 'th_sensor', '本部门温湿度', [{ key: 'T', kind: 'yc', unit: '°C' }]);
    const user = await userWith(t, [PERMS.telemetry.query, PERMS.telemetry.stats], { deptId, dataScope: 'dept' });
    const climate = await get<SensorResult>('/api/monitor/climate', user.token);
    expect(climate.body.data.stations.flatMap((s) => s.sensors.map((x) => x.id))).toEqual([mySensor.id]);
    expect((await get<SensorResult>('/api/monitor/environment', user.token)).body.data.stations).toEqual([]);
    expect((await get<MonitorGatewayRow[]>('/api/monitor/gateways', user.token)).body.data.map((g) => g.id)).toEqual([mine.gateway.id]);
    expect((await get(`/api/monitor/equipment/${fleet.equipmentId}`, user.token)).status).toBe(404);
    expect((await get(`/api/monitor/equipment/${mine.equipmentId}`, user.token)).status).toBe(200);
    expect((await get(`/api/monitor/gateways/${fleet.gateway.id}/stats`, user.token)).status).toBe(404);
    expect((await get(`/api/monitor/history/export?pointIds=${th.points.T}&from=0&to=${NOW}`, user.token)).status).toBe(404);
    // A stationId of another customer just finds nothing (lists never leak).
    expect((await get<SensorResult>(`/api/monitor/climate?stationId=${fleet.stationId}`, user.token)).body.data.stations).toEqual([]);
  });
});
