import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness';
import { nativeSqlite } from '../../platform/db/index';
import { sortUnique } from '../buffer/write-buffer';
import { makeFleet, type Fleet } from '../testkit';
import type { Sample } from '../types';
import { SqliteTelemetryStore } from './sqlite-store';
import { sql } from 'kysely';
import { telDb } from './store';

/**
 * The embedded store under load appends batches to its ingest journal and moves them into the
 * history later (mode `defer`). Whatever the path — straight into the history, through the
 * journal, a move that fails part-way and is retried, or a crash part-way and the next start —
 * the history tables must end up the same.
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
  apps = await Promise.all([0, 1, 2, 3].map(() => startTestApp({ databaseUrl: null })));
});
afterAll(async () => {
  for (const a of apps) await a.close();
});

const acc = (f: Fleet) => (p: number) => p === f.points.Ep;
const journalRows = async (t: TestApp) => Number((await sql<{ n: number }>`SELECT count(*) AS n FROM tel_journal`.execute(t.ctx.db)).rows[0].n);
const rawRows = async (t: TestApp, f: Fleet) => (await telDb(t.ctx).selectFrom('tel_raw').select(['point_id', 'ts', 'value']).where('point_id', 'in', [f.points.Ua, f.points.Ep]).orderBy('point_id').orderBy('ts').execute()).map(({ point_id, ...r }) => ({ key: point_id === f.points.Ua ? 'Ua' : 'Ep', ...r }));
/** A store of the test app's database that moves one point per commit (so a move can stop between points). */
const pointByPoint = (t: TestApp) => new SqliteTelemetryStore(t.ctx.db, nativeSqlite(t.ctx.db)!, t.ctx.telemetry!.buckets, { chunkSamples: 1, moveEveryMs: 60_000 });
/** Makes moving the higher of the two points fail, as a full disk would. */
const failOn = (t: TestApp, f: Fleet) => sql.raw(`CREATE TRIGGER fail_move BEFORE INSERT ON tel_raw WHEN NEW.point_id = ${Math.max(f.points.Ua, f.points.Ep)} BEGIN SELECT RAISE(ABORT, 'disk full'); END`).execute(t.ctx.db);
const healed = (t: TestApp) => sql`DROP TRIGGER fail_move`.execute(t.ctx.db);

describe('ingest journal (embedded store)', () => {
  it('ends with the same history as writing it straight, after a failed move, and after a crash mid-move', async () => {
    const [direct, journaled, retried, crashed] = apps;
    const fleets = await Promise.all(apps.map((a) => makeFleet(a.ctx.db)));

    for (const b of batches(fleets[0])) await direct.ctx.telemetry!.store.write(b, acc(fleets[0]), 'now');
    const expected = await tables(direct, fleets[0]);
    const expectedRaw = await rawRows(direct, fleets[0]);
    expect(expected.q.length).toBeGreaterThan(4);
    expect(expected.day.length).toBe(4); // Ua and Ep on both China days
    expect(await journalRows(direct)).toBe(0);

    // Journal, then moved when the buffer is quiet (an empty `now` write).
    const store = journaled.ctx.telemetry!.store;
    for (const b of batches(fleets[1])) await store.write(b, acc(fleets[1]), 'defer');
    expect(await journalRows(journaled)).toBe(batches(fleets[1]).flat().length);
    expect(store.backlog).toBe(batches(fleets[1]).flat().length);
    expect((await tables(journaled, fleets[1])).q).toEqual([]);
    await store.write([], acc(fleets[1]), 'now');
    expect(round(await tables(journaled, fleets[1]))).toEqual(round(expected));
    expect(await rawRows(journaled, fleets[1])).toEqual(expectedRaw);
    expect([await journalRows(journaled), store.backlog]).toEqual([0, 0]);

    // A move that fails after its first point: retried from where it stopped once the disk is back.
    const retrying = pointByPoint(retried);
    for (const b of batches(fleets[2])) await retrying.write(b, acc(fleets[2]), 'defer');
    await failOn(retried, fleets[2]);
    await expect(retrying.write([], acc(fleets[2]), 'now')).rejects.toThrow('disk full');
    expect((await rawRows(retried, fleets[2])).map((r) => r.key)).not.toContain(Math.max(fleets[2].points.Ua, fleets[2].points.Ep) === fleets[2].points.Ua ? 'Ua' : 'Ep');
    expect((await rawRows(retried, fleets[2])).length).toBeGreaterThan(0);
    await healed(retried);
    await retrying.write([], acc(fleets[2]), 'now');
    expect(round(await tables(retried, fleets[2]))).toEqual(round(expected));
    expect(await rawRows(retried, fleets[2])).toEqual(expectedRaw);

    // The same failure, then the process dies: the next start reads the journal and finishes the move.
    const dying = pointByPoint(crashed);
    for (const b of batches(fleets[3])) await dying.write(b, acc(fleets[3]), 'defer');
    await failOn(crashed, fleets[3]);
    await expect(dying.write([], acc(fleets[3]), 'now')).rejects.toThrow('disk full');
    await healed(crashed);
    const restarted = pointByPoint(crashed);
    const moved = restarted.recover();
    expect(moved.journal).toBeGreaterThan(0);
    expect(moved.journal).toBeLessThan(batches(fleets[3]).flat().length); // the first point had moved
    expect(round(await tables(crashed, fleets[3]))).toEqual(round(expected));
    expect(await rawRows(crashed, fleets[3])).toEqual(expectedRaw);
    expect(await journalRows(crashed)).toBe(0);
    expect(restarted.recover()).toEqual({ journal: 0, buckets: 0, points: 0 });
  });

  it('moves on its own under load, once the oldest waiting batch is due', async () => {
    const t = apps[0];
    const f = await makeFleet(t.ctx.db);
    const store = new SqliteTelemetryStore(t.ctx.db, nativeSqlite(t.ctx.db)!, t.ctx.telemetry!.buckets, { moveEveryMs: 50 });
    const at = Z('2024-07-01T00:00:00Z');
    const counts = async () => Object.fromEntries((await telDb(t.ctx).selectFrom('tel_15m').select(['point_id', 'count']).where('point_id', 'in', [f.points.Ua, f.points.door]).execute()).map((r) => [r.point_id === f.points.Ua ? 'Ua' : 'door', r.count]));
    await store.write([{ p: f.points.Ua, t: at, v: 1, q: 0 }], () => false, 'defer');
    expect(await counts()).toEqual({});
    await new Promise((r) => setTimeout(r, 60));
    await store.write([{ p: f.points.door, t: at, v: 1, q: 0 }], () => false, 'defer');
    await expect.poll(counts).toEqual({ Ua: 1, door: 1 });
    expect(store.backlog).toBe(0);
  });

  it('writes a batch straight into the history while nothing waits in the journal', async () => {
    const t = apps[0];
    const f = await makeFleet(t.ctx.db);
    const store = new SqliteTelemetryStore(t.ctx.db, nativeSqlite(t.ctx.db)!, t.ctx.telemetry!.buckets);
    const at = Z('2024-08-01T00:00:00Z');
    const first = await store.write([{ p: f.points.Ua, t: at, v: 1, q: 0 }], () => false, 'now');
    expect(first).toHaveLength(1);
    expect(await store.write([{ p: f.points.Ua, t: at, v: 2, q: 0 }], () => false, 'now')).toEqual([]); // resent key
    expect((await rawRows(t, f)).map((r) => r.value)).toEqual([1]);
    expect(await journalRows(t)).toBe(0);
  });
});
