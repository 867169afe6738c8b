import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const ADMIN = { user: 'admin', password: 'E2e#Admin2026' };
/** Password of the users the tests create (the rule: 8–64 characters with letters and digits). */
export const USER_PASSWORD = 'E2e#User2026';

/** antd puts a space between the two characters of a two-character button: "确 定". */
export const OK = /^确\s*定$/;
export const CANCEL = /^取\s*消$/;
export const LOGIN_BUTTON = /^登\s*录$/;

/**
 * A button's accessible name by its text: antd may space two-character labels ("确 定") and an
 * icon adds its own name first ("search 搜索"), so match the text at the end, spaces allowed.
 */
export function btn(text: string): RegExp {
  const chars = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return new RegExp(`(^|\\s)${chars.join('\\s*')}$`);
}

/** A short random suffix so that tests never collide on unique names. */
export function uid(): string {
  return `${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A random, valid mainland mobile number (1[3-9]x…). */
export function randomPhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** Fills the password tab of the real sign-in page (already open) and submits. */
export async function submitPasswordForm(page: Page, user: string, password: string, opts: { remember?: boolean } = {}) {
  await page.getByPlaceholder('账号').fill(user);
  await page.getByPlaceholder('密码').fill(password);
  if (opts.remember) await page.getByRole('checkbox', { name: '记住我' }).check();
  await page.getByRole('button', { name: LOGIN_BUTTON }).click();
}

/**
 * Signs in through the real sign-in page and waits for the console shell. A user with pages in
 * several modules is first asked which to enter (/selectMoudle): `module` is chosen then (系统管理
 * holds the system and asset menus the specs open).
 */
export async function signIn(page: Page, user = ADMIN.user, password = ADMIN.password, opts: { remember?: boolean; module?: string } = {}) {
  await page.goto('/login');
  await submitPasswordForm(page, user, password, opts);
  await passModulePicker(page, opts.module);
}

/**
 * After sign-in a user with several modules chooses one (/selectMoudle), which opens that module's
 * first page. Without `module` the tests start where a one-module user lands: 系统管理, on 首页.
 */
export async function passModulePicker(page: Page, module?: string) {
  await expect(page).not.toHaveURL(/\/login/);
  const picker = page.getByRole('button', { name: new RegExp(module ?? '系统管理') });
  await expect(sidebar(page).or(picker)).toBeVisible();
  if (/\/selectMoudle/.test(page.url())) {
    await picker.click();
    await expect(sidebar(page)).toBeVisible();
    if (!module) await page.goto('/home/index');
  }
  await expect(sidebar(page)).toBeVisible();
}

/** The TOEKN cookie (spec §9 spelling) of the browser context. */
export async function tokenCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'TOEKN');
}

export async function cookieValue(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

// ---- layout parts ----

export const sidebar = (page: Page) => page.locator('.pdz-sidebar');
export const sidebarMenu = (page: Page) => sidebar(page).getByRole('menu').first();
export const userMenuButton = (page: Page) => page.getByRole('button', { name: '用户菜单' });

/** Opens the user dropdown and picks an entry (个人中心, 布局设置, 退出登录). */
export async function userMenu(page: Page, item: '个人中心' | '布局设置' | '退出登录') {
  await userMenuButton(page).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/**
 * Signs out through the user menu and its 提示 confirmation. The console clears the session (the
 * guard already shows /login) and then reloads: wait for that reload, or a following page.goto
 * would be cut short by it.
 */
export async function signOut(page: Page) {
  await userMenu(page, '退出登录');
  const loaded = page.waitForEvent('load');
  await confirmDialog(page.getByRole('dialog', { name: '提示' }));
  await loaded;
  await expect(page).toHaveURL(/\/login/);
}

/**
 * Clicks 确定 in a confirmation until it takes: on a loaded machine a click during the dialog's
 * opening animation has been seen to go nowhere (antd ignores a second click once one took).
 */
export async function confirmDialog(dialog: Locator) {
  const ok = dialog.getByRole('button', { name: OK });
  await expect(async () => {
    if (await ok.isVisible()) await ok.click({ timeout: 2_000 });
    await expect(ok).toBeHidden({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/** Opens 布局设置 and returns the drawer. */
export async function openSettings(page: Page): Promise<Locator> {
  await userMenu(page, '布局设置');
  const drawer = page.getByRole('dialog', { name: '布局设置' });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** A sidebar entry by its title (its accessible name starts with the icon's name: "home 首页"). */
export const menuItem = (page: Page, title: string) => sidebarMenu(page).getByRole('menuitem', { name: new RegExp(`(^|\\s)${title}$`) });

/** Opens a sidebar entry by its titles, e.g. ('系统管理', '用户管理'). */
export async function openMenu(page: Page, ...titles: string[]) {
  for (const [i, title] of titles.entries()) {
    const last = i === titles.length - 1;
    if (last) {
      await menuItem(page, title).click();
      // The URL changes at once, but the old page stays until the new one has loaded (a router
      // transition); the title is set when the new page is shown.
      await expect(page).toHaveTitle(new RegExp(`^${title} - `));
    } else {
      const sub = menuItem(page, title);
      // Sub-menu titles toggle: open only when closed, and check it stayed open (a click during
      // the menu's first render can be undone by its own open-keys sync).
      await expect(async () => {
        if ((await sub.getAttribute('aria-expanded')) !== 'true') await sub.click();
        await expect(sub).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
    }
  }
}

// ---- arranging data through the API ----

/** Signs a user in through the API and returns the token. */
export async function apiLogin(request: APIRequestContext, username: string, password: string): Promise<string> {
  const res = await request.post('/admin/login', { data: { username, password } });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data.token as string;
}

/** Admin token for arranging data through the API (the UI journeys are what the tests check). */
export function adminToken(request: APIRequestContext): Promise<string> {
  return apiLogin(request, ADMIN.user, ADMIN.password);
}

export async function api<T = unknown>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(0);
  return body.data as T;
}

/** HTTP status of a call with a given token (for 401/403 checks). */
export async function statusOf(request: APIRequestContext, token: string, url: string): Promise<number> {
  const res = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  return res.status();
}

interface MenuNode {
  id: number;
  menuName: string;
  menuType: 'M' | 'C' | 'F';
  perms: string | null;
  children: MenuNode[];
}

/**
 * Menu ids by title path: ['系统管理', '用户管理', '查询'] → the ids of all three (a button's
 * directory and page come with it, as the role form's tree would tick them).
 */
export async function menuIds(request: APIRequestContext, token: string, ...paths: string[][]): Promise<number[]> {
  const tree = await api<MenuNode[]>(request, token, 'GET', '/api/system/menu/tree');
  const ids = new Set<number>();
  for (const path of paths) {
    let level = tree;
    for (const name of path) {
      const node = level.find((n) => n.menuName === name);
      expect(node, `menu ${path.join(' → ')}`).toBeTruthy();
      ids.add(node!.id);
      level = node!.children ?? [];
    }
  }
  return [...ids];
}

export interface LimitedUser {
  userName: string;
  password: string;
  userId: number;
  roleId: number;
  roleName: string;
  deptId: number;
  deptName: string;
}

/**
 * Through the API: a department, a role holding only the given menus, and a user in both —
 * the arrangement of "a limited user" (issue 2).
 */
export async function createLimitedUser(request: APIRequestContext, token: string, menus: string[][]): Promise<LimitedUser> {
  const s = uid();
  const deptName = `测试部门${s}`;
  const roleName = `测试角色${s}`;
  const userName = `e2e_${s}`;
  const deptId = await createDept(request, token, deptName);
  const roleId = await createRole(request, token, { roleName, roleKey: `e2e_${s}`, menuIds: await menuIds(request, token, ...menus) });
  await api(request, token, 'POST', '/api/system/user/add', { userName, password: USER_PASSWORD, nickName: `测试用户${s}`, deptId, roleIds: [roleId] });
  const users = await api<{ list: { id: number; userName: string }[] }>(request, token, 'GET', `/api/system/user/pageList?userName=${userName}`);
  const userId = users.list.find((u) => u.userName === userName)!.id;
  return { userName, password: USER_PASSWORD, userId, roleId, roleName, deptId, deptName };
}

export async function createDept(request: APIRequestContext, token: string, deptName: string): Promise<number> {
  const tree = await api<{ id: number }[]>(request, token, 'GET', '/api/system/dept/list');
  await api(request, token, 'POST', '/api/system/dept/add', { parentId: tree[0].id, deptName });
  return (await findDept(request, token, deptName))!.id;
}

async function findDept(request: APIRequestContext, token: string, deptName: string): Promise<{ id: number } | undefined> {
  const tree = await api<{ id: number; deptName: string; children?: unknown[] }[]>(request, token, 'GET', `/api/system/dept/list?deptName=${encodeURIComponent(deptName)}`);
  const walk = (nodes: { id: number; deptName: string; children?: unknown[] }[]): { id: number } | undefined => {
    for (const n of nodes) {
      if (n.deptName === deptName) return n;
      const hit = walk((n.children ?? []) as typeof nodes);
      if (hit) return hit;
    }
    return undefined;
  };
  return walk(tree);
}

export async function createRole(request: APIRequestContext, token: string, role: { roleName: string; roleKey: string; menuIds: number[] }): Promise<number> {
  await api(request, token, 'POST', '/api/system/role/add', { ...role, dataScope: 'self' });
  const page = await api<{ list: { id: number; roleKey: string }[] }>(request, token, 'GET', `/api/system/role/pageList?roleKey=${role.roleKey}`);
  return page.list.find((r) => r.roleKey === role.roleKey)!.id;
}

/** The newest 6-digit code the outbox holds for a phone (the default SMS provider). */
export async function smsCodeFor(request: APIRequestContext, token: string, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const page = await api<{ list: { phone: string; content: string }[] }>(request, token, 'GET', `/api/system/sms/pageList?phone=${phone}&pageNum=1&pageSize=5`);
      code = page.list.find((m) => m.phone === phone)?.content.match(/\d{6}/)?.[0];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** The primary colour a button renders with, as "rgb(r, g, b)". */
export const backgroundOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);

export function hexToRgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

// ---- assets (asset*.spec.ts) ----

/** Opens an antd select or tree select (a form field or a query-bar field) and picks an entry by its text. */
export async function pickOption(page: Page, field: Locator, text: string | RegExp) {
  await field.click();
  const popup = page.locator('.ant-select-dropdown:visible');
  await popup.locator('.ant-select-item-option, .ant-select-tree-node-content-wrapper', { hasText: text }).first().click();
}

/** A table row by a cell's exact text. */
export const rowWith = (page: Page | Locator, text: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: text, exact: true }) });

export interface AssetSite {
  customerId: number;
  customerName: string;
  stationId: number;
  stationCode: string;
  stationName: string;
  cabinetId: number;
  cabinetCode: string;
  cabinetName: string;
}

/** Through the API: a customer (of a department, when given). */
export async function createCustomer(request: APIRequestContext, token: string, opts: { deptId?: number; name?: string } = {}): Promise<{ id: number; code: string; name: string }> {
  const s = uid();
  const body = { code: `C${s}`, name: opts.name ?? `测试客户${s}`, deptId: opts.deptId ?? null };
  const { id } = await api<{ id: number }>(request, token, 'POST', '/api/customer/add', body);
  return { id, code: body.code, name: body.name };
}

/** Through the API: a customer with one station and one cabinet in it. */
export async function createSite(request: APIRequestContext, token: string, opts: { deptId?: number; customerId?: number; customerName?: string } = {}): Promise<AssetSite> {
  const s = uid();
  const customer = opts.customerId ? { id: opts.customerId, name: opts.customerName ?? '' } : await createCustomer(request, token, { deptId: opts.deptId });
  const station = { customerId: customer.id, code: `S${s}`, name: `测试配电房${s}`, stationType: 'room', longitude: 120.62, latitude: 31.3 };
  const { id: stationId } = await api<{ id: number }>(request, token, 'POST', '/api/station/add', station);
  const cabinet = { stationId, code: `AA${s}`, name: `1#低压出线柜${s}`, cabinetType: 'outgoing' };
  const { id: cabinetId } = await api<{ id: number }>(request, token, 'POST', '/api/cabinet/add', cabinet);
  return { customerId: customer.id, customerName: customer.name, stationId, stationCode: station.code, stationName: station.name, cabinetId, cabinetCode: cabinet.code, cabinetName: cabinet.name };
}

/**
 * Through the API: a department, a role with these menus and a data scope, and a user in both
 * (createLimitedUser with the scope chosen, e.g. 'dept' = 本部门).
 */
export async function createScopedUser(
  request: APIRequestContext,
  token: string,
  menus: string[][],
  dataScope: 'all' | 'deptAndBelow' | 'dept' | 'self',
): Promise<LimitedUser> {
  const s = uid();
  const deptName = `资产部门${s}`;
  const roleName = `资产角色${s}`;
  const userName = `e2e_${s}`;
  const deptId = await createDept(request, token, deptName);
  await api(request, token, 'POST', '/api/system/role/add', { roleName, roleKey: `e2e_${s}`, dataScope, menuIds: await menuIds(request, token, ...menus) });
  const roles = await api<{ list: { id: number; roleKey: string }[] }>(request, token, 'GET', `/api/system/role/pageList?roleKey=e2e_${s}`);
  const roleId = roles.list.find((r) => r.roleKey === `e2e_${s}`)!.id;
  await api(request, token, 'POST', '/api/system/user/add', { userName, password: USER_PASSWORD, nickName: `资产用户${s}`, deptId, roleIds: [roleId] });
  const users = await api<{ list: { id: number; userName: string }[] }>(request, token, 'GET', `/api/system/user/pageList?userName=${userName}`);
  const userId = users.list.find((u) => u.userName === userName)!.id;
  return { userName, password: USER_PASSWORD, userId, roleId, roleName, deptId, deptName };
}
