import fs from 'node:fs';
import { sql } from 'kysely';
import { seedBenchFleet } from '../../apps/server/src/modules/assets/tree/tree.bench-data';
import { BENCH_PASSWORD, report, time, type Timing } from './harness';
import { ASSET_BENCH_FLEET, assetBenchApp, type Backend } from './assets-fleet';
import { benchConsoleTree } from './console-tree.bench';

/**
 * The asset registry at fleet scale (assets-fleet.ts: 10,000 equipment, 200,000 points). Server
 * time per call through Fastify's inject (sequential, warm), on the embedded database and on
 * PostgreSQL when DATABASE_URL is set, against two baselines of the same run: a trivial signed-in
 * call and a raw SQL count of the equipment. Then the console in Chromium (console-tree.bench.ts)
 * on the embedded database's fleet.
 */

/** Search keywords from one hit deep in the tree to a truncated result and a full scan without hits. */
const KEYWORDS: [string, string][] = [
  ['E57-AA13-4', 'one equipment by its code'],
  ['-17号配电站', 'a station name (4 hits)'],
  ['回路3电表', '2,000 equipment (truncated at 200)'],
  ['无此设备', 'no hit (full scan)'],
];

/** Fails loudly when a call under measurement does not answer success (a benchmark of errors is worthless). */
function expectOk(label: string, res: { statusCode: number; body: string }) {
  if (res.statusCode !== 200) throw new Error(`${label}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
  const body = JSON.parse(res.body) as { code: number; msg: string; data: unknown };
  if (body.code !== 0) throw new Error(`${label}: ${body.msg}`);
  return body;
}

async function benchBackend(backend: Backend, keepForConsole: boolean): Promise<string | undefined> {
  const b = await assetBenchApp(backend);
  const { app, ctx } = b;
  let kept = false;
  try {
    const fleet = await seedBenchFleet(ctx.db, ASSET_BENCH_FLEET);
    console.log(
      `\n[${backend}] fleet: ${fleet.customerIds.length} customers, ${fleet.stations} stations, ${fleet.bays} bays, ${fleet.cabinets} cabinets, ` +
        `${fleet.equipment} equipment, ${fleet.points} points, seeded in ${(fleet.ms / 1000).toFixed(1)} s`,
    );
    const login = await app.inject({ method: 'POST', url: '/admin/login', payload: { username: 'admin', password: BENCH_PASSWORD } });
    const headers = { authorization: `Bearer ${(JSON.parse(login.body) as { data: { token: string } }).data.token}` };
    const get = (url: string) => async () => expectOk(url, await app.inject({ method: 'GET', url, headers }));
    const post = (url: string, payload: Record<string, unknown>) => async () => expectOk(url, await app.inject({ method: 'POST', url, payload, headers }));

    // A station in the middle of the fleet and its size, so the lazy call is a typical one.
    const station = await ctx.db.selectFrom('asset_station').select(['id', 'name']).where('customer_id', 'in', fleet.customerIds).orderBy('id').offset(57).limit(1).executeTakeFirstOrThrow();
    const whole = (await get('/api/assetMaintenance/initDataAll')()) as { data: unknown[] };
    const nodes = JSON.stringify(whole.data).match(/"dwid"/g)?.length ?? 0;
    console.log(`[${backend}] whole tree: ${nodes} nodes, ${(JSON.stringify(whole).length / 1e6).toFixed(1)} MB of JSON`);

    const rows: Timing[] = [];
    const deepPage = () => post('/api/pdfznjkpt/bjequipment/pageList', { pageNum: 500, pageSize: 10, orderBy: 'name', order: 'asc' });
    if (backend === 'postgres') {
      // Right after a bulk load PostgreSQL has no statistics yet: its estimates can be far off
      // (and JIT-compile a small query). Shown once, then ANALYZE, as autovacuum soon would.
      rows.push(await time('equipment pageList, page 500 by name, before ANALYZE', 3, deepPage()));
      await sql`analyze`.execute(ctx.db);
    }
    const baseline = await time('GET /api/getServerAddr (signed-in baseline)', 500, get('/api/getServerAddr'));
    rows.unshift(await time('raw SQL count(*) of asset_equipment', 200, () => sql`select count(*) as n from asset_equipment`.execute(ctx.db)));
    rows.push(await time('initData (customers with counts)', 200, get('/api/assetMaintenance/initData')));
    rows.push(await time(`initDataAllByParentNode station (${station.name})`, 200, get(`/api/assetMaintenance/initDataAllByParentNode?id=station_${station.id}`)));
    rows.push(await time('initDataAll: one station subtree', 100, get(`/api/assetMaintenance/initDataAll?id=station_${station.id}`)));
    rows.push(await time('initDataAll: whole tree (10,000 equipment)', 8, get('/api/assetMaintenance/initDataAll')));
    rows.push(await time('initDataAll: customers → stations only', 50, get('/api/assetMaintenance/initDataAll?levelType=station')));
    for (const [keyword, what] of KEYWORDS) {
      rows.push(await time(`search "${keyword}": ${what}`, 50, get(`/api/assetMaintenance/search?keyword=${encodeURIComponent(keyword)}`)));
    }
    rows.push(await time('station pageList (page 1 of 100)', 200, get('/api/station/pageList?pageNum=1&pageSize=10')));
    rows.push(await time('station pageList, keyword', 200, get(`/api/station/pageList?pageNum=1&pageSize=10&keyword=${encodeURIComponent('号配电站')}`)));
    rows.push(await time('equipment pageList (page 1 of 1,000)', 100, post('/api/pdfznjkpt/bjequipment/pageList', { pageNum: 1, pageSize: 10 })));
    rows.push(await time('equipment pageList, page 500, sorted by name', 30, deepPage()));
    rows.push(await time('equipment pageList, keyword', 50, post('/api/pdfznjkpt/bjequipment/pageList', { pageNum: 1, pageSize: 10, keyword: '回路3' })));
    rows.push(await time('equipment pageList, one station', 100, post('/api/pdfznjkpt/bjequipment/pageList', { pageNum: 1, pageSize: 10, stationId: station.id })));
    report(`Asset tree and lists on ${backend}: 10,000 equipment / 200,000 points (server time per call, Fastify inject, sequential, warm)`, baseline, rows);

    if (keepForConsole) {
      kept = true;
      return b.dataDir;
    }
    return undefined;
  } finally {
    await b.dispose(kept);
  }
}

export async function benchAssets() {
  // The embedded database's fleet stays for the console measurement, which removes it.
  const dataDir = await benchBackend('sqlite', process.env.BENCH_SKIP_CONSOLE !== '1');
  try {
    if (process.env.DATABASE_URL) await benchBackend('postgres', false);
    else console.log('\n(PostgreSQL skipped: DATABASE_URL is not set)');
    if (dataDir) await benchConsoleTree({ dataDir });
  } finally {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
