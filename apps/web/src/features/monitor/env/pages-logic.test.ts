import { describe, expect, it } from 'vitest';
import type { MonitorEquipmentDetail, SensorPoint, SensorResult, SensorRow } from '@pdz/contracts';
import { climateLevel, climatePoints, createLevelStore, sensorChannels } from './climate';
import { envTypeLabel, filterByType, missingTypes } from './environment';
import { defaultChartPoints } from './equipment';
import { sparkPath } from './components/Sparkline';

const point = (pointId: number, pointKey: string, kind: string, unit: string | null, value: number | null = null): SensorPoint => ({ pointId, pointKey, name: pointKey, kind, unit, precision: 1, ts: value === null ? null : 1, value });
const sensor = (id: number, equipmentType: string, points: SensorPoint[]): SensorRow => ({ id, code: `S${id}`, name: `传感器${id}`, equipmentType, equipmentTypeName: equipmentType, cabinetId: null, cabinetName: null, online: true, lastSeenAt: 1, points });
const result = (stations: SensorRow[][], types: SensorResult['types'] = []): SensorResult => ({
  stations: stations.map((sensors, i) => ({ stationId: i + 1, stationName: `站${i + 1}`, customerId: 1, customerName: '客户', sensors })),
  types,
});

describe('温湿度监测', () => {
  it('colours by the room limits: T > 35 warning, RH > 80 warning, > 85 alarm, the worse wins', () => {
    expect(climateLevel(25, 60)).toBe('normal');
    expect(climateLevel(35, 80)).toBe('normal');
    expect(climateLevel(35.1, 60)).toBe('warning');
    expect(climateLevel(25, 80.5)).toBe('warning');
    expect(climateLevel(25, 85.1)).toBe('alarm');
    expect(climateLevel(40, 90)).toBe('alarm');
    expect(climateLevel(null, 90)).toBe('alarm');
    expect(climateLevel(null, undefined)).toBe('unknown');
    expect(climateLevel(24, null)).toBe('normal');
  });

  it('finds the T and RH points of a sensor', () => {
    const s = sensor(1, 'th_sensor', [point(10, 'T', 'yc', '°C'), point(11, 'RH', 'yc', '%RH')]);
    expect(climatePoints(s).temperature?.pointId).toBe(10);
    expect(climatePoints(s).humidity?.pointId).toBe(11);
    expect(climatePoints(sensor(2, 'th_sensor', [])).temperature).toBeUndefined();
  });

  it('subscribes one channel per sensor, or per station when there are very many', () => {
    const r = result([[sensor(1, 'th_sensor', []), sensor(2, 'th_sensor', [])], [sensor(3, 'th_sensor', [])]]);
    expect(sensorChannels(r)).toEqual(['equipment:1', 'equipment:2', 'equipment:3']);
    expect(sensorChannels(r, 2)).toEqual(['station:1', 'station:2']);
    expect(sensorChannels(undefined)).toEqual([]);
  });

  it('counts levels as cards report them, telling listeners only on a change', () => {
    const store = createLevelStore();
    let calls = 0;
    store.subscribe(() => calls++);
    store.set(1, 'normal');
    store.set(2, 'alarm');
    store.set(2, 'alarm');
    expect(store.getSnapshot()).toEqual({ normal: 1, warning: 0, alarm: 1, unknown: 0 });
    expect(calls).toBe(2);
    store.set(1, 'warning');
    store.remove(2);
    expect(store.getSnapshot()).toEqual({ normal: 0, warning: 1, alarm: 0, unknown: 0 });
  });

  it('draws a sparkline scaled to its own range, flat series in the middle', () => {
    expect(sparkPath([0, 50, 100], [10, 20, 10], 0, 100, 100, 20, 0)).toBe('M0.0,20.0L50.0,0.0L100.0,20.0');
    expect(sparkPath([0, 100], [5, 5], 0, 100, 100, 20)).toBe('M0.0,10.0L100.0,10.0');
    expect(sparkPath([], [], 0, 1, 10, 10)).toBe('');
  });
});

describe('环境监测', () => {
  const r = result(
    [
      [sensor(1, 'water', []), sensor(2, 'door', [])],
      [sensor(3, 'door', [])],
    ],
    [
      { type: 'water', label: '水浸', count: 1 },
      { type: 'door', label: '门磁', count: 2 },
    ],
  );
  it('filters by type and drops stations left without sensors', () => {
    expect(filterByType(r, 'all')).toHaveLength(2);
    expect(filterByType(r, 'water').map((s) => s.sensors.map((x) => x.id))).toEqual([[1]]);
    expect(filterByType(r, 'door').map((s) => s.stationId)).toEqual([1, 2]);
    expect(filterByType(undefined, 'all')).toEqual([]);
  });

  it('names the types no equipment has', () => {
    expect(missingTypes(r)).toEqual(['烟感', 'SF6', '噪声']);
    expect(envTypeLabel('smoke')).toBe('烟感');
    expect(envTypeLabel('custom_x')).toBe('custom_x');
  });
});

describe('设备详情', () => {
  const detail = (type: string, points: SensorPoint[]) => ({ equipment: { equipmentType: type }, gateway: null, points }) as unknown as MonitorEquipmentDetail;
  it('charts the type’s key analog points at first, within two units', () => {
    const meter = detail('meter', [point(1, 'Ua', 'yc', 'V'), point(2, 'Ia', 'yc', 'A'), point(3, 'P', 'yc', 'kW'), point(4, 'PF', 'yc', null), point(5, 'Ep+', 'ym', 'kWh')]);
    expect(defaultChartPoints(meter)).toEqual([1, 2]);
    const th = detail('th_sensor', [point(1, 'T', 'yc', '°C'), point(2, 'RH', 'yc', '%RH')]);
    expect(defaultChartPoints(th)).toEqual([1, 2]);
    expect(defaultChartPoints(detail('door', [point(1, 'Door', 'yx', null)]))).toEqual([]);
  });
});


describe('设备详情 links', () => {
  it('reads range, resolution and points from the address, ignoring bad values', async () => {
    const { historyLink } = await import('./equipment');
    expect(historyLink(new URLSearchParams('id=5&from=1000&to=2000&res=15m&points=3,x,4'))).toEqual({ range: { from: 1000, to: 2000 }, resolution: '15m', points: [3, 4] });
    expect(historyLink(new URLSearchParams('id=5&from=2000&to=1000&res=hourly'))).toEqual({});
  });
});
