import { expect, type Locator, type Page } from '@playwright/test';
import { demoTest } from './demo-system';
import { adminToken, api, openMenu, signIn } from './fixtures';

/**
 * 资产树 search on the demo fleet (3 customers, 12 stations in Suzhou, ~600 equipment). The shared
 * system of playwright.config.ts runs with DEMO=0, so these tests start their own DEMO=1 system
 * (demo-system.ts), once per worker, only when this file runs. The tree needs no live readings:
 * no simulator.
 */
const test = demoTest('demo', { SIMULATOR: '0' });

const treePanel = (page: Page) => page.locator('.asset-tree-page .ant-tree');
/** The rows drawn (the virtual list keeps one hidden row of its own for measuring). */
const treeRows = (page: Page) => treePanel(page).locator('.ant-tree-treenode:not([aria-hidden="true"])');
/** A tree row by its node's name (the title attribute holds "name · code · type", or the name alone for a search path's ancestor). */
const treeNode = (page: Page, name: string) =>
  treeRows(page).filter({ has: page.locator(`.site-tree-title[title="${name}"], .site-tree-title[title^="${name} · "]`) });
const isExpanded = (node: Locator) => expect(node).toHaveClass(/ant-tree-treenode-switcher-open/);

async function search(page: Page, keyword: string) {
  const box = page.getByPlaceholder(/搜索名称或编号/);
  await box.fill(keyword);
  await box.press('Enter');
}

test('资产树 search on the demo fleet: a station and a deep equipment are shown highlighted under their expanded ancestors', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openMenu(page, '资产管理', '资产树');
  await expect(page.getByTestId('tree-summary')).toHaveText(/^3 个客户 · 12 个站点/);
  // Lazy: only the customers are loaded at first.
  await expect(treeRows(page)).toHaveCount(3);
  await expect(treeNode(page, '华东智慧园区管理有限公司')).toBeVisible();

  // A station by part of its name: its customer open above it, the typed part marked.
  await search(page, '独墅湖');
  await expect(page.getByText('找到 1 个匹配的节点')).toBeVisible();
  const station = treeNode(page, '独墅湖创新中心配电房');
  await expect(station).toBeVisible();
  await expect(station.locator('mark')).toHaveText('独墅湖');
  await expect(station.locator('mark')).toHaveCSS('background-color', 'rgb(255, 229, 143)');
  const customer = treeNode(page, '华东智慧园区管理有限公司');
  await isExpanded(customer);
  await expect(treeRows(page)).toHaveCount(2);
  await page.screenshot({ path: '/tmp/pdz-e2e/asset-tree-search-station.png' });

  // An equipment four levels down (customer → station → bay → cabinet → transformer), typed, not entered.
  const box = page.getByPlaceholder(/搜索名称或编号/);
  await box.fill('SCB13-630');
  await expect(page.getByText('找到 1 个匹配的节点')).toBeVisible();
  const equipment = treeNode(page, '1#干式变压器 SCB13-630/10');
  await expect(equipment).toBeVisible();
  await expect(equipment.locator('mark')).toHaveText('SCB13-630');
  for (const ancestor of ['苏州姑苏商业物业服务有限公司', '平江路文旅街区箱变', '10kV高压间隔', '1#变压器出线柜']) {
    await expect(treeNode(page, ancestor)).toBeVisible();
    await isExpanded(treeNode(page, ancestor));
  }
  await expect(treeRows(page)).toHaveCount(5);
  // Indented one level per ancestor.
  await expect(equipment.locator('.ant-tree-indent-unit')).toHaveCount(4);
  await page.screenshot({ path: '/tmp/pdz-e2e/asset-tree-search-equipment.png' });

  // Chosen among the results, then shown in the full tree: selected, its ancestors loaded and open.
  await equipment.locator('.ant-tree-node-content-wrapper').click();
  await expect(page.locator('.ant-card-head').getByText('1#干式变压器 SCB13-630/10')).toBeVisible();
  await page.getByRole('button', { name: '在完整树中查看' }).click();
  await expect(page.getByText('找到 1 个匹配的节点')).toBeHidden();
  await expect(box).toHaveValue('');
  const located = treeNode(page, '1#干式变压器 SCB13-630/10');
  await expect(located).toBeVisible();
  await expect(located).toHaveClass(/ant-tree-treenode-selected/);
  for (const ancestor of ['苏州姑苏商业物业服务有限公司', '平江路文旅街区箱变', '10kV高压间隔', '1#变压器出线柜']) await isExpanded(treeNode(page, ancestor));
  // The full tree: the other customers are there too (closed).
  await expect(treeNode(page, '华东智慧园区管理有限公司')).toBeAttached();
  await page.screenshot({ path: '/tmp/pdz-e2e/asset-tree-located.png' });

  // Nothing matches: said so, no tree.
  await search(page, '不存在的设备名');
  await expect(page.getByText('没有匹配的节点').first()).toBeVisible();
  await expect(treePanel(page)).toHaveCount(0);
});

test('资产树 search by code and a keyword with many hits: matches marked (by name or by code), the limit said', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const searchApi = (keyword: string) => api<{ list: unknown[]; truncated: boolean }>(request, token, 'GET', `/api/assetMaintenance/search?keyword=${encodeURIComponent(keyword)}`);
  await signIn(page);
  await openMenu(page, '资产管理', '资产树');
  await expect(page.getByTestId('tree-summary')).toHaveText(/^3 个客户/);

  // 门磁: one or two door sensors per station; every match marked, the paths shared.
  const doors = await searchApi('门磁');
  expect(doors.list.length).toBeGreaterThanOrEqual(12);
  await search(page, '门磁');
  await expect(page.getByText(`找到 ${doors.list.length} 个匹配的节点`)).toBeVisible();
  await isExpanded(treeNode(page, '华东智慧园区管理有限公司'));
  await expect(treeNode(page, '配电房大门门磁').first().locator('mark')).toHaveText('门磁');
  await expect(treeNode(page, '华东智慧园区管理有限公司').locator('mark')).toHaveCount(0);

  // A station code: SZ05 is 阳澄湖数字产业园箱变 and its equipment codes start with SZ05-. Matches
  // by code show the code, marked; the bays and cabinets on the way (codes JG01, AH1 …) do not.
  const byCode = await searchApi('SZ05');
  await search(page, 'SZ05');
  await expect(page.getByText(`找到 ${byCode.list.length} 个匹配的节点`)).toBeVisible();
  const station = treeNode(page, '阳澄湖数字产业园箱变');
  await expect(station.locator('.site-tree-code mark')).toHaveText('SZ05');
  await expect(station.locator('.site-tree-code')).toHaveText('SZ05');
  await expect(treeNode(page, '1#干式变压器 SCB13-800/10').locator('.site-tree-code')).toHaveText('SZ05-T01');
  await expect(treeNode(page, '10kV高压间隔').locator('mark')).toHaveCount(0);
  await expect(treeNode(page, '1#变压器出线柜').locator('mark')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/pdz-e2e/asset-tree-search-code.png' });

  // More matches than the search answers: the page says only the first ones are shown.
  const many = await searchApi('回路');
  expect(many.truncated, 'the demo fleet has more than 200 回路 nodes').toBe(true);
  await search(page, '回路');
  await expect(page.getByText(`匹配的节点较多，仅显示前 ${many.list.length} 个，请输入更具体的关键字`)).toBeVisible();
  await expect(treePanel(page).locator('mark').first()).toHaveText('回路');
  await page.screenshot({ path: '/tmp/pdz-e2e/asset-tree-search-many.png' });
});
