/**
 * npx tsx tools/simulator/src/cli.ts --url mqtt://127.0.0.1:1883 --gateways data/demo-gateways.json
 *   [--http http://127.0.0.1:8080]   HTTP ingest instead of MQTT
 *   [--only N]                       the first N gateways
 *   [--interval S]                   report interval of every gateway (default: the file's, else 60)
 *   [--rate R]                       load mode: R records/s per gateway (≤ 1000)
 *   [--points-per-second N]          load mode: total samples/s over the selected gateways
 *   [--state FILE]                   energy registers across restarts (default: beside the gateways file in real time)
 *   [--server-latest FILE]           the server's readings (tag → {value, ts}); registers never start below them
 *   [--backfill-hours H] [--backfill-step S]   history before now (default 0 h, 900 s step)
 *   [--no-outages]                   no simulated link outages
 *   [--duration S]                   stop after S seconds and print the counters
 *   [--exit-with-stdin]              stop when stdin closes (child of the server)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startSimulator } from './simulator';

const { values: a } = parseArgs({
  options: {
    url: { type: 'string' },
    http: { type: 'string' },
    gateways: { type: 'string' },
    only: { type: 'string' },
    interval: { type: 'string' },
    rate: { type: 'string' },
    'points-per-second': { type: 'string' },
    state: { type: 'string' },
    'server-latest': { type: 'string' },
    'backfill-hours': { type: 'string' },
    'backfill-step': { type: 'string' },
    'no-outages': { type: 'boolean' },
    duration: { type: 'string' },
    'exit-with-stdin': { type: 'boolean' },
  },
});

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

async function main() {
  if (!a.gateways || (!a.url && !a.http)) {
    console.error('用法 (usage): cli.ts --url mqtt://host:port --gateways <demo-gateways.json> [--http http://host:port] [--only N] [--rate R | --points-per-second N]');
    process.exit(2);
  }
  const loadMode = !!(a.rate || a['points-per-second']);
  const sim = await startSimulator({
    gatewaysFile: a.gateways,
    url: a.url,
    http: a.http,
    only: num(a.only),
    intervalS: num(a.interval),
    rate: num(a.rate),
    pointsPerSecond: num(a['points-per-second']),
    stateFile: a.state ?? (loadMode ? null : path.join(path.dirname(path.resolve(a.gateways)), 'simulator-state.json')),
    serverLatestFile: a['server-latest'],
    backfillHours: num(a['backfill-hours']),
    backfillStepS: num(a['backfill-step']),
    outages: a['no-outages'] ? false : undefined,
  });
  const t0 = Date.now();
  if (sim.counters.backlog > 0) {
    void sim.backfilled.then(() => console.log(`[模拟器] 回填完成，用时 ${((Date.now() - t0) / 1000).toFixed(1)} 秒 (backfill acknowledged)`));
  }
  let stopping = false;
  const stop = async (why: string) => {
    if (stopping) return;
    stopping = true;
    await sim.stop();
    const c = sim.counters;
    const s = (Date.now() - c.startedAt) / 1000;
    console.log(`[模拟器] 已停止 (${why}): ${c.ackedRecords}/${c.records} 条记录、${c.ackedSamples} 个读数已确认，${(c.ackedSamples / s).toFixed(0)} 点/秒，错误 ${c.errors}，跳过 ${c.skippedRecords}`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  if (a['exit-with-stdin']) {
    process.stdin.on('end', () => void stop('server exited'));
    process.stdin.on('close', () => void stop('server exited'));
    process.stdin.resume();
  }
  if (a.duration) setTimeout(() => void stop('duration'), Number(a.duration) * 1000);
}

main().catch((err) => {
  console.error(`[模拟器] ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
