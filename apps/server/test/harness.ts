import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type AppConfig } from '../src/platform/config';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/platform/context';

export const ADMIN_PASSWORD = 'Admin#Test2026';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: AppConfig;
  adminToken: string;
  /** Signs in and returns the token (throws with the server's message on failure). */
  login(username: string, password: string): Promise<string>;
  /** inject with an optional token; parses the JSON envelope. */
  call<T = unknown>(opts: InjectOptions & { token?: string | null }): Promise<{ status: number; body: { code: number; msg: string; data: T; message?: string } }>;
  close(): Promise<void>;
}

/**
 * The configuration of a test server: a temporary data folder, fast password hashing, no logs,
 * and, when DATABASE_URL is set, a PostgreSQL schema of its own (several apps may share one).
 */
export interface TestSetup {
  config: AppConfig;
  pgSchema: string | undefined;
  /** The temporary folder made for it (removed by dropTestData even if overrides moved dataDir). */
  dataDir: string;
}

export function testConfig(overrides: Partial<AppConfig> = {}): TestSetup {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdz-test-'));
  const base = loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD, WEB_DIST: '', DEMO: '0' });
  const config: AppConfig = { ...base, passwordHash: { memoryCost: 1024, timeCost: 1 }, logLevel: 'silent', ...overrides };
  const pgSchema = config.databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  return { config, pgSchema, dataDir };
}

/** Drops what `testConfig` made: the PostgreSQL schema and the data folder. */
export async function dropTestData({ config, pgSchema, dataDir }: TestSetup): Promise<void> {
  if (pgSchema) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: config.databaseUrl! });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
    await client.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * A real server on a real database through the real HTTP layer: SQLite in a temporary folder,
 * or, when DATABASE_URL is set, a PostgreSQL schema of its own that is dropped afterwards.
 */
export async function startTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const setup = testConfig(overrides);
  const { config, pgSchema } = setup;
  const { app, ctx } = await buildApp(config, { pgSchema, logger: false });

  const call: TestApp['call'] = async ({ token, headers, ...opts }) => {
    const res = await app.inject({ ...opts, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    let body;
    try {
      body = res.json();
    } catch {
      body = { code: -1, msg: res.body, data: res.rawPayload };
    }
    return { status: res.statusCode, body };
  };
  const login = async (username: string, password: string) => {
    const res = await call<{ token: string }>({ method: 'POST', url: '/admin/login', payload: { username, password } });
    if (res.body.code !== 0) throw new Error(`login ${username}: ${res.status} ${res.body.msg}`);
    return res.body.data.token;
  };
  const adminToken = await login('admin', ADMIN_PASSWORD);
  return {
    app,
    ctx,
    config,
    adminToken,
    login,
    call,
    async close() {
      await app.close();
      await dropTestData(setup);
    },
  };
}
