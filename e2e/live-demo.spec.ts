import { expect, type Page } from '@playwright/test';
import { gatewayOutage } from '../tools/simulator/src/environment';
import { hash01, seedOf } from '../tools/simulator/src/noise';
import { demoGateways, demoTest, type DemoGateway } from './demo-system';
import { adminToken, api, openMenu, signIn } from './fixtures';

/**
 * The demo as a newcomer's `npm start` runs it: DEMO=1 with the simulator reporting every demo
 * gateway over the embedded MQTT endpoint. The station overview leads to a station's 实时监控, whose
 * meter values change without a reload while the connection badge stays connected.
 *
 * No guessing: the simulator is deterministic. Each gateway reports once per its interval (60 s,
 * the seed's report_interval_s, in the gateways file) at a fixed phase hash01(seedOf(code), 1) · interval, and its
 * simulated link outages are gatewayOutage(seed, t). The test picks the gateway whose next report
 * comes soonest and whose link stays up, so the wait is bounded by that report, not by luck.
 */
// One hour of history at 15-minute steps (a few records per gateway): every value cell has a
// reading when the page opens, and start-up does not wait for the default 24 h backfill.
const test = demoTest('live', { SIMULATOR_BACKFILL_HOURS: '1' });

const METER_TYPES = new Set(['meter', 'circuit_meter']);

/** The first report of a gateway at or after `t` (the simulator's slots: phase + k · interval). */
function nextReport(g: DemoGateway, t: number): number {
  const interval = (g.reportIntervalS ?? 60) * 1000;
  const phase = Math.floor(hash01(seedOf(g.code), 1) * interval);
  return Math.ceil((t - phase) / interval) * interval + phase;
}

/** A gateway with meters whose link stays up for the next 3 minutes, reporting soonest after `from`. */
function pickGateway(gateways: DemoGateway[], from: number) {
  const up = (g: DemoGateway) => {
    const seed = seedOf(g.code);
    for (let t = Date.now() - 60_000; t < from + 180_000; t += 5_000) if (gatewayOutage(seed, t)) return false;
    return true;
  };
  const candidates = gateways
    .filter((g) => g.equipment.some((e) => METER_TYPES.has(e.equipmentType) && e.points.some(([k]) => k === 'P')) && up(g))
    .map((g) => ({ g, at: nextReport(g, from) }))
    .sort((a, b) => a.at - b.at);
  expect(candidates.length, 'a demo gateway with meters and no simulated outage now').toBeGreaterThan(0);
  return candidates[0];
}

/** The 有功 (P) value cell of an equipment block on 实时监控 (its name title holds "name（code）"). */
const powerCell = (page: Page, e: { code: string; name: string }) =>
  page
    .locator('.mon-eq', { has: page.locator(`.mon-eq-name[title="${e.name}（${e.code}）"]`) })
    .locator('.mon-point', { has: page.locator('.mon-point-name', { hasText: /^有功$/ }) })
    .locator('.mon-value');

test('演示站点: 实时监控 values change live without a reload, the badge stays connected; bell count and 实时告警 list', async ({ page, request, demo }) => {
  test.setTimeout(120_000);
  const started = Date.now();
  await signIn(page, undefined, undefined, { module: '监控中心' });
  await openMenu(page, '站点总览');

  // Chosen now: the report that will change the values comes at least 8 s after the page opens.
  const { g, at } = pickGateway(demoGateways(demo.dataDir), Date.now() + 8_000);
  const meters = g.equipment.filter((e) => METER_TYPES.has(e.equipmentType) && e.points.some(([k]) => k === 'P'));
  await page.getByRole('button', { name: `${g.stationName} 实时监控` }).click();
  await expect(page).toHaveTitle(/^实时监控 - /);
  await expect(page).toHaveURL(/\/monitor\/realtime\?stationId=\d+/);
  const badge = page.getByText(/^实时数据已(连接|断开，正在重连)$|^正在连接实时数据$/);
  await expect(badge).toHaveText('实时数据已连接');

  // Every meter of that gateway shows its power (from the backfilled history).
  const cells = meters.map((e) => powerCell(page, e));
  for (const cell of cells) await expect(cell).toHaveText(/^-?\d[\d,]*(\.\d+)? kW$/);
  const before = await Promise.all(cells.map((c) => c.textContent()));
  const url = page.url();
  let reloaded = false;
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) reloaded = true;
  });

  // The gateway's next report: at least one meter's power changes on screen (jitter and the
  // load curve move every reading between two reports), delivered over the websocket.
  await expect
    .poll(async () => (await Promise.all(cells.map((c) => c.textContent()))).some((t, i) => t !== before[i]), {
      timeout: Math.max(0, at - Date.now()) + 20_000,
      intervals: [500],
    })
    .toBe(true);
  expect(reloaded, 'the values changed without a page load').toBe(false);
  expect(page.url()).toBe(url);
  await expect(badge).toHaveText('实时数据已连接');
  await page.screenshot({ path: '/tmp/pdz-e2e/live-demo-realtime.png' });

  // The bell shows a count (a number, possibly 0).
  await expect(page.getByRole('button', { name: /^系统消息，\d+条未确认$/ })).toBeVisible();

  // 实时告警 lists at least what the server holds as not closed now (only a confirmation closes
  // an alarm, and nobody confirms here, so the number can only grow meanwhile).
  const token = await adminToken(request);
  const { total } = await api<{ total: number }>(request, token, 'GET', '/api/alarm/event/pageList?active=true&pageNum=1&pageSize=1');
  await page.goto('/alarm/active');
  await expect(page).toHaveTitle(/^实时告警 - /);
  if (total > 0) {
    const shown = page.getByText(/^共 \d+ 条$/);
    await expect(shown).toBeVisible();
    expect(Number((await shown.textContent())!.match(/\d+/)![0])).toBeGreaterThanOrEqual(total);
    await expect(page.locator('.ant-table tbody tr.ant-table-row')).not.toHaveCount(0);
  } else {
    await expect(page.locator('.ant-table tbody tr.ant-table-row').first().or(page.getByText('当前没有未结束的告警'))).toBeVisible();
  }
  test.info().annotations.push({ type: 'timing', description: `test ${((Date.now() - started) / 1000).toFixed(1)} s, ${total} open alarms, gateway ${g.code}` });
});

test('通信管理 › 弱网优化: settings saved in the dialog reach the gateway (it reads them with its secret)', async ({ page, request, demo }) => {
  test.setTimeout(90_000);
  await signIn(page, undefined, undefined, { module: '监控中心' });
  await openMenu(page, '通信管理', '弱网优化');
  const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(first).toContainText('逐条上报 · 全部上报');
  const code = (await first.locator('.ant-typography-secondary').first().innerText()).split(' · ')[0];
  await first.getByRole('button', { name: '上报设置' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '弱网推荐值' }).click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已保存并下发到网关')).toBeVisible();
  await expect(first).toContainText('打包 1 分钟 · 死区 0.5% · 全量 15 分钟');
  await expect(first).toContainText('补发 200 条/包 · admin');

  const gw = demoGateways(demo.dataDir).find((g) => g.code === code)!;
  const res = await request.get(`/api/ingest/${code}/config`, { headers: { 'X-Gateway-Secret': gw.secret } });
  expect((await res.json()).data).toEqual({ reportIntervalS: gw.reportIntervalS ?? 60, batchIntervalS: 60, deadbandPct: 0.5, fullReportS: 900, replayMaxRecords: 200 });
});
