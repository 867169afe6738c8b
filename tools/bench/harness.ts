import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../apps/server/src/platform/config';
import { buildApp, type BuiltApp } from '../../apps/server/src/app';

export const BENCH_PASSWORD = 'Bench#2026pw';

/** A fresh server on a temporary embedded database (or DATABASE_URL), without logging. */
export async function benchApp(): Promise<BuiltApp & { dispose(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdz-bench-'));
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: BENCH_PASSWORD, WEB_DIST: '', DEMO: '0' }), logLevel: 'silent' };
  const built = await buildApp(config, { logger: false });
  return {
    ...built,
    async dispose() {
      await built.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Timing {
  label: string;
  n: number;
  totalMs: number;
  perOpMs: number;
  p95Ms: number;
}

/** Runs `op` n times sequentially after a warm-up and returns per-operation figures. */
export async function time(label: string, n: number, op: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < Math.min(20, n); i++) await op(i);
  const samples: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await op(i);
    samples.push(performance.now() - t0);
  }
  const totalMs = performance.now() - start;
  samples.sort((a, b) => a - b);
  return { label, n, totalMs, perOpMs: totalMs / n, p95Ms: samples[Math.floor(n * 0.95)] };
}

export function report(title: string, baseline: Timing, others: Timing[]) {
  console.log(`\n## ${title}`);
  const rows = [baseline, ...others].map((t) => ({
    what: t.label,
    n: t.n,
    'ms/op': t.perOpMs.toFixed(3),
    'p95 ms': t.p95Ms.toFixed(3),
    'ratio to baseline': (t.perOpMs / baseline.perOpMs).toFixed(2),
  }));
  console.table(rows);
}
