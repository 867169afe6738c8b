/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { seedBenchFleet } from '../../apps/server/src/modules/assets/tree/tree.bench-data';
import { BENCH_PASSWORD, report, type Timing } from './harness';
import { ASSET_BENCH_FLEET, assetBenchApp } from './assets-fleet';

/**
 * 资产树 in headless Chromium on the 10,000-equipment fleet: the built system started as the README
 * says (scripts/start.mjs) on a free port, signed in through the sign-in page, and timed inside
 * the page with performance.now(): the tree's first render after a page load, expanding a node
 * level by level, and filtering by a keyword (from the input event to the highlighted match).
 * The baseline is the same page load's shell (sidebar) appearing. Stops by itself (DEADLINE_MS).
 *
 * Alone: `npx tsx tools/bench/console-tree.bench.ts`; in `npm run bench -- assets` after the server figures.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DEADLINE_MS = 170_000;
/** Screenshots of the first round (expanded tree, each filter's result), to look at. */
const SHOTS = path.join(os.tmpdir(), 'pdz-bench-console-tree');
const ROUNDS = 3;
/** A drawn tree row (the virtual list keeps a hidden one of its own for measuring). */
const TREE_ROW = '.asset-tree-page .ant-tree-treenode:not([aria-hidden="true"])';
/** The flags of e2e/playwright.config.ts. */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

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

/** `npm start`'s script in a process group of its own, so it and the server it runs stop together. */
function startSystem(dataDir: string, port: number): ChildProcess {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: BENCH_PASSWORD,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      MQTT_URL: '',
      // The embedded MQTT endpoint on any free port: 1883 may be taken by a local broker.
      MQTT_PORT: '0',
    },
  });
  const lines: string[] = [];
  const keep = (b: Buffer) => lines.push(...b.toString().split('\n').filter(Boolean).slice(-20));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  (child as ChildProcess & { output: string[] }).output = lines;
  return child;
}

function stopSystem(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

async function waitForServer(url: string, child: ChildProcess, until: number) {
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`系统未能启动：${((child as ChildProcess & { output: string[] }).output ?? []).join('\n')}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`系统未在期限内启动（${url}）`);
}

/**
 * In the page before its scripts: the time each watched element first appears, and the time of
 * the latest input and Enter key, all on the page's own clock.
 */
function installProbes() {
  const w = window as unknown as { __pdz: { marks: Record<string, number>; lastInput: number; lastEnter: number } };
  w.__pdz = { marks: {}, lastInput: 0, lastEnter: 0 };
  document.addEventListener('input', () => (w.__pdz.lastInput = performance.now()), true);
  document.addEventListener('keydown', (e) => e.key === 'Enter' && (w.__pdz.lastEnter = performance.now()), true);
  // The virtual list keeps one hidden row of its own for measuring: only drawn rows count.
  const ROW = '.asset-tree-page .ant-tree-treenode:not([aria-hidden="true"])';
  const watch: Record<string, string> = { shell: '.pdz-sidebar', page: '.asset-tree-page', tree: ROW };
  const check = () => {
    for (const [k, sel] of Object.entries(watch)) if (!w.__pdz.marks[k] && document.querySelector(sel)) w.__pdz.marks[k] = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

/**
 * Clicks inside the page (the click's own timestamp) and resolves with the time until a tree node
 * whose title contains `text` is in the DOM (checked on every mutation, so a render is caught at once).
 */
async function clickUntil(page: Page, clickSelector: string, text: string): Promise<number> {
  return page.evaluate(
    ({ clickSelector, text }) =>
      new Promise<number>((resolve, reject) => {
        const target = document.querySelector<HTMLElement>(clickSelector);
        if (!target) return reject(new Error(`missing ${clickSelector}`));
        const found = () => [...document.querySelectorAll('.asset-tree-page .ant-tree-title')].some((n) => n.textContent?.includes(text));
        const t0 = performance.now();
        const obs = new MutationObserver(() => {
          if (found()) {
            obs.disconnect();
            resolve(performance.now() - t0);
          }
        });
        obs.observe(document.body, { childList: true, subtree: true, characterData: true });
        target.click();
        setTimeout(() => reject(new Error(`"${text}" did not appear`)), 30_000);
      }),
    { clickSelector, text },
  );
}

/**
 * Starts watching (before the typing) for a highlighted match whose node title contains `text`;
 * the returned function waits for it and answers the time from the latest input (or Enter) to
 * the mutation that drew it, both on the page's clock.
 */
async function armHighlight(page: Page, text: string, from: 'lastInput' | 'lastEnter'): Promise<() => Promise<number>> {
  await page.evaluate((text) => {
    const w = window as unknown as { __pdz: { seen?: Promise<number> } };
    const found = () => [...document.querySelectorAll('.asset-tree-page .ant-tree mark')].some((m) => m.closest('.ant-tree-title')?.textContent?.includes(text));
    w.__pdz.seen = new Promise<number>((resolve, reject) => {
      const obs = new MutationObserver(() => {
        if (found()) {
          obs.disconnect();
          resolve(performance.now());
        }
      });
      obs.observe(document.body, { childList: true, subtree: true, characterData: true });
      setTimeout(() => reject(new Error(`no highlighted "${text}"`)), 30_000);
    });
  }, text);
  return () =>
    page.evaluate(async (from) => {
      const w = window as unknown as { __pdz: { seen: Promise<number>; lastInput: number; lastEnter: number } };
      const at = await w.__pdz.seen;
      return at - w.__pdz[from];
    }, from);
}

/** The first visible tree row whose title contains `text`: its expand switcher, as a selector. */
async function switcherOf(page: Page, text: string): Promise<string> {
  const row = page.locator(TREE_ROW, { has: page.locator('.ant-tree-title', { hasText: text }) }).first();
  await row.waitFor();
  const id = `pdz-bench-${Math.random().toString(36).slice(2)}`;
  await row.locator('.ant-tree-switcher').evaluate((el, id) => el.setAttribute('data-bench', id), id);
  return `[data-bench="${id}"]`;
}

function timing(label: string, samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const totalMs = samples.reduce((a, b) => a + b, 0);
  return { label, n: samples.length, totalMs, perOpMs: totalMs / samples.length, p95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] };
}

async function measure(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
  // tsx compiles with esbuild's keepNames: functions sent to the page call its __name helper.
  await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((f) => f);' });
  await context.addInitScript(installProbes);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByPlaceholder('账号').fill('admin');
  await page.getByPlaceholder('密码').fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await page.locator('.pdz-sidebar').waitFor();

  const s: Record<string, number[]> = {};
  const add = (k: string, v: number) => (s[k] ??= []).push(v);
  const search = page.getByPlaceholder(/搜索名称或编号/);
  for (let round = 0; round < ROUNDS; round++) {
    // A fresh load each round: nothing cached in the page, the server's figures included.
    await page.goto('/asset/tree');
    await page.locator(TREE_ROW).first().waitFor();
    const marks = await page.evaluate(() => (window as unknown as { __pdz: { marks: Record<string, number> } }).__pdz.marks);
    add('shell', marks.shell);
    add('page', marks.page);
    add('tree', marks.tree);

    add('expand customer', await clickUntil(page, await switcherOf(page, '基准客户BN1'), 'BNC1-1号配电站'));
    add('expand station', await clickUntil(page, await switcherOf(page, 'BNC1-1号配电站'), '1段母线'));
    add('expand bay', await clickUntil(page, await switcherOf(page, '1段母线'), '1#柜'));
    add('expand cabinet', await clickUntil(page, await switcherOf(page, '1#柜'), 'AA1回路1电表'));
    if (round === 0) await page.screenshot({ path: path.join(SHOTS, 'expanded.png') });

    // Typed (the page waits for a 350 ms pause before it searches), then with Enter (at once).
    const filter = async (label: string, keyword: string, how: 'typed' | 'enter') => {
      const done = await armHighlight(page, keyword, how === 'typed' ? 'lastInput' : 'lastEnter');
      await search.fill(keyword);
      if (how === 'enter') await search.press('Enter');
      add(label, await done());
      if (round === 0) await page.screenshot({ path: path.join(SHOTS, `${label.replace(/\W+/g, '-')}.png`) });
      await search.fill('');
      await page.getByText(/匹配的节点|没有匹配/).first().waitFor({ state: 'hidden' });
    };
    await filter('filter: one equipment by code (typed)', `E${57 + round}-AA13-4`, 'typed');
    await filter('filter: station name, 4 hits (typed)', `-${17 + round}号配电站`, 'typed');
    await filter('filter: one equipment by code (Enter)', `E${60 + round}-AA7-2`, 'enter');
    await filter('filter: 200 of 2,000 hits (Enter)', `回路${1 + round}电表`, 'enter');
  }
  await context.close();

  report(
    `资产树 in Chromium on 10,000 equipment (in-page performance.now(), ${ROUNDS} page loads; load figures from navigation start)`,
    timing('page shell (sidebar) rendered (baseline)', s.shell),
    [
      timing('tree page mounted (its code loaded)', s.page),
      timing('tree: first node rendered (customers fetched)', s.tree),
      timing('expand customer → 25 stations', s['expand customer']),
      timing('expand station → bays, loose cabinets', s['expand station']),
      timing('expand bay → cabinets', s['expand bay']),
      timing('expand cabinet → 5 equipment', s['expand cabinet']),
      timing('filter: one equipment by code (typed, incl. 350 ms pause)', s['filter: one equipment by code (typed)']),
      timing('filter: station name, 4 hits (typed, incl. 350 ms pause)', s['filter: station name, 4 hits (typed)']),
      timing('filter: one equipment by code (Enter)', s['filter: one equipment by code (Enter)']),
      timing('filter: 200 of 2,000 hits (Enter)', s['filter: 200 of 2,000 hits (Enter)']),
    ],
  );
}

/** Runs on `dataDir` (an embedded database holding the bench fleet, removed afterwards), or seeds one. */
export async function benchConsoleTree(opts: { dataDir?: string } = {}) {
  const started = Date.now();
  const until = started + DEADLINE_MS;
  let dataDir = opts.dataDir;
  if (!dataDir) {
    const b = await assetBenchApp('sqlite');
    const fleet = await seedBenchFleet(b.ctx.db, ASSET_BENCH_FLEET);
    console.log(`fleet: ${fleet.equipment} equipment, ${fleet.points} points, seeded in ${(fleet.ms / 1000).toFixed(1)} s`);
    await b.dispose(true);
    dataDir = b.dataDir;
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const system = startSystem(dataDir, port);
  let browser: Browser | undefined;
  // The deadline: whatever hangs, the system and the browser are stopped and the run fails.
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_r, reject) => {
    timer = setTimeout(() => reject(new Error(`console bench exceeded ${DEADLINE_MS / 1000} s`)), until - Date.now());
  });
  try {
    await Promise.race([
      (async () => {
        await waitForServer(`${baseURL}/login`, system, until);
        console.log(`\nsystem up on ${baseURL} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
        browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
        fs.mkdirSync(SHOTS, { recursive: true });
        await measure(browser, baseURL);
      })(),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
    await browser?.close().catch(() => undefined);
    stopSystem(system);
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
    console.log(`console bench took ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${SHOTS}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await benchConsoleTree();
}
