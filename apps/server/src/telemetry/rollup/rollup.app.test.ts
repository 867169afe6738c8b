import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResult } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../test/harness';
import { gatewayHeaders, makeFleet, type Fleet } from '../testkit';
import { telDb } from '../store/store';
import { purgeRaw } from './retention';

let t: TestApp;
const Z = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function send(f: Fleet, records: { ts: number; values: Record<string, number | boolean> }[]) {
  const res = await t.call({ method: 'POST', url: `/api/ingest/${f.gateway.code}`, headers: gatewayHeaders(f.gateway.secret), payload: JSON.stringify(records) });
  expect(res.status).toBe(200);
}

/** Readings of one point key, one record each. */
const readings = (f: Fleet, key: string, rows: [string, number][]) => rows.map(([iso, v]) => ({ ts: Z(iso), values: { [f.tags[key]]: v } }));

async function hist(pointId: number, from: number, to: number, resolution = 'auto') {
  const res = await t.call<HistoryResult>({ method: 'GET', url: `/api/telemetry/history?pointIds=${pointId}&from=${from}&to=${to}&resolution=${resolution}`, token: t.adminToken });
  expect(res.status).toBe(200);
  return res.body.data;
}

const round = (xs: (number | null)[] | undefined) => xs?.map((x) => (x === null ? null : Math.round(x * 1000) / 1000));

describe('rollups', () => {
  it('splits China days at 16:00:00Z, for values and for consumption', async () => {
    const f = await makeFleet(t.ctx.db);
    await send(f, [
      ...readings(f, 'Ua', [
        ['2024-03-10T15:59:59Z', 10],
        ['2024-03-10T16:00:00Z', 20],
      ]),
      ...readings(f, 'Ep', [
        ['2024-03-10T15:45:00Z', 100],
        ['2024-03-10T15:59:59Z', 105],
        ['2024-03-10T16:00:00Z', 106],
        ['2024-03-10T16:15:00Z', 110],
      ]),
    ]);
    const from = Z('2024-03-09T16:00:00Z');
    const to = Z('2024-03-11T16:00:00Z');
    const ua = (await hist(f.points.Ua, from, to, 'day')).series[0];
    expect(ua.ts).toEqual([Z('2024-03-09T16:00:00Z'), Z('2024-03-10T16:00:00Z')]);
    expect(ua.count).toEqual([1, 1]);
    expect(ua.last).toEqual([10, 20]);
    expect(ua.cons).toBeUndefined();
    const ep = (await hist(f.points.Ep, from, to, 'day')).series[0];
    // Each increment counts in the bucket of the earlier reading: 100→105→106 on the 10th, 106→110 on the 11th.
    expect(round(ep.cons)).toEqual([6, 4]);
    const month = (await hist(f.points.Ep, from, to, 'month')).series[0];
    expect(month.ts).toEqual([Z('2024-02-29T16:00:00Z')]);
    expect(round(month.cons)).toEqual([10]);
  });

  it('handles a rollover (999990.50 → 12.30 is 21.80) and a meter reset (counted 0, flagged), never negative', async () => {
    const f = await makeFleet(t.ctx.db);
    // In two messages: the second continues after the stored latest reading (consumption is added).
    await send(
      f,
      readings(f, 'Ep', [
        ['2024-04-01T01:00:00Z', 999980.0],
        ['2024-04-01T01:15:00Z', 999990.5],
      ]),
    );
    await send(
      f,
      readings(f, 'Ep', [
        ['2024-04-01T01:30:00Z', 12.3],
        ['2024-04-01T01:45:00Z', 20.0],
        ['2024-04-01T02:00:00Z', 5.0],
        ['2024-04-01T02:15:00Z', 7.0],
      ]),
    );
    const from = Z('2024-04-01T01:00:00Z');
    const q = (await hist(f.points.Ep, from, Z('2024-04-01T03:00:00Z'), '15m')).series[0];
    expect(round(q.cons)).toEqual([10.5, 21.8, 7.7, 0, 2, 0]);
    expect(q.suspect).toEqual([0, 0, 0, 1, 0, 0]);
    const day = (await hist(f.points.Ep, Z('2024-03-31T16:00:00Z'), Z('2024-04-01T16:00:00Z'), 'day')).series[0];
    expect(round(day.cons)).toEqual([42]);
    expect(day.suspect).toEqual([1]);
    expect(day.min).toEqual([5]);
    expect(day.max).toEqual([999990.5]);
  });

  it('puts a late sample into its buckets: first/last by time, consumption recomputed, resent sample counted once', async () => {
    const f = await makeFleet(t.ctx.db);
    await send(f, [
      ...readings(f, 'Ua', [
        ['2024-05-02T02:05:00Z', 5],
        ['2024-05-02T02:10:00Z', 7],
      ]),
      ...readings(f, 'Ep', [
        ['2024-05-02T02:00:00Z', 100],
        ['2024-05-02T02:30:00Z', 130],
      ]),
    ]);
    const from = Z('2024-05-02T02:00:00Z');
    const to = Z('2024-05-02T03:00:00Z');
    expect(round((await hist(f.points.Ep, from, to, '15m')).series[0].cons)).toEqual([30, 0]);

    await send(f, [
      ...readings(f, 'Ua', [['2024-05-02T02:01:00Z', 9]]),
      ...readings(f, 'Ep', [['2024-05-02T02:15:00Z', 110]]),
    ]);
    // Sent again (a gateway that missed the ack): changes nothing.
    await send(f, readings(f, 'Ua', [['2024-05-02T02:01:00Z', 9]]));

    const ua = (await hist(f.points.Ua, from, to, '15m')).series[0];
    expect(ua).toMatchObject({ first: [9], last: [7], min: [5], max: [9], count: [3] });
    expect(ua.avg?.[0]).toBeCloseTo(7, 9);
    const ep = await hist(f.points.Ep, from, to, '15m');
    expect(ep.series[0].ts).toEqual([from, Z('2024-05-02T02:15:00Z'), Z('2024-05-02T02:30:00Z')]);
    expect(round(ep.series[0].cons)).toEqual([10, 20, 0]);
    const day = (await hist(f.points.Ua, Z('2024-05-01T16:00:00Z'), Z('2024-05-02T16:00:00Z'), 'day')).series[0];
    expect(day).toMatchObject({ first: [9], count: [3] });
    expect(round((await hist(f.points.Ep, Z('2024-05-01T16:00:00Z'), Z('2024-05-02T16:00:00Z'), 'day')).series[0].cons)).toEqual([30]);
  });

  it('picks the resolution from the range: raw ≤ 1 day, 15m ≤ 31 days, day ≤ 2 years, else month', async () => {
    const f = await makeFleet(t.ctx.db);
    await send(
      f,
      readings(f, 'Ua', [
        ['2024-06-01T00:00:00Z', 1],
        ['2024-06-01T00:00:01Z', 50],
        ['2024-06-01T00:00:02Z', 2],
      ]),
    );
    const at = Z('2024-06-01T00:00:00Z');
    const H = 3_600_000;
    const D = 24 * H;
    const raw = await hist(f.points.Ua, at - H, at + 12 * H);
    expect(raw.resolution).toBe('raw');
    expect(raw.series[0]).toEqual({ pointId: f.points.Ua, ts: [at, at + 1000, at + 2000], value: [1, 50, 2] });
    const quarter = await hist(f.points.Ua, at - D, at + 6 * D);
    expect(quarter.resolution).toBe('15m');
    // The spike survives as the bucket's max.
    expect(quarter.series[0]).toMatchObject({ ts: [at], min: [1], max: [50], count: [3] });
    expect((await hist(f.points.Ua, at - 50 * D, at + 50 * D)).resolution).toBe('day');
    expect((await hist(f.points.Ua, at - 400 * D, at + 400 * D)).resolution).toBe('month');
    const bad = await t.call({ method: 'GET', url: `/api/telemetry/history?pointIds=${f.points.Ua}&from=${at}&to=${at - 1}`, token: t.adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('结束时间必须晚于开始时间');
  });
});

describe('communication state and retention', () => {
  it('marks a gateway and its equipment online on data and offline after N report intervals of silence', async () => {
    const f = await makeFleet(t.ctx.db, [{ key: 'Ua', kind: 'yc' }], { reportIntervalS: 10 });
    const events: { id: number; online: boolean }[] = [];
    const off = t.ctx.bus.on('gateway.status', (e) => events.push(e));
    try {
      const before = Date.now();
      await send(f, [{ ts: before, values: { [f.tags.Ua]: 1 } }]);
      const comm = t.ctx.telemetry!.comm;
      await comm.settle();
      const gw = () => t.ctx.db.selectFrom('asset_gateway').select(['online', 'last_seen_at', 'offline_since']).where('id', '=', f.gateway.id).executeTakeFirstOrThrow();
      const eq = () => t.ctx.db.selectFrom('asset_equipment').select(['online', 'last_seen_at']).where('id', '=', f.equipmentId).executeTakeFirstOrThrow();
      expect(await gw()).toMatchObject({ online: 1, offline_since: null });
      expect((await gw()).last_seen_at).toBeGreaterThanOrEqual(before);
      expect((await eq()).online).toBe(1);
      await comm.tick(Date.now() + 20_000); // 2 intervals: still online
      expect((await gw()).online).toBe(1);
      const later = Date.now() + 31_000; // > 3 intervals
      await comm.tick(later);
      expect(await gw()).toMatchObject({ online: 0, offline_since: later });
      expect((await eq()).online).toBe(0);
      expect(events.filter((e) => e.id === f.gateway.id).map((e) => e.online)).toEqual([true, false]);
      await send(f, [{ ts: Date.now(), values: { [f.tags.Ua]: 2 } }]);
      await comm.settle();
      expect(await gw()).toMatchObject({ online: 1, offline_since: null });
    } finally {
      off();
    }
  });

  it('deletes raw history past the retention period and keeps the rollups', async () => {
    const f = await makeFleet(t.ctx.db, [{ key: 'Ua', kind: 'yc' }]);
    const now = Date.now();
    const old = now - 400 * 86_400_000;
    await send(f, [
      { ts: old, values: { [f.tags.Ua]: 1 } },
      { ts: now - 1000, values: { [f.tags.Ua]: 2 } },
    ]);
    expect(await purgeRaw(telDb(t.ctx), 365, now)).toBeGreaterThanOrEqual(1);
    const raw = await telDb(t.ctx).selectFrom('tel_raw').select('ts').where('point_id', '=', f.points.Ua).execute();
    expect(raw.map((r) => r.ts)).toEqual([now - 1000]);
    const days = await telDb(t.ctx).selectFrom('tel_day').select('bucket').where('point_id', '=', f.points.Ua).execute();
    expect(days.length).toBe(2);
  });
});
