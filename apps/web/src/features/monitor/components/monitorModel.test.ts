import { afterEach, describe, expect, it } from 'vitest';
import { pickKeyPoints, statusPointText, commStateOf, KEY_POINTS_BY_TYPE, type AlarmRow, type MonitorStationRow } from '@pdz/contracts';
import {
  applyAlarmEvent,
  customerOptions,
  filterStations,
  fleetTotals,
  formatFigure,
  formatValue,
  liveCommState,
  onlineRatio,
  pickStation,
  recallStation,
  rememberStation,
  stationOptions,
  sumKnown,
  LAST_STATION_KEY,
} from './monitorModel';
import { groupByBay } from './stationGroups';

const station = (id: number, over: Partial<MonitorStationRow> = {}): MonitorStationRow => ({
  id,
  code: `S${id}`,
  name: `站点${id}`,
  customerId: 1,
  customerName: '客户甲',
  stationType: 'room',
  stationTypeName: '配电房',
  city: null,
  address: null,
  longitude: null,
  latitude: null,
  capacityKva: null,
  equipment: { total: 10, online: 8, offline: 1, never: 1 },
  gateways: { total: 1, online: 1 },
  alarms: { total: 0, byLevel: {} },
  loadKw: 100,
  loadPointIds: [],
  todayKwh: 50,
  lastSeenAt: null,
  ...over,
});

const alarm = (id: number, over: Partial<AlarmRow> = {}): AlarmRow =>
  ({ id, stationId: 7, state: 'active', level: 2, title: `告警${id}`, raisedAt: id, ...over }) as AlarmRow;

afterEach(() => localStorage.clear());

describe('key points (contracts)', () => {
  const pts = (...keys: string[]) => keys.map((pointKey, i) => ({ pointKey, isTag: i === 1 }));
  it('takes the type’s keys in table order, whatever order the points come in', () => {
    expect(pickKeyPoints('meter', pts('Ep+', 'F', 'P', 'Ua', 'Ia', 'PF', 'Ub')).map((p) => p.pointKey)).toEqual(['Ua', 'Ia', 'P', 'PF', 'Ep+']);
    expect(pickKeyPoints('th_sensor', pts('RH', 'T')).map((p) => p.pointKey)).toEqual(['T', 'RH']);
    expect(KEY_POINTS_BY_TYPE.transformer).toContain('LoadRate');
  });
  it('falls back to live tags, then to the first points, for models the table does not know', () => {
    expect(pickKeyPoints('custom', pts('a', 'b', 'c')).map((p) => p.pointKey)).toEqual(['b']);
    expect(pickKeyPoints('custom', [1, 2, 3, 4, 5, 6, 7].map((i) => ({ pointKey: `k${i}` }))).map((p) => p.pointKey)).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
  });
  it('reads status points as words, with the abnormal state flagged', () => {
    expect(statusPointText('Door', 1)).toEqual({ text: '打开', alarm: true, on: true });
    expect(statusPointText('Door', 0)).toEqual({ text: '关闭', alarm: false, on: false });
    expect(statusPointText('Switch', 1)).toEqual({ text: '合闸', alarm: false, on: true });
    expect(statusPointText('Switch', 0)).toEqual({ text: '分闸', alarm: false, on: false });
    expect(statusPointText('Fan', 0)?.alarm).toBe(false);
    expect(statusPointText('Smoke', null)).toBeUndefined();
    expect(statusPointText('Unknown', 1)?.text).toBe('合');
  });
  it('names the comm state: never reported is not offline', () => {
    expect(commStateOf(true, 1)).toBe('online');
    expect(commStateOf(false, 1)).toBe('offline');
    expect(commStateOf(false, null)).toBe('never');
  });
});

describe('monitor model', () => {
  it('picks the station from the address, then the last one viewed, then the first', () => {
    const list = [{ id: 3 }, { id: 5 }];
    expect(pickStation(5, 3, list)).toBe(5);
    expect(pickStation(99, 3, list)).toBe(3);
    expect(pickStation(undefined, 42, list)).toBe(3);
    expect(pickStation(undefined, undefined, [])).toBeUndefined();
    rememberStation(5);
    expect(localStorage.getItem(LAST_STATION_KEY)).toBe('5');
    expect(recallStation()).toBe(5);
  });

  it('lets a live comm update win over the loaded state', () => {
    expect(liveCommState('never', undefined)).toBe('never');
    expect(liveCommState('never', { online: true, at: 5 })).toBe('online');
    expect(liveCommState('online', { online: false, at: 9 })).toBe('offline');
    // The snapshot of equipment that never reported: offline with no time.
    expect(liveCommState('never', { online: false, at: 0 })).toBe('never');
  });

  it('formats values with the point’s decimals and -- for nothing', () => {
    expect(formatValue(230.456, 1)).toBe('230.5');
    expect(formatValue(null)).toBe('--');
    expect(formatValue(Number.NaN)).toBe('--');
    expect(formatFigure(12345.6)).toBe('12,346');
    expect(formatFigure(12.34)).toBe('12.3');
    expect(formatFigure(null)).toBe('--');
    expect(sumKnown([1, undefined, 2.5, null])).toBe(3.5);
    expect(sumKnown([undefined])).toBeNull();
    expect(onlineRatio({ total: 3, online: 2, offline: 1, never: 0 })).toBe(67);
    expect(onlineRatio({ total: 0, online: 0, offline: 0, never: 0 })).toBeNull();
  });

  it('keeps the latest-alarms list current from websocket events', () => {
    const list = [alarm(2), alarm(1)];
    expect(applyAlarmEvent(list, 'raised', alarm(3), 7).map((a) => a.id)).toEqual([3, 2, 1]);
    expect(applyAlarmEvent(list, 'raised', alarm(3, { stationId: 8 }), 7)).toBe(list);
    expect(applyAlarmEvent(list, 'confirmed', alarm(1, { state: 'confirmed' }), 7).map((a) => [a.id, a.state])).toEqual([
      [2, 'active'],
      [1, 'confirmed'],
    ]);
    expect(applyAlarmEvent(list, 'recovered', alarm(2, { state: 'closed' }), 7).map((a) => a.id)).toEqual([1]);
    expect(applyAlarmEvent([alarm(1)], 'raised', alarm(2), 7, 1).map((a) => a.id)).toEqual([2]);
  });

  it('groups stations and customers for the pickers, filters and totals the overview', () => {
    const list = [station(1), station(2, { customerId: 2, customerName: '客户乙', alarms: { total: 2, byLevel: { '1': 2 } }, loadKw: null }), station(3, { equipment: { total: 4, online: 4, offline: 0, never: 0 } })];
    expect(stationOptions(list).map((g) => [g.label, g.options.map((o) => o.value)])).toEqual([
      ['客户甲', [1, 3]],
      ['客户乙', [2]],
    ]);
    expect(customerOptions(list)).toEqual([
      { value: 1, label: '客户甲' },
      { value: 2, label: '客户乙' },
    ]);
    expect(filterStations(list, 'alarm').map((s) => s.id)).toEqual([2]);
    expect(filterStations(list, 'offline').map((s) => s.id)).toEqual([1, 2]);
    const t = fleetTotals(list);
    expect(t).toMatchObject({ stations: 3, loadKw: 200, todayKwh: 150, alarms: { total: 2, byLevel: { '1': 2 } } });
    expect(t.equipment).toEqual({ total: 24, online: 20, offline: 2, never: 2 });
  });

  it('puts consecutive cabinets of a bay under one heading', () => {
    const c = (id: number, bayId: number | null) => ({ id, bayId, bayName: bayId ? `间隔${bayId}` : null }) as never;
    expect(groupByBay([c(1, 1), c(2, 1), c(3, 2), c(4, null)]).map((g) => [g.title, g.cabinets.length])).toEqual([
      ['间隔1', 2],
      ['间隔2', 1],
      [null, 1],
    ]);
  });
});
