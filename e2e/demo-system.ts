import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { ADMIN } from './fixtures';

/**
 * A DEMO=1 system of its own for the specs that need the demo fleet (the shared system of
 * playwright.config.ts runs with DEMO=0): `npm start` on a free port with a fresh data folder and
 * its own embedded MQTT port, once per worker, only when a file using it runs. It never builds the
 * console (SKIP_WEB_BUILD=1): it serves WEB_DIST when the runner's environment sets one (a private
 * `npx vite build apps/web --outDir …`), else apps/web/dist as the shared system left it.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

export interface DemoSystem {
  url: string;
  dataDir: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitUp(url: string, child: ChildProcess, output: string[], ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`demo system exited (${child.exitCode}):\n${output.join('')}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`demo system not up within ${ms / 1000} s:\n${output.join('')}`);
}

/**
 * Starts the system, hands it to `use`, and stops it (the npm wrapper, the start script, the
 * server and its simulator child together: they share one process group) and removes its data.
 * `env` adds to or overrides the defaults, e.g. SIMULATOR: '0'.
 */
export async function runDemoSystem(prefix: string, env: Record<string, string>, use: (demo: DemoSystem) => Promise<void>) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pdz-e2e-${prefix}-`));
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO: '1',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_PER_MINUTE: '1000',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
      // Any free port for the embedded MQTT endpoint: the shared system may hold the default.
      MQTT_PORT: '0',
      // Never rebuild the console under the shared system's feet.
      SKIP_WEB_BUILD: '1',
      ...env,
    },
  });
  const output: string[] = [];
  child.stdout!.on('data', (b: Buffer) => output.push(b.toString()));
  child.stderr!.on('data', (b: Buffer) => output.push(b.toString()));
  try {
    await waitUp(`http://127.0.0.1:${port}/login`, child, output, 180_000);
    await use({ url: `http://127.0.0.1:${port}`, dataDir });
  } finally {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1_000));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `test` with a worker-scoped `demo` system and baseURL pointing at it. */
export function demoTest(prefix: string, env: Record<string, string> = {}) {
  return base.extend<object, { demo: DemoSystem }>({
    demo: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => runDemoSystem(prefix, env, use),
      { scope: 'worker', timeout: 240_000 },
    ],
    baseURL: async ({ demo }, use) => use(demo.url),
  });
}

/** The gateways file the demo seed writes (codes, secrets, stations, equipment and their tags). */
export interface DemoGateway {
  code: string;
  secret: string;
  stationCode: string;
  stationName: string;
  /** Seconds between reports (the seed's report_interval_s; files written before it was added have none: 60). */
  reportIntervalS?: number;
  equipment: { code: string; name: string; equipmentType: string; points: [string, string, string][] }[];
}

export function demoGateways(dataDir: string): DemoGateway[] {
  return (JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-gateways.json'), 'utf8')) as { gateways: DemoGateway[] }).gateways;
}
