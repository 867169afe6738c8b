import { expect } from '@playwright/test';
import { demoGateways, demoTest } from './demo-system';
import { ADMIN, OK, adminToken, api, sidebar, submitPasswordForm } from './fixtures';

/**
 * 实时告警 on the demo fleet: a water sensor reports water over HTTP (its demo rule: 检测到水浸,
 * level 1, at once), the alarm pops up and appears on top of the list without a reload, and the
 * operator confirms it with a note. The shared system of playwright.config.ts runs with DEMO=0,
 * so this file starts its own DEMO=1 system (demo-system.ts), once per worker.
 */
// No simulated readings: the only water reading is the test's own.
const test = demoTest('alarm', { SIMULATOR: '0' });

/** The first demo water sensor and its gateway (codes, secret and tags are in demo-gateways.json). */
function waterSensor(dataDir: string) {
  for (const gateway of demoGateways(dataDir)) {
    const eq = gateway.equipment.find((e) => e.equipmentType === 'water' && e.points.some(([k]) => k === 'Water'));
    if (eq) return { gateway, equipment: eq, tag: `${eq.code}.Water` };
  }
  throw new Error('no water sensor in the demo fleet');
}

test('实时告警: a water alarm arrives live, pops up, and is confirmed with a note', async ({ page, request, demo }) => {
  test.setTimeout(120_000);
  const { gateway, equipment, tag } = waterSensor(demo.dataDir);
  const ingest = async (seq: number, value: number) => {
    const res = await request.post(`/api/ingest/${gateway.code}`, {
      headers: { 'X-Gateway-Secret': gateway.secret },
      data: { seq, ts: Date.now(), values: { [tag]: value } },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  // The rule the test relies on, saved through the API (as 告警配置 would): water → 紧急 at once.
  // Saving also has the engine load it, whatever it read at start-up.
  const token = await adminToken(request);
  const found = await api<{ list: { id: number; code: string }[] }>(request, token, 'POST', '/api/pdfznjkpt/bjequipment/pageList', { keyword: equipment.code, pageNum: 1, pageSize: 10 });
  const equipmentId = found.list.find((e) => e.code === equipment.code)!.id;
  const config = await api<{ points: { pointId: number; pointKey: string }[] }>(request, token, 'GET', `/api/device/alarmConfig/info/${equipmentId}`);
  const pointId = config.points.find((p) => p.pointKey === 'Water')!.pointId;
  await api(request, token, 'POST', '/api/device/alarmConfig/save', {
    equipmentId,
    pointId,
    rules: [{ ruleType: 'status', statusValue: 1, level: 1, message: '检测到水浸', channels: ['site'], delayS: 0, deadband: 0, enabled: true }],
  });
  // Dry first, so the wet reading is a change whatever the engine's state.
  await ingest(1, 0);

  // Signed in, the demo system may first ask which module to enter: go to the list directly.
  await page.goto('/login');
  await submitPasswordForm(page, ADMIN.user, ADMIN.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/alarm/active');
  await expect(sidebar(page)).toBeVisible();
  await expect(page).toHaveTitle(/^实时告警 - /);
  const table = page.locator('.ant-table');
  await expect(table).toBeVisible();

  await ingest(2, 1);
  // The pop-up (level 1: it stays until acted on) …
  const notice = page.locator('.alarm-notice').filter({ hasText: equipment.name });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText('紧急');
  await expect(notice).toContainText(`站点：${gateway.stationName}`);
  // … and the row on top of the list, without a reload.
  const row = table.locator('tbody tr.ant-table-row').first();
  await expect(row).toContainText(equipment.name);
  await expect(row).toContainText('水浸');
  await expect(row).toContainText('未确认');

  // Confirm from the row: the note is required.
  await row.getByRole('button', { name: '确认' }).click();
  const dialog = page.getByRole('dialog', { name: '确认告警' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog.getByText('请输入确认说明')).toBeVisible();
  const note = `已到现场排水，检查电缆沟（e2e ${Date.now().toString(36)}）`;
  await dialog.getByLabel('确认说明').fill(note);
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('告警已确认')).toBeVisible();
  await expect(row).toContainText('已确认');
  await expect(row).toContainText(ADMIN.user);
  // Its pop-up has nothing left to ask.
  await expect(notice).toBeHidden();
  await page.screenshot({ path: '/tmp/pdz-e2e/alarm-confirmed.png' });

  // The server agrees: confirmed by admin with the note.
  const list = await api<{ list: { id: number; equipmentCode: string; state: string; confirmNote: string | null; confirmedBy: string | null }[] }>(
    request,
    token,
    'GET',
    `/api/alarm/event/pageList?active=true&keyword=${encodeURIComponent(equipment.code)}&pageNum=1&pageSize=10`,
  );
  const alarm = list.list.find((a) => a.equipmentCode === equipment.code);
  expect(alarm).toMatchObject({ state: 'confirmed', confirmNote: note, confirmedBy: ADMIN.user });
  // The row reads the same after a reload.
  await page.reload();
  await expect(page.locator('tbody tr.ant-table-row', { hasText: equipment.name }).filter({ hasText: '水浸' }).first()).toContainText('已确认');
});
