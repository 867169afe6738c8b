import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from './platform/context';
import { DEMO_GATEWAYS_FILE } from './modules/assets/demo/gateways-file';
import { telDb } from './telemetry/store/store';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CLI = path.join(ROOT, 'tools/simulator/src/cli.ts');
export const SIMULATOR_STATE_FILE = 'simulator-state.json';
const SERVER_LATEST_FILE = 'simulator-server-latest.json';

/**
 * Demo mode: makes the demo fleet live with tools/simulator in a child process (the server's
 * event loop stays free), connected like real gateways to `mqttUrl`. Before it starts, the
 * server's latest energy readings of the demo gateways go to a file, so the simulator's registers
 * never start below what is stored (even without its own state file). On a history emptier than
 * SIMULATOR_BACKFILL_HOURS (default 24) the simulator first fills it at 15-minute steps. The child
 * stops with the server: killed on close, and it exits by itself when its stdin (a pipe from this
 * process) closes, which also covers a server that was killed.
 */
export async function startDemoSimulator(ctx: AppContext, mqttUrl: string, log: (msg: string) => void): Promise<{ child: ChildProcess; stop(): void } | null> {
  const dataDir = ctx.config.dataDir;
  const gatewaysFile = path.join(dataDir, DEMO_GATEWAYS_FILE);
  if (!fs.existsSync(gatewaysFile)) {
    log(`未找到 ${gatewaysFile}，模拟器未启动 (no demo gateways file: simulator not started)`);
    return null;
  }
  const codes = (JSON.parse(fs.readFileSync(gatewaysFile, 'utf8')) as { gateways: { code: string }[] }).gateways.map((g) => g.code);
  const rows = codes.length
    ? await telDb(ctx)
        .selectFrom('tel_latest as l')
        .innerJoin('asset_point as p', 'p.id', 'l.point_id')
        .innerJoin('iot_raw_rule as r', 'r.point_id', 'p.id')
        .innerJoin('asset_gateway as g', 'g.id', 'r.gateway_id')
        .select(['r.raw_tag', 'l.value', 'l.ts'])
        .where('p.kind', '=', 'ym')
        .where('g.code', 'in', codes)
        .execute()
    : [];
  const latestFile = path.join(dataDir, SERVER_LATEST_FILE);
  fs.writeFileSync(latestFile, JSON.stringify(Object.fromEntries(rows.map((r) => [r.raw_tag, { value: r.value, ts: r.ts }]))), { mode: 0o600 });

  const hours = process.env.SIMULATOR_BACKFILL_HOURS ?? '24';
  const args = ['--import', 'tsx', CLI, '--url', mqttUrl, '--gateways', gatewaysFile, '--state', path.join(dataDir, SIMULATOR_STATE_FILE), '--server-latest', latestFile, '--backfill-hours', hours, '--exit-with-stdin'];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['pipe', 'inherit', 'inherit'], env: process.env });
  let stopping = false;
  child.on('exit', (code, signal) => {
    if (!stopping) log(`模拟器已退出 (simulator exited): code=${code} signal=${signal ?? ''}`);
  });
  return {
    child,
    stop() {
      stopping = true;
      if (child.exitCode === null) child.kill('SIGTERM');
    },
  };
}
