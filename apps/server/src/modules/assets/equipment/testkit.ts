import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import type { DataScope } from '@pdz/contracts';
import type { TestApp } from '../../../../test/harness';
import { createLimitedUser, type LimitedUser } from '../../../../test/limited-user';

/**
 * Fixtures for the equipment-side asset tests. Customers, stations, cabinets and gateways are
 * written straight into the database (their own APIs belong to another part of the issue).
 */
let seq = 0;
const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}${crypto.randomBytes(2).toString('hex')}`;

/** A signed-in user holding exactly these permission codes (button menus are created if missing). */
export async function userWith(t: TestApp, perms: string[], opts: { deptId?: number | null; dataScope?: DataScope } = {}): Promise<LimitedUser> {
  const db = t.ctx.db;
  const now = Date.now();
  const menuIds: number[] = [];
  for (const p of perms) {
    const found = await db.selectFrom('sys_menu').select('id').where('perms', '=', p).executeTakeFirst();
    if (found) {
      menuIds.push(found.id);
      continue;
    }
    const row = await db
      .insertInto('sys_menu')
      .values({
        parent_id: 0,
        menu_name: p,
        menu_type: 'F',
        path: null,
        component: null,
        perms: p,
        icon: null,
        order_num: 99,
        hidden: 0,
        affix: 0,
        keep_alive: 0,
        is_frame: 0,
        menu_scope: 'all',
        enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    menuIds.push(row.id);
  }
  return createLimitedUser(t, { menuIds, deptId: opts.deptId, dataScope: opts.dataScope });
}

export async function makeDept(t: TestApp, name: string): Promise<number> {
  const root = await t.ctx.db.selectFrom('sys_dept').select('id').where('parent_id', '=', 0).orderBy('id').executeTakeFirstOrThrow();
  const now = Date.now();
  const row = await t.ctx.db
    .insertInto('sys_dept')
    .values({ parent_id: root.id, ancestors: `0,${root.id}`, dept_name: name, order_num: 1, leader: null, phone: null, email: null, enabled: 1, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface Site {
  customerId: number;
  deptId: number;
  stationId: number;
  stationCode: string;
  station2Id: number;
  station2Code: string;
  cabinetId: number;
  cabinetCode: string;
  gatewayId: number;
  gatewayCode: string;
  gateway2Id: number;
  /** A gateway of the second station. */
  otherStationGatewayId: number;
}

/** A customer in a department of its own, with two stations, a cabinet and gateways. */
export async function makeSite(t: TestApp, label = '测试客户'): Promise<Site> {
  const db = t.ctx.db;
  const now = Date.now();
  const u = uniq();
  const deptId = await makeDept(t, `${label}${u}`);
  const customer = await db
    .insertInto('asset_customer')
    .values({ code: `C${u}`, name: `${label}${u}`, dept_id: deptId, contact: null, phone: null, address: null, logo: null, min_logo: null, remark: null, enabled: 1, created_by: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const station = async (code: string, name: string) =>
    (
      await db
        .insertInto('asset_station')
        .values({
          customer_id: customer.id,
          code,
          name,
          station_type: 'room',
          voltage_level: '10',
          capacity_kva: 1600,
          city: '苏州',
          address: null,
          longitude: 120.62,
          latitude: 31.3,
          commission_date: null,
          contact: null,
          phone: null,
          status: 'running',
          order_num: 0,
          remark: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const stationId = await station('ST-001', `1号配电房${u}`);
  const station2Id = await station('ST-002', `2号配电房${u}`);
  const cabinet = await db
    .insertInto('asset_cabinet')
    .values({ station_id: stationId, bay_id: null, code: 'AH1', name: '1#进线柜', cabinet_type: 'incoming', voltage_level: '0.4', model: null, manufacturer: null, commission_date: null, order_num: 1, remark: null, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gateway = async (code: string, stId: number) =>
    (
      await db
        .insertInto('asset_gateway')
        .values({
          customer_id: customer.id,
          station_id: stId,
          code,
          name: `网关${code}`,
          model: null,
          manufacturer: null,
          ip: null,
          protocol: 'mqtt',
          secret_hash: 'x',
          secret_rotated_at: now,
          report_interval_s: 60,
          online: 0,
          last_seen_at: null,
          offline_since: null,
          remark: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const gatewayCode = `GW-${u}`;
  return {
    customerId: customer.id,
    deptId,
    stationId,
    stationCode: 'ST-001',
    station2Id,
    station2Code: 'ST-002',
    cabinetId: cabinet.id,
    cabinetCode: 'AH1',
    gatewayId: await gateway(gatewayCode, stationId),
    gatewayCode,
    gateway2Id: await gateway(`GW2-${u}`, stationId),
    otherStationGatewayId: await gateway(`GW3-${u}`, station2Id),
  };
}

export async function modelId(t: TestApp, code: string): Promise<number> {
  return (await t.ctx.db.selectFrom('asset_equipment_model').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

export async function countOf(t: TestApp, table: 'asset_equipment' | 'asset_point' | 'iot_raw_rule' | 'alarm_config' | 'asset_capacitor' | 'asset_equipment_model' | 'asset_model_point'): Promise<number> {
  const row = await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function assetAudits(t: TestApp, action: string) {
  return t.ctx.db.selectFrom('sys_audit').selectAll().where('category', '=', 'asset').where('action', '=', action).orderBy('id', 'desc').execute();
}

/** Adds an equipment through the API and returns its id. */
export async function addEquipment(t: TestApp, site: Site, code: string, model = 'MFM-3P', extra: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call<{ id: number }>({
    method: 'POST',
    url: '/api/pdfznjkpt/bjequipment/add',
    token: t.adminToken,
    payload: { stationId: site.stationId, cabinetId: site.cabinetId, gatewayId: site.gatewayId, modelId: await modelId(t, model), code, name: `设备${code}`, ...extra },
  });
  if (res.body.code !== 0) throw new Error(`add ${code}: ${res.status} ${res.body.msg}`);
  return res.body.data.id;
}

/** A multipart/form-data body with one file part, as a browser upload sends it. */
export function multipartFile(data: Buffer, filename: string, field = 'file') {
  const boundary = `----pdz${crypto.randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** GETs an export as this token: status, headers and the first sheet as rows of cell texts (header row first). */
export async function downloadXlsx(t: TestApp, url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const rows: string[][] = [];
  if (res.statusCode === 200) {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  }
  return { status: res.statusCode, headers: res.headers, fileName: decodeURIComponent(String(res.headers['content-disposition'] ?? '')), rows };
}
