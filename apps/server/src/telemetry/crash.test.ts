import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { loadConfig } from '../platform/config';
import { buildApp } from '../app';
import { openDb } from '../platform/db/index';
import { freePort, gatewayHeaders, makeFleet, type Fleet } from './testkit';
import { telDb } from './store/store';

const root = path.resolve(import.meta.dirname, '../../../..');
const main = path.join(root, 'apps/server/src/main.ts');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdz-crash-'));
const pgUrl = process.env.DATABASE_URL || null;
const pgSchema = pgUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
/** The spawned server finds its schema through the connection's search_path. */
const serverDbUrl = pgUrl ? `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${pgSchema}`)}` : '';
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  if (pgSchema) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: pgUrl! });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
    await client.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Starts apps/server/src/main.ts as `npm start` would, and waits until it listens. Node itself runs
 * it with tsx as a loader: the `tsx` command is a wrapper whose SIGKILL would leave the server running.
 */
async function startServer(port: number, mqttPort: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: serverDbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      MQTT_URL: '',
      REDIS_URL: '',
      DEMO: '0',
      WEB_DIST: '',
      ADMIN_PASSWORD: 'Crash#Test2026',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 45_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('已启动')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  child.removeAllListeners('exit');
  return child;
}

describe('durability', () => {
  it('keeps every acknowledged sample when the process is killed right after the acks', async () => {
    // The database with its fleet, made before the server process starts on it.
    const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, WEB_DIST: '', DEMO: '0', ADMIN_PASSWORD: 'Crash#Test2026' }), logLevel: 'silent' };
    const built = await buildApp(config, { pgSchema, logger: false });
    const fleet: Fleet = await makeFleet(built.ctx.db, [
      { key: 'Ua', kind: 'yc' },
      { key: 'Ep', kind: 'ym' },
    ]);
    await built.app.close();

    const [port, mqttPort] = [await freePort(), await freePort()];
    const server = await startServer(port, mqttPort);
    const acked: { key: string; ts: number }[] = [];
    const base = Date.UTC(2024, 6, 1);
    let killed = false;
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    const kill = () => {
      if (!killed) server.kill('SIGKILL');
      killed = true;
    };

    // HTTP: batches of backlog records, several in flight at once.
    const http = async (lane: number) => {
      for (let i = 0; !killed && i < 400; i++) {
        const records = Array.from({ length: 20 }, (_, j) => ({ seq: i * 20 + j, ts: base + lane * 1e8 + (i * 20 + j) * 1000, values: { [fleet.tags.Ua]: 230 + j / 10 } }));
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/ingest/${fleet.gateway.code}`, { method: 'POST', headers: gatewayHeaders(fleet.gateway.secret), body: JSON.stringify(records) });
          if (res.status === 200) for (const r of records) acked.push({ key: 'Ua', ts: r.ts });
        } catch {
          return; // the server is gone
        }
      }
    };
    // MQTT QoS 1: many publishes in flight; an ack is recorded when its PUBACK arrives.
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, { username: fleet.gateway.code, password: fleet.gateway.secret, reconnectPeriod: 0 });
    client.on('error', () => undefined);
    const viaMqtt = async () => {
      const inFlight: Promise<void>[] = [];
      for (let i = 0; !killed && i < 2000; i++) {
        const ts = base + 5e8 + i * 1000;
        inFlight.push(
          client.publishAsync(`gw/${fleet.gateway.code}/up`, JSON.stringify({ seq: i, ts, values: { [fleet.tags.Ep]: 1000 + i } }), { qos: 1 }).then(
            () => {
              acked.push({ key: 'Ep', ts });
              // Kill the moment enough acks are in: later messages are in flight, unacknowledged.
              if (acked.length >= 600) kill();
            },
            () => undefined,
          ),
        );
        if (inFlight.length % 50 === 0) await new Promise((r) => setTimeout(r, 5));
      }
      await Promise.race([Promise.allSettled(inFlight), exited]);
    };
    await Promise.race([Promise.all([http(0), http(1), viaMqtt()]), exited.then(() => new Promise((r) => setTimeout(r, 200)))]);
    kill();
    await exited;
    client.end(true);
    expect(acked.filter((a) => a.key === 'Ua').length).toBeGreaterThan(0);
    expect(acked.filter((a) => a.key === 'Ep').length).toBeGreaterThan(0);

    // Restarted on the same database: every acknowledged sample is there.
    const again = await startServer(await freePort(), await freePort());
    const { db, close } = await openDb({ databaseUrl: serverDbUrl || null, dataDir });
    try {
      const rows = await telDb({ db }).selectFrom('tel_raw').select(['point_id', 'ts']).execute();
      const stored = new Set(rows.map((r) => `${r.point_id}:${r.ts}`));
      const missing = acked.filter((a) => !stored.has(`${fleet.points[a.key]}:${a.ts}`));
      expect(missing).toEqual([]);
    } finally {
      await close();
      again.kill('SIGTERM');
      await new Promise((r) => again.once('exit', r));
    }
  }, 120_000);
});
