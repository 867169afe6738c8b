import { sql } from 'kysely';
import { makeFleet } from '../../apps/server/src/telemetry/testkit';
import { telDb } from '../../apps/server/src/telemetry/store/store';
import type { Sample } from '../../apps/server/src/telemetry/types';
import { BENCH_PASSWORD, report, time, type Timing } from './harness';
import { assetBenchApp, type Backend } from './assets-fleet';

const QUARTER = 15 * 60_000;
const HOUR = 3_600_000;
const METERS = 1000;
const BATCH = 20_000;
/** 2025 in China time: a whole year of quarter-hours and a whole month (March) of hourly meter readings. */
const YEAR_FROM = Date.UTC(2024, 11, 31, 16);
const YEAR_TO = Date.UTC(2025, 11, 31, 16);
const MONTH_FROM = Date.UTC(2025, 1, 28, 16);
const MONTH_TO = Date.UTC(2025, 2, 31, 16);

/**
 * Chart and report reads over stored history: a one-year chart of one point at 15-minute
 * resolution (35,040 buckets with min/max/avg) and the daily energy table of a month for 1,000
 * meters (consumption per meter per day, with the monthly totals), through the real HTTP calls and
 * as the single SQL aggregate an energy report would run; against a signed-in trivial call of the
 * same run. SQLite always; PostgreSQL too when DATABASE_URL is set.
 */
export async function benchHistory() {
  await runOn('sqlite');
  if (process.env.DATABASE_URL) await runOn('postgres');
  else console.log('\n(PostgreSQL skipped: DATABASE_URL is not set)');
}

async function runOn(backend: Backend) {
  const b = await assetBenchApp(backend);
  const { app, ctx } = b;
  try {
    const telemetry = ctx.telemetry!;
    const chart = await makeFleet(ctx.db, [{ key: 'Ta', kind: 'yc' }]);
    const meters = await makeFleet(
      ctx.db,
      Array.from({ length: METERS }, (_, i) => ({ key: `Ep${i}`, kind: 'ym' as const })),
    );
    await telemetry.rules.rulesOf(chart.gateway.id);
    await telemetry.rules.rulesOf(meters.gateway.id);
    const isAcc = (p: number) => telemetry.rules.kindOf(p) === 'ym';

    let t0 = performance.now();
    const year: Sample[] = [];
    for (let t = YEAR_FROM; t < YEAR_TO; t += QUARTER) year.push({ p: chart.points.Ta, t, v: 60 + 20 * Math.sin(t / 86_400_000), q: 0 });
    for (let i = 0; i < year.length; i += BATCH) await telemetry.store.write(year.slice(i, i + BATCH), isAcc);
    const meterIds = Object.values(meters.points);
    let written = 0;
    let batch: Sample[] = [];
    for (const [m, p] of meterIds.entries()) {
      let reading = 1000 + m;
      for (let t = MONTH_FROM; t <= MONTH_TO; t += HOUR) {
        batch.push({ p, t, v: reading, q: 0 });
        reading += 5 + (m % 7);
        if (batch.length < BATCH) continue;
        await telemetry.store.write(batch, isAcc);
        written += batch.length;
        batch = [];
      }
    }
    if (batch.length) await telemetry.store.write(batch, isAcc);
    written += batch.length + year.length;
    console.log(`\n[${backend}] history written through the store: ${written.toLocaleString()} samples in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    if (backend === 'postgres') await sql`analyze`.execute(ctx.db);

    const login = await app.inject({ method: 'POST', url: '/admin/login', payload: { username: 'admin', password: BENCH_PASSWORD } });
    const headers = { authorization: `Bearer ${(JSON.parse(login.body) as { data: { token: string } }).data.token}` };
    const get = (url: string, check?: (data: unknown) => void) => async () => {
      const res = await app.inject({ method: 'GET', url, headers });
      const body = JSON.parse(res.body) as { code: number; msg: string; data: unknown };
      if (res.statusCode !== 200 || body.code !== 0) throw new Error(`${url}: HTTP ${res.statusCode} ${body.msg}`);
      check?.(body.data);
      return body;
    };
    const buckets = (n: number) => (data: unknown) => {
      const got = (data as { series: { ts: number[] }[] }).series[0].ts.length;
      if (got !== n) throw new Error(`expected ${n} buckets, got ${got}`);
    };

    const rows: Timing[] = [];
    const baseline = await time('GET /api/getServerAddr (signed-in baseline)', 300, get('/api/getServerAddr'));
    t0 = performance.now();
    const yearChart = `/api/telemetry/history?pointIds=${chart.points.Ta}&from=${YEAR_FROM}&to=${YEAR_TO}&resolution=15m`;
    const body = JSON.stringify(await get(yearChart)());
    console.log(`[${backend}] one-year 15-minute chart: ${year.length.toLocaleString()} buckets, ${(body.length / 1e6).toFixed(1)} MB of JSON`);
    rows.push(await time('one point, one year at 15 min (35,040 buckets)', 10, get(yearChart, buckets(year.length))));
    rows.push(await time('one point, one year, auto resolution (days)', 50, get(`/api/telemetry/history?pointIds=${chart.points.Ta}&from=${YEAR_FROM}&to=${YEAR_TO}`, buckets(365))));
    const groups: number[][] = [];
    for (let i = 0; i < meterIds.length; i += 50) groups.push(meterIds.slice(i, i + 50));
    rows.push(
      await time(`month energy table, 1,000 meters × 31 days: ${groups.length} history calls of 50 meters (resolution day)`, 5, async () => {
        for (const g of groups) await get(`/api/telemetry/history?pointIds=${g.join(',')}&from=${MONTH_FROM}&to=${MONTH_TO}&resolution=day`, buckets(31))();
      }),
    );
    rows.push(
      await time('month energy table, 1,000 meters: one SQL aggregate over tel_day (sum, max per meter)', 20, async () => {
        const r = await telDb(ctx)
          .selectFrom('tel_day')
          .select(['point_id', sql<number>`sum(cons)`.as('kwh'), sql<number>`max(cons)`.as('peak_day')])
          .where('point_id', 'in', meterIds)
          .where('bucket', '>=', MONTH_FROM)
          .where('bucket', '<', MONTH_TO)
          .groupBy('point_id')
          .execute();
        if (r.length !== METERS) throw new Error(`expected ${METERS} meters, got ${r.length}`);
      }),
    );
    report(`History reads on ${backend} (server time per call, Fastify inject, sequential, warm)`, baseline, rows);
  } finally {
    await b.dispose();
  }
}
