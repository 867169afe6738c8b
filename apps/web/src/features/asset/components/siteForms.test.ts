import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { StationRow } from '@pdz/contracts';
import { cabinetBody, cameraBody, customerBody, dayOrNull, gatewayBody, stationBody, stationForm, streamKind, textOrNull, toDay } from './siteForms';

describe('form → request', () => {
  it('blank text is null, dates go as YYYY-MM-DD', () => {
    expect(textOrNull('  ')).toBeNull();
    expect(textOrNull(' a ')).toBe('a');
    expect(dayOrNull(dayjs('2024-03-05'))).toBe('2024-03-05');
    expect(dayOrNull(undefined)).toBeNull();
    expect(toDay('2024-03-05')?.format('YYYY-MM-DD')).toBe('2024-03-05');
    expect(toDay(null)).toBeUndefined();
  });

  it('station: numbers, coordinates, date, defaults', () => {
    const body = stationBody({
      customerId: 3,
      code: ' ST-01 ',
      name: '星湖街1号配电房',
      stationType: 'room',
      voltageLevel: '10',
      capacityKva: 1600,
      city: '',
      longitude: 120.7319,
      latitude: 31.3052,
      commissionDate: dayjs('2021-06-30'),
      phone: undefined,
    });
    expect(body).toEqual({
      customerId: 3,
      code: 'ST-01',
      name: '星湖街1号配电房',
      stationType: 'room',
      voltageLevel: '10',
      capacityKva: 1600,
      city: null,
      address: null,
      longitude: 120.7319,
      latitude: 31.3052,
      commissionDate: '2021-06-30',
      contact: null,
      phone: null,
      status: 'running',
      orderNum: 0,
      remark: null,
    });
    expect(stationBody({ customerId: 1, code: 'a', name: 'b', stationType: 'box', longitude: null, latitude: undefined }).longitude).toBeNull();
    expect(stationBody({ customerId: 1, code: 'a', name: 'b', stationType: 'box', longitude: 120.123456789, latitude: '31.5' })).toMatchObject({ longitude: 120.123457, latitude: 31.5 });
  });

  it('station row → form: a date picker value, no read-only fields', () => {
    const row = { id: 1, customerId: 2, customerName: 'A', code: 'S', name: 'N', stationType: 'room', stationTypeName: '配电房', commissionDate: '2020-01-02', statusName: '运行', status: 'running' } as unknown as StationRow;
    const f = stationForm(row);
    expect(dayjs.isDayjs(f.commissionDate)).toBe(true);
    expect(f).not.toHaveProperty('id');
    expect(f).not.toHaveProperty('customerName');
    expect(f.customerId).toBe(2);
  });

  it('customer, cabinet, camera, gateway', () => {
    expect(customerBody({ code: 'HD', name: '华东', phone: '' })).toMatchObject({ deptId: null, phone: null, enabled: true });
    expect(customerBody({ code: 'HD', name: '华东', enabled: false }).enabled).toBe(false);
    expect(cabinetBody({ stationId: '4', code: 'K1', name: '进线柜', cabinetType: 'incoming', bayId: undefined, commissionDate: null })).toMatchObject({
      stationId: 4,
      bayId: null,
      commissionDate: null,
      orderNum: 0,
    });
    expect(cameraBody({ stationId: 4, code: 'C1', name: '门口', streamUrl: ' http://x/live.m3u8 ', ip: '' })).toMatchObject({ streamUrl: 'http://x/live.m3u8', ip: null, cabinetId: null });
    expect(gatewayBody({ stationId: 4, code: 'GW1', name: '网关' })).toMatchObject({ protocol: 'mqtt', reportIntervalS: 60, model: null });
  });
});

describe('stream kinds', () => {
  it('HLS by the path, other http, rtsp/rtmp as links', () => {
    expect(streamKind('https://cam.example/live/1.m3u8')).toBe('hls');
    expect(streamKind('http://10.0.0.5/hls/a.M3U8?token=x')).toBe('hls');
    expect(streamKind('http://10.0.0.5/stream?format=m3u8')).toBe('http');
    expect(streamKind('rtsp://10.0.0.5:554/h264')).toBe('rtsp');
    expect(streamKind('rtmp://live/x')).toBe('rtmp');
    expect(streamKind('ftp://x')).toBeNull();
    expect(streamKind(null)).toBeNull();
  });
});
