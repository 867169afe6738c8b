import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import zlib from 'node:zlib';
import type { TestApp } from '../../../../test/harness';
import { makeDept, userWith } from '../equipment/testkit';

/**
 * Fixtures for the site-structure tests, made through the API itself (customers, stations,
 * bays, cabinets, cameras, gateways), so every test also exercises the calls it relies on.
 */
export { makeDept, userWith };

let seq = 0;
export const uniq = () => `${Date.now().toString(36)}${(seq++).toString(36)}${crypto.randomBytes(2).toString('hex')}`.toUpperCase();

async function post<T>(t: TestApp, url: string, payload: Record<string, unknown>, token = t.adminToken): Promise<T> {
  const res = await t.call<T>({ method: 'POST', url, payload, token });
  if (res.body.code !== 0) throw new Error(`${url}: ${res.status} ${res.body.msg}`);
  return res.body.data;
}

export async function apiCustomer(t: TestApp, deptId: number, extra: Record<string, unknown> = {}): Promise<{ id: number; code: string; name: string }> {
  const u = uniq();
  const body = { code: `C${u}`, name: `客户${u}`, deptId, ...extra };
  const { id } = await post<{ id: number }>(t, '/api/customer/add', body);
  return { id, code: String(body.code), name: String(body.name) };
}

export async function apiStation(t: TestApp, customerId: number, extra: Record<string, unknown> = {}): Promise<{ id: number; code: string; name: string }> {
  const u = uniq();
  const body = { customerId, code: `S${u}`, name: `城东配电站${u}`, stationType: 'station', voltageLevel: '10', longitude: 120.6, latitude: 31.3, ...extra };
  const { id } = await post<{ id: number }>(t, '/api/station/add', body);
  return { id, code: String(body.code), name: String(body.name) };
}

export async function apiBay(t: TestApp, stationId: number, extra: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  const u = uniq();
  const body = { stationId, code: `B${u}`, name: `10kV间隔${u}`, ...extra };
  const { id } = await post<{ id: number }>(t, '/api/bay/add', body);
  return { id, code: String(body.code) };
}

export async function apiCabinet(t: TestApp, stationId: number, extra: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  const u = uniq();
  const body = { stationId, code: `AH${u}`, name: `进线柜${u}`, cabinetType: 'incoming', ...extra };
  const { id } = await post<{ id: number }>(t, '/api/cabinet/add', body);
  return { id, code: String(body.code) };
}

export async function apiCamera(t: TestApp, stationId: number, extra: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  const u = uniq();
  const body = { stationId, code: `CAM${u}`, name: `摄像头${u}`, ...extra };
  const { id } = await post<{ id: number }>(t, '/api/camera/add', body);
  return { id, code: String(body.code) };
}

export async function apiGateway(t: TestApp, stationId: number, extra: Record<string, unknown> = {}): Promise<{ id: number; code: string; secret: string }> {
  const u = uniq();
  const body = { stationId, code: `GW-${u}`, name: `网关${u}`, ...extra };
  const r = await post<{ id: number; secret: string }>(t, '/api/pdfznjkpt/gateway/save', body);
  return { id: r.id, code: String(body.code), secret: r.secret };
}

export async function apiEquipment(t: TestApp, stationId: number, extra: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
  const model = await t.ctx.db.selectFrom('asset_equipment_model').select('id').where('code', '=', 'MFM-3P').executeTakeFirstOrThrow();
  const u = uniq();
  const body = { stationId, modelId: model.id, code: `E${u}`, name: `电表${u}`, cabinetId: null, gatewayId: null, ...extra };
  const { id } = await post<{ id: number }>(t, '/api/pdfznjkpt/bjequipment/add', body);
  return { id, code: String(body.code) };
}

/** Two customers in departments of their own; `scoped` sees only the first (role scope: its department). */
export async function twoCustomers(t: TestApp, perms: string[]) {
  const deptA = await makeDept(t, `部门A${uniq()}`);
  const deptB = await makeDept(t, `部门B${uniq()}`);
  const a = await apiCustomer(t, deptA);
  const b = await apiCustomer(t, deptB);
  const scoped = await userWith(t, perms, { deptId: deptA, dataScope: 'dept' });
  return { deptA, deptB, a, b, scoped };
}

export async function auditRows(t: TestApp, action: string) {
  return t.ctx.db.selectFrom('sys_audit').selectAll().where('category', '=', 'asset').where('action', '=', action).orderBy('id', 'desc').execute();
}

export async function count(t: TestApp, table: 'asset_customer' | 'asset_station' | 'asset_bay' | 'asset_cabinet' | 'asset_camera' | 'asset_gateway' | 'asset_equipment'): Promise<number> {
  const r = await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * The text of a PDF: pdftotext (poppler-utils) when installed; otherwise the Unicode text the
 * embedded fonts' ToUnicode maps declare, so a missing tool still checks that the name is there.
 */
export function pdfText(pdf: Buffer): { text: string; via: 'pdftotext' | 'tounicode' } {
  try {
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
    return { text, via: 'pdftotext' };
  } catch (err) {
    if ((err as { code?: string }).code !== 'ENOENT') throw err;
  }
  // Fallback: inflate every stream and collect the characters of the ToUnicode maps.
  const raw = pdf.toString('latin1');
  const chars: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let body: Buffer;
    try {
      body = zlib.inflateSync(pdf.subarray(start, end));
    } catch {
      continue;
    }
    const s = body.toString('latin1');
    if (!s.includes('beginbfrange') && !s.includes('beginbfchar')) continue;
    for (const h of s.matchAll(/<([0-9a-fA-F]{4,})>/g)) {
      const hex = h[1];
      if (hex.length % 4) continue;
      for (let i = 0; i < hex.length; i += 4) chars.push(String.fromCharCode(parseInt(hex.slice(i, i + 4), 16)));
    }
  }
  return { text: chars.join(''), via: 'tounicode' };
}
