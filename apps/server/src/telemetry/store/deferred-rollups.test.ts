import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { nativeSqlite } from '../../platform/db/index';
import { sortUnique } from '../buffer/write-buffer';
import { makeFleet, type Fleet } from '../testkit';
import type { Sample } from '../types';
import { SqliteTelemetryStore } from './sqlite-store';
import { telDb } from './store';

/**
 * The embedded store under load writes rollups and latest values after the raw commit (mode
 * `defer`). Whatever the path — in every commit, deferred then settled, or deferred then lost in a
 * crash and rebuilt at the next start — the tables must end up the same.
 */
const Z = (iso: string) => Date.parse(iso);
const MIN = 60_000;

/** Batches as the buffer makes them: Ua every minute, the energy register rising, across a China day boundary, with a late and a resent reading. */
function batches(f: Fleet): Sample[][] {
  const ua = f.points.Ua;
  const ep = f.points.Ep;
  const start = Z('2024-05-31T15:20:00Z'); // 23:20 China time, the last day of May
  const out: Sample[][] = [];
  for (let b = 0; b < 6; b++) {
    const batch: Sample[] = [];
    for (let m = 0; m < 15; m++) {
      const t = start + (b * 15 + m) * MIN;
      batch.push({ p: ua, t, v: 220 + ((b * 7 + m * 3) % 11), q: 0 });
      if (m % 5 === 0) batch.push({ p: ep, t, v: 1000 + b * 15 + m + (b === 4 ? 0.5 : 0), q: 0 });
    }
    if (b === 3) batch.push({ p: ep, t: start + 7 * MIN, v: 1007.2, q: 0 }); // late: between two stored readings
    if (b === 5) batch.push({ p: ua, t: start, v: 999, q: 0 }); // resent key: the first copy stays
    out.push(sortUnique(batch));
  }
  return out;
}

async function tables(t: TestApp, f: Fleet) {
  const db = telDb(t.ctx);
  const key = new Map([
    [f.points.Ua, 'Ua'],
    [f.points.Ep, 'Ep'],
  ]);
  const ids = [...key.keys()];
  const strip = <T extends { point_id: number }>(rows: T[]) => rows.map(({ point_id, ...r }) => ({ key: key.get(point_id), ...r }));
  const rollup = (table: 'tel_15m' | 'tel_day' | 'tel_month') => db.selectFrom(table).selectAll().where('point_id', 'in', ids).orderBy('point_id').orderBy('bucket').execute();
  return {
    q: strip(await rollup('tel_15m')),
    day: strip(await rollup('tel_day')),
    month: strip(await rollup('tel_month')),
    latest: strip(await db.selectFrom('tel_latest').selectAll().where('point_id', 'in', ids).orderBy('point_id').execute()),
  };
}

const round = (x: unknown): unknown => (typeof x === 'number' ? Math.round(x * 1e6) / 1e6 : Array.isArray(x) ? x.map(round) : x && typeof x === 'object' ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, round(v)])) : x);

let apps: TestApp[] = [];
beforeAll(async () => {
  apps = await Promise.all([0, 1, 2].map(() => startTestApp({ databaseUrl: null })));
});
afterAll(async () => {
  for (const a of apps) await a.close();
});

describe('deferred rollups (embedded store)', () => {
  it('end with the same tables as rollups in every commit, and after a crash once rebuilt from raw', async () => {
    const [direct, deferred, crashed] = apps;
    const fleets = await Promise.all(apps.map((a) => makeFleet(a.ctx.db)));
    const acc = (f: Fleet) => (p: number) => p === f.points.Ep;

    for (const b of batches(fleets[0])) await direct.ctx.telemetry!.store.write(b, acc(fleets[0]), 'now');
    const expected = await tables(direct, fleets[0]);
    expect(expected.q.length).toBeGreaterThan(4);
    expect(expected.day.length).toBe(4); // Ua and Ep on both China days

    const store = deferred.ctx.telemetry!.store;
    for (const b of batches(fleets[1])) await store.write(b, acc(fleets[1]), 'defer');
    const dirty = await telDb(deferred.ctx).selectFrom('tel_rollup_dirty').select('bucket').execute();
    expect(dirty.length).toBe(7); // 15:15 … 16:45 UTC
    expect((await tables(deferred, fleets[1])).q).toEqual([]);
    await store.write([], acc(fleets[1]), 'now');
    expect(round(await tables(deferred, fleets[1]))).toEqual(round(expected));
    expect(await telDb(deferred.ctx).selectFrom('tel_rollup_dirty').select('bucket').execute()).toEqual([]);

    // A crash: the raw samples and the marks were committed, the pending work in memory is lost.
    for (const b of batches(fleets[2])) await crashed.ctx.telemetry!.store.write(b, acc(fleets[2]), 'defer');
    const restarted = new SqliteTelemetryStore(crashed.ctx.db, nativeSqlite(crashed.ctx.db)!, crashed.ctx.telemetry!.buckets);
    expect(restarted.recover()).toEqual({ buckets: 7, points: 2 });
    expect(round(await tables(crashed, fleets[2]))).toEqual(round(expected));
    expect(restarted.recover()).toEqual({ buckets: 0, points: 0 });
  });

  it('writes a point pending longer than the delay in a later deferred commit', async () => {
    const t = apps[0];
    const f = await makeFleet(t.ctx.db);
    const store = new SqliteTelemetryStore(t.ctx.db, nativeSqlite(t.ctx.db)!, t.ctx.telemetry!.buckets, 50);
    const at = Z('2024-07-01T00:00:00Z');
    const counts = async () => Object.fromEntries((await telDb(t.ctx).selectFrom('tel_15m').select(['point_id', 'count']).where('point_id', 'in', [f.points.Ua, f.points.door]).execute()).map((r) => [r.point_id === f.points.Ua ? 'Ua' : 'door', r.count]));
    await store.write([{ p: f.points.Ua, t: at, v: 1, q: 0 }], () => false, 'defer');
    expect(await counts()).toEqual({});
    await new Promise((r) => setTimeout(r, 60));
    await store.write([{ p: f.points.door, t: at, v: 1, q: 0 }], () => false, 'defer');
    expect(await counts()).toEqual({ Ua: 1 });
    await store.write([], () => false, 'now');
    expect(await counts()).toEqual({ Ua: 1, door: 1 });
  });
});
