import dayjs, { type Dayjs } from 'dayjs';
import type { BayRow, CabinetRow, CameraRow, CustomerRow, GatewayRow, StationRow } from '@pdz/contracts';
import type { CustomerFormValues } from '../api/customer';
import type { StationFormValues } from '../api/station';
import type { BayFormValues } from '../api/bay';
import type { CabinetFormValues } from '../api/cabinet';
import type { CameraFormValues } from '../api/camera';
import type { GatewayFormValues } from '../api/gateway';

/**
 * Form values ↔ request bodies of the site forms. The forms hold dates as dayjs and may leave
 * fields undefined or blank; the calls want YYYY-MM-DD strings and null for "not set", so a
 * cleared field really clears the stored value.
 */
export const DAY_FORMAT = 'YYYY-MM-DD';

/** A form's raw values: anything the antd controls produce. */
export type RawForm = Record<string, unknown>;

export function textOrNull(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
}

export function numOrNull(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** Coordinates keep 6 decimals (about 0.1 m), however many were typed or pasted. */
export function coordOrNull(v: unknown): number | null {
  const n = numOrNull(v);
  return n === null ? null : Math.round(n * 1e6) / 1e6;
}

export function dayOrNull(v: unknown): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (dayjs.isDayjs(v)) return v.isValid() ? v.format(DAY_FORMAT) : null;
  return textOrNull(v);
}

/** YYYY-MM-DD from the server → the date picker's value. */
export function toDay(v: string | null | undefined): Dayjs | undefined {
  if (!v) return undefined;
  const d = dayjs(v, DAY_FORMAT);
  return d.isValid() ? d : undefined;
}

const req = (v: unknown) => (typeof v === 'string' ? v.trim() : (v as string));

export function customerBody(v: RawForm): CustomerFormValues {
  return {
    code: req(v.code),
    name: req(v.name),
    deptId: numOrNull(v.deptId),
    contact: textOrNull(v.contact),
    phone: textOrNull(v.phone),
    address: textOrNull(v.address),
    remark: textOrNull(v.remark),
    enabled: v.enabled !== false,
  };
}

export function customerForm(r: CustomerRow): RawForm {
  return { code: r.code, name: r.name, deptId: r.deptId ?? undefined, contact: r.contact, phone: r.phone, address: r.address, remark: r.remark, enabled: r.enabled };
}

export function stationBody(v: RawForm): StationFormValues {
  return {
    customerId: Number(v.customerId),
    code: req(v.code),
    name: req(v.name),
    stationType: String(v.stationType),
    voltageLevel: textOrNull(v.voltageLevel),
    capacityKva: numOrNull(v.capacityKva),
    city: textOrNull(v.city),
    address: textOrNull(v.address),
    longitude: coordOrNull(v.longitude),
    latitude: coordOrNull(v.latitude),
    commissionDate: dayOrNull(v.commissionDate),
    contact: textOrNull(v.contact),
    phone: textOrNull(v.phone),
    status: textOrNull(v.status) ?? 'running',
    orderNum: numOrNull(v.orderNum) ?? 0,
    remark: textOrNull(v.remark),
  };
}

export function stationForm(r: StationRow): RawForm {
  const { id: _i, customerName: _c, stationTypeName: _t, statusName: _s, bayCount: _b, cabinetCount: _k, gatewayCount: _g, equipmentCount: _e, cameraCount: _m, createdAt: _a, updatedAt: _u, ...rest } = r;
  return { ...rest, commissionDate: toDay(r.commissionDate) };
}

export function bayBody(v: RawForm): BayFormValues {
  return {
    stationId: Number(v.stationId),
    code: req(v.code),
    name: req(v.name),
    voltageLevel: textOrNull(v.voltageLevel),
    orderNum: numOrNull(v.orderNum) ?? 0,
    remark: textOrNull(v.remark),
  };
}

export function bayForm(r: BayRow): RawForm {
  return { stationId: r.stationId, code: r.code, name: r.name, voltageLevel: r.voltageLevel ?? undefined, orderNum: r.orderNum, remark: r.remark };
}

export function cabinetBody(v: RawForm): CabinetFormValues {
  return {
    stationId: Number(v.stationId),
    bayId: numOrNull(v.bayId),
    code: req(v.code),
    name: req(v.name),
    cabinetType: String(v.cabinetType),
    voltageLevel: textOrNull(v.voltageLevel),
    model: textOrNull(v.model),
    manufacturer: textOrNull(v.manufacturer),
    commissionDate: dayOrNull(v.commissionDate),
    orderNum: numOrNull(v.orderNum) ?? 0,
    remark: textOrNull(v.remark),
  };
}

export function cabinetForm(r: CabinetRow): RawForm {
  return {
    stationId: r.stationId,
    bayId: r.bayId ?? undefined,
    code: r.code,
    name: r.name,
    cabinetType: r.cabinetType,
    voltageLevel: r.voltageLevel ?? undefined,
    model: r.model,
    manufacturer: r.manufacturer,
    commissionDate: toDay(r.commissionDate),
    orderNum: r.orderNum,
    remark: r.remark,
  };
}

export function cameraBody(v: RawForm): CameraFormValues {
  return {
    stationId: Number(v.stationId),
    cabinetId: numOrNull(v.cabinetId),
    code: req(v.code),
    name: req(v.name),
    streamUrl: textOrNull(v.streamUrl),
    brand: textOrNull(v.brand),
    ip: textOrNull(v.ip),
    orderNum: numOrNull(v.orderNum) ?? 0,
    remark: textOrNull(v.remark),
  };
}

export function cameraForm(r: CameraRow): RawForm {
  return { stationId: r.stationId, cabinetId: r.cabinetId ?? undefined, code: r.code, name: r.name, streamUrl: r.streamUrl, brand: r.brand, ip: r.ip, orderNum: r.orderNum, remark: r.remark };
}

export function gatewayBody(v: RawForm): GatewayFormValues {
  return {
    stationId: Number(v.stationId),
    code: req(v.code),
    name: req(v.name),
    model: textOrNull(v.model),
    manufacturer: textOrNull(v.manufacturer),
    ip: textOrNull(v.ip),
    protocol: textOrNull(v.protocol) ?? 'mqtt',
    reportIntervalS: numOrNull(v.reportIntervalS) ?? 60,
    remark: textOrNull(v.remark),
  };
}

export function gatewayForm(r: GatewayRow): RawForm {
  return { stationId: r.stationId, code: r.code, name: r.name, model: r.model, manufacturer: r.manufacturer, ip: r.ip, protocol: r.protocol, reportIntervalS: r.reportIntervalS, remark: r.remark };
}

/** How the console can show a stream: HLS plays in the page, other http(s) opens, RTSP/RTMP need a player. */
export type StreamKind = 'hls' | 'http' | 'rtsp' | 'rtmp';

export function streamKind(url: string | null | undefined): StreamKind | null {
  if (!url) return null;
  const u = url.trim();
  if (/^rtsp:\/\//i.test(u)) return 'rtsp';
  if (/^rtmp:\/\//i.test(u)) return 'rtmp';
  if (!/^https?:\/\//i.test(u)) return null;
  // The path, not the query: "…/live.m3u8?token=…" is HLS, "…?format=m3u8" is not certain.
  const path = u.split(/[?#]/)[0];
  return /\.m3u8$/i.test(path) ? 'hls' : 'http';
}
