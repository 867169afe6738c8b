import { expect, test, type Page } from '@playwright/test';
import { adminToken, api, apiLogin, btn, createScopedUser, createSite, openMenu, rowWith, signIn, statusOf } from './fixtures';

/**
 * Data scope on the asset screens: a user whose role sees 本部门 only, in a department that owns
 * one customer, sees that customer's stations in 站点 and in 资产树, and nothing of another
 * customer's, whether browsing, searching or asking the API by id.
 */

const treeRows = (page: Page) => page.locator('.asset-tree-page .ant-tree .ant-tree-treenode:not([aria-hidden="true"])');
const treeNode = (page: Page, name: string) => treeRows(page).filter({ has: page.locator(`.site-tree-title[title="${name}"], .site-tree-title[title^="${name} · "]`) });

test('a user scoped to one customer (本部门) sees only its stations in the station list and the tree', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const user = await createScopedUser(request, token, [['资产管理', '站点'], ['资产管理', '资产树']], 'dept');
  // The department's customer, and another customer's site the user must never see.
  const mine = await createSite(request, token, { deptId: user.deptId });
  const other = await createSite(request, token);
  const customers = await api<{ list: { id: number; deptId: number | null }[] }>(request, token, 'GET', `/api/customer/pageList?keyword=${encodeURIComponent(mine.customerName)}`);
  expect(customers.list.find((c) => c.id === mine.customerId)?.deptId).toBe(user.deptId);

  await signIn(page, user.userName, user.password);

  // 站点: one station, the department's.
  await openMenu(page, '资产管理', '站点');
  await expect(rowWith(page, mine.stationName)).toBeVisible();
  await expect(rowWith(page, mine.stationName)).toContainText(mine.customerName);
  await expect(page.getByText('共 1 条')).toBeVisible();
  await expect(rowWith(page, other.stationName)).toHaveCount(0);
  // Asking for the other one by name finds nothing.
  await page.getByRole('textbox', { name: /关键字/ }).fill(other.stationName);
  await page.getByRole('button', { name: btn('搜索') }).click();
  await expect(page.locator('.ant-table .ant-empty-description')).toHaveText('暂无数据');
  await expect(rowWith(page, mine.stationName)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/pdz-e2e/asset-scope-stations.png' });

  // 资产树: one customer, one station; opening it shows the cabinet.
  await openMenu(page, '资产管理', '资产树');
  await expect(page.getByTestId('tree-summary')).toHaveText(/^1 个客户 · 1 个站点/);
  await expect(treeRows(page)).toHaveCount(1);
  const customer = treeNode(page, mine.customerName);
  await expect(customer).toBeVisible();
  await customer.locator('.ant-tree-switcher').click();
  await expect(treeNode(page, mine.stationName)).toBeVisible();
  await treeNode(page, mine.stationName).locator('.ant-tree-switcher').click();
  await expect(treeNode(page, mine.cabinetName)).toBeVisible();
  await expect(treeNode(page, other.customerName)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/pdz-e2e/asset-scope-tree.png' });
  // Searching the tree for the other customer's station: nothing.
  const box = page.getByPlaceholder(/搜索名称或编号/);
  await box.fill(other.stationName);
  await box.press('Enter');
  await expect(page.getByText('没有匹配的节点').first()).toBeVisible();
  // Its own station by name: found.
  await box.fill(mine.stationName);
  await box.press('Enter');
  await expect(page.getByText('找到 1 个匹配的节点')).toBeVisible();
  await expect(treeNode(page, mine.stationName).locator('mark')).toHaveText(mine.stationName);

  // Whatever ids are sent: the other customer's station answers 404, never data.
  const userToken = await apiLogin(request, user.userName, user.password);
  expect(await statusOf(request, userToken, `/api/station/getById/${other.stationId}`)).toBe(404);
  expect(await statusOf(request, userToken, `/api/assetMaintenance/initDataAllByParentNode?id=station_${other.stationId}`)).toBe(404);
  const filtered = await api<{ total: number }>(request, userToken, 'GET', `/api/station/pageList?customerId=${other.customerId}`);
  expect(filtered.total).toBe(0);
});
