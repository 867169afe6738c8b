import { expect, test } from '@playwright/test';
import { adminToken, btn, api, createLimitedUser, menuItem, openMenu, sidebarMenu, signIn, tokenCookie } from './fixtures';

/** 系统管理 → 用户管理 with only its 查询 button. */
const USERS_QUERY_ONLY = [['系统管理', '用户管理', '查询']];

test('a limited user sees only the granted menus and buttons, and the server refuses the rest', async ({ page, request, context }) => {
  const admin = await adminToken(request);
  const limited = await createLimitedUser(request, admin, USERS_QUERY_ONLY);

  await signIn(page, limited.userName, limited.password);
  const menu = sidebarMenu(page);
  await expect(menuItem(page, '首页')).toBeVisible();
  await openMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL(/\/system\/user$/);

  // Exactly the permitted entries: no 角色管理, 菜单管理, 部门管理, … (and no other top-level menu).
  await expect(menuItem(page, '用户管理')).toBeVisible();
  for (const other of ['角色管理', '菜单管理', '部门管理', '字典管理', '审计日志', '短信记录', '系统设置']) {
    await expect(menuItem(page, other)).toHaveCount(0);
  }
  const topLevel = await menu.locator(':scope > li').evaluateAll((lis) => lis.map((li) => li.querySelector('.ant-menu-title-content')?.textContent?.trim()).filter(Boolean));
  expect(topLevel).toEqual(['首页', '系统管理']);

  // The list shows (查询 granted) but 新增 / 删除 / 导出 are not offered.
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('cell', { name: limited.userName, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: btn('新增') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: btn('导出') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: btn('删除') })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/pdz-e2e/limited-user.png' });

  // Called directly from the user's own page, outside the grant: 403, whatever the console shows.
  const token = (await tokenCookie(context))!.value;
  const statuses = await page.evaluate(async (t) => {
    const call = async (url: string, init: RequestInit = {}) => (await fetch(url, { ...init, headers: { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json' } })).status;
    return {
      roles: await call('/api/system/role/pageList'),
      menus: await call('/api/system/menu/tree'),
      addUser: await call('/api/system/user/add', { method: 'POST', body: JSON.stringify({ userName: 'nope_e2e', password: 'Nope#12345' }) }),
      users: await call('/api/system/user/pageList'),
    };
  }, token);
  expect(statuses).toEqual({ roles: 403, menus: 403, addUser: 403, users: 200 });

  // Typing a forbidden page's address finds no route: /404, not the page.
  await page.goto('/system/role');
  await expect(page).toHaveURL(/\/404$/);
});

test('a call the user is no longer allowed (403) takes the console to /401', async ({ page, request }) => {
  const admin = await adminToken(request);
  const limited = await createLimitedUser(request, admin, USERS_QUERY_ONLY);
  await signIn(page, limited.userName, limited.password);
  await openMenu(page, '系统管理', '用户管理');
  await expect(page.getByRole('cell', { name: limited.userName, exact: true })).toBeVisible();

  // The administrator takes the page away while the user is on it.
  const role = await api<Record<string, unknown>>(request, admin, 'GET', `/api/system/role/getById/${limited.roleId}`);
  await api(request, admin, 'POST', '/api/system/role/edit', {
    id: limited.roleId,
    roleName: role.roleName,
    roleKey: role.roleKey,
    orderNum: role.orderNum,
    dataScope: role.dataScope,
    menuIds: [],
    deptIds: [],
    enabled: true,
  });

  // The user's next search asks the server for the list: 403 → /401.
  await page.getByRole('textbox', { name: /用户名/ }).fill(limited.userName);
  await page.getByRole('button', { name: btn('搜索') }).click();
  await expect(page).toHaveURL(/\/401$/);
  await expect(page.getByText('您没有访问权限')).toBeVisible();
  await page.screenshot({ path: '/tmp/pdz-e2e/401.png' });
  // Still signed in: 返回首页 goes home.
  await page.getByRole('button', { name: btn('返回首页') }).click();
  await expect(page).toHaveURL(/\/home\/index$/);
});
