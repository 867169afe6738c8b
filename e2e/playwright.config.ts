import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';

/** A free port chosen once by the runner; workers inherit it through the environment. */
function freePortSync(): number {
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePortSync());
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'pdz-e2e-'));
export const E2E_ADMIN_PASSWORD = 'E2e#Admin2026';
const port = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  // The system started exactly as the README says (npm start), on a fresh data folder.
  webServer: {
    command: 'npm start',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      // The suite signs in many times from one address.
      LOGIN_RATE_PER_MINUTE: '1000',
      SMS_RATE_PER_MINUTE: '1000',
      SMS_RESEND_SECONDS: '1',
      // The README path: the embedded database, whatever the CI environment points at.
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
      // The embedded MQTT endpoint on any free port: 1883 is the machine's own broker.
      MQTT_PORT: '0',
    },
  },
});
