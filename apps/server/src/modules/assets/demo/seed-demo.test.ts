import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EquipmentRow, Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../../test/harness';
import { invalidateGrants } from '../../../platform/auth/principal';
import { hashGatewaySecret, seedDemoFleet, type DemoSummary } from './seed-demo';

let t: TestApp;
let summary: DemoSummary;
let elapsed: number;
beforeAll(async () => {
  t = await startTestApp();
  const started = Date.now();
  summary = (await seedDemoFleet(t.ctx))!;
  elapsed = Date.now() - started;
  console.log(`demo fleet (${t.ctx.dialect}): ${elapsed} ms`, { ...summary, users: summary.users.map((u) => u.userName) });
}, 120_000);
afterAll(async () => t?.close());

const count = async (table: 'asset_customer' | 'asset_station' | 'asset_equipment' | 'asset_point' | 'iot_raw_rule' | 'alarm_config' | 'asset_gateway' | 'asset_cabinet') =>
  Number((await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('demo fleet', () => {
  it('creates 3 customers, 12 stations, ~600 equipment and ~12,000 points quickly', async () => {
    expect(elapsed).toBeLessThan(t.ctx.dialect === 'sqlite' ? 10_000 : 30_000);
    expect(await count('asset_customer')).toBe(3);
    expect(await count('asset_station')).toBe(12);
    const equipment = await count('asset_equipment');
    const points = await count('asset_point');
    expect(equipment).toBeGreaterThanOrEqual(550);
    expect(equipment).toBeLessThanOrEqual(650);
    expect(points).toBeGreaterThanOrEqual(11_000);
    expect(points).toBeLessThanOrEqual(13_000);
    expect(summary).toMatchObject({ customers: 3, stations: 12, equipment, points, rawRules: points });
    expect(await count('iot_raw_rule')).toBe(points);
    expect(await count('alarm_config')).toBe(summary.alarmConfigs);
    expect(summary.alarmConfigs).toBeGreaterThan(equipment);
    expect(summary.capacitors).toBeGreaterThan(0);
  });

  it('looks like a real fleet: one city, 6–20 cabinets and 1–2 gateways per station, every model used', async () => {
    const stations = await t.ctx.db.selectFrom('asset_station').selectAll().execute();
    for (const s of stations) {
      expect(s.city).toBe('苏州');
      expect(s.latitude!).toBeGreaterThan(31.2);
      expect(s.latitude!).toBeLessThan(31.45);
      expect(s.longitude!).toBeGreaterThan(120.5);
      expect(s.longitude!).toBeLessThan(120.8);
      const cabinets = await t.ctx.db.selectFrom('asset_cabinet').select('id').where('station_id', '=', s.id).execute();
      expect(cabinets.length).toBeGreaterThanOrEqual(6);
      expect(cabinets.length).toBeLessThanOrEqual(20);
      const gateways = await t.ctx.db.selectFrom('asset_gateway').select('code').where('station_id', '=', s.id).execute();
      expect(gateways.length).toBeGreaterThanOrEqual(1);
      expect(gateways.length).toBeLessThanOrEqual(2);
      for (const g of gateways) expect(g.code).toMatch(/^GW-SZ-\d{3}$/);
    }
    const models = await t.ctx.db.selectFrom('asset_equipment').select('model_id').distinct().execute();
    expect(models.length).toBe(9);
    const customers = await t.ctx.db.selectFrom('asset_customer').select(['name', 'dept_id']).orderBy('id').execute();
    expect(customers[0].name).toBe('华东智慧园区管理有限公司');
    expect(new Set(customers.map((c) => c.dept_id)).size).toBe(3);
  });

  it('binds each point to the tag <equipmentCode>.<pointKey> on its equipment gateway', async () => {
    const r = await t.ctx.db
      .selectFrom('iot_raw_rule as r')
      .innerJoin('asset_point as p', 'p.id', 'r.point_id')
      .innerJoin('asset_equipment as e', 'e.id', 'p.equipment_id')
      .select(['r.raw_tag', 'r.gateway_id', 'e.gateway_id as eg', 'e.code', 'p.point_key'])
      .where('e.code', '=', 'SZ01-M01')
      .where('p.point_key', '=', 'Ep+')
      .executeTakeFirstOrThrow();
    expect(r.raw_tag).toBe('SZ01-M01.Ep+');
    expect(r.gateway_id).toBe(r.eg);
    const mismatched = await t.ctx.db
      .selectFrom('iot_raw_rule as r')
      .innerJoin('asset_point as p', 'p.id', 'r.point_id')
      .innerJoin('asset_equipment as e', 'e.id', 'p.equipment_id')
      .select('r.id')
      .whereRef('r.gateway_id', '!=', 'e.gateway_id')
      .execute();
    expect(mismatched).toEqual([]);
  });

  it('writes the gateway secrets for the simulator, owner-only, matching the stored hashes', async () => {
    const stat = fs.statSync(summary.gatewaysFile);
    expect(stat.mode & 0o777).toBe(0o600);
    const doc = JSON.parse(fs.readFileSync(summary.gatewaysFile, 'utf8')) as {
      gateways: { code: string; secret: string; equipment: { code: string; points: [string, string, string][] }[] }[];
    };
    expect(doc.gateways).toHaveLength(summary.gateways);
    const g = doc.gateways[0];
    const stored = await t.ctx.db.selectFrom('asset_gateway').select('secret_hash').where('code', '=', g.code).executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(g.secret);
    expect(stored.secret_hash).toBe(hashGatewaySecret(g.secret));
    expect(doc.gateways.flatMap((x) => x.equipment).length).toBe(summary.equipment);
    expect(doc.gateways.flatMap((x) => x.equipment.flatMap((e) => e.points)).length).toBe(summary.points);
    expect(g.equipment[0].points[0]).toEqual(['Ua', 'yc', 'V']);
  });

  it('does nothing when customers exist', async () => {
    expect(await seedDemoFleet(t.ctx)).toBeNull();
    expect(await count('asset_customer')).toBe(3);
  });

  it('creates one operator per customer who sees only that customer', async () => {
    expect(summary.users.map((u) => u.userName)).toEqual(['demo_hdzh', 'demo_szjm', 'demo_gswy']);
    const u = summary.users[1];
    expect(u.password).toMatch(/^Pdz-/);
    // The asset menus come with another part of the issue: grant the list permission directly.
    const role = await t.ctx.db.selectFrom('sys_role').select('id').where('role_key', '=', 'demo_operator').executeTakeFirstOrThrow();
    const now = Date.now();
    const menu = await t.ctx.db
      .insertInto('sys_menu')
      .values({ parent_id: 0, menu_name: '设备查询', menu_type: 'F', path: null, component: null, perms: 'asset:equipment:list', icon: null, order_num: 1, hidden: 0, affix: 0, keep_alive: 0, is_frame: 0, menu_scope: 'all', enabled: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db.insertInto('sys_role_menu').values({ role_id: role.id, menu_id: menu.id }).execute();
    invalidateGrants();
    const token = await t.login(u.userName, u.password);
    const res = await t.call<Page<EquipmentRow>>({ method: 'POST', url: '/api/pdfznjkpt/bjequipment/pageList', token, payload: { pageSize: 500 } });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThan(100);
    expect(new Set(res.body.data.list.map((e) => e.customerName))).toEqual(new Set([u.customer]));
    expect((await t.call({ method: 'GET', url: '/api/system/user/pageList', token })).status).toBe(403);
  });
});
