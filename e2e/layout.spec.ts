import { expect, test, type Page } from '@playwright/test';
import { backgroundOf, btn, cookieValue, hexToRgb, menuItem, openMenu, openSettings, sidebar, signIn, userMenu } from './fixtures';

const tags = (page: Page) => page.locator('.pdz-tags-view .pdz-tag');
const tag = (page: Page, title: string) => page.locator('.pdz-tags-view .pdz-tag', { hasText: new RegExp(`^${title}$`) });

async function tagAction(page: Page, title: string, action: '刷新页面' | '关闭当前' | '关闭其他' | '全部关闭') {
  await tag(page, title).click({ button: 'right' });
  const menu = page.getByRole('menu').filter({ hasText: '全部关闭' });
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitem', { name: action }).click();
  await expect(menu).toBeHidden();
}

test('tags bar: 关闭其他 keeps the affixed 首页 and the chosen tab; 全部关闭 keeps 首页', async ({ page }) => {
  await signIn(page);
  await expect(page.locator('.pdz-tags-view')).toHaveCount(0);

  const drawer = await openSettings(page);
  await drawer.getByRole('switch', { name: '显示标签栏' }).click();
  await expect(drawer.getByRole('switch', { name: '显示标签栏' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // 首页 is affixed: always there, without a close button.
  await expect(tags(page)).toHaveText(['首页']);
  await expect(tag(page, '首页').getByLabel('关闭首页')).toHaveCount(0);

  // Each page's tab appears (as the current one) once the page has rendered.
  await openMenu(page, '系统管理', '用户管理');
  await expect(tag(page, '用户管理')).toHaveClass(/is-active/);
  await userMenu(page, '个人中心');
  await expect(tag(page, '个人中心')).toHaveClass(/is-active/);
  await openMenu(page, '系统管理', '角色管理');
  await expect(tag(page, '角色管理')).toHaveClass(/is-active/);
  await expect(page).toHaveURL(/\/system\/role$/);
  await expect(tags(page)).toHaveText(['首页', '用户管理', '个人中心', '角色管理']);
  await page.screenshot({ path: '/tmp/pdz-e2e/tags.png' });

  // 关闭其他 on a tab that is not the current one: it becomes current, the others go.
  await tagAction(page, '用户管理', '关闭其他');
  await expect(tags(page)).toHaveText(['首页', '用户管理']);
  await expect(page).toHaveURL(/\/system\/user$/);
  await expect(tag(page, '用户管理')).toHaveClass(/is-active/);

  await userMenu(page, '个人中心');
  await expect(tag(page, '个人中心')).toHaveClass(/is-active/);
  await expect(tags(page)).toHaveText(['首页', '用户管理', '个人中心']);
  await tagAction(page, '个人中心', '全部关闭');
  await expect(tags(page)).toHaveText(['首页']);
  await expect(page).toHaveURL(/\/home\/index$/);

  // The choice survives a reload.
  await page.reload();
  await expect(tags(page)).toHaveText(['首页']);
});

test('header search: typing a page title and choosing the result opens that page', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: '搜索菜单' }).click();
  const search = page.locator('.pdz-header-search');
  const box = search.getByRole('combobox');
  await expect(box).toBeFocused();
  await box.pressSequentially('角色');
  // The visible result (antd also keeps an off-screen list of options for screen readers).
  const option = page.locator('.ant-select-item-option', { hasText: '角色管理' });
  await expect(option).toBeVisible();
  await page.screenshot({ path: '/tmp/pdz-e2e/header-search.png' });
  await option.click();
  await expect(page).toHaveURL(/\/system\/role$/);
  await expect(page).toHaveTitle(/角色管理/);
  // The search box closes after the jump.
  await expect(search.getByRole('combobox')).toHaveCount(0);
});

test('theme colour and size are kept in their cookies and used after a reload', async ({ page, context }) => {
  await signIn(page);
  const purple = '#722ed1';

  const drawer = await openSettings(page);
  await drawer.getByRole('radio', { name: '酱紫' }).click();
  await expect(drawer.getByRole('radio', { name: '酱紫' })).toHaveAttribute('aria-checked', 'true');
  // The panel closes on a click outside it (spec §2).
  await page.mouse.click(200, 450);
  await expect(drawer).toBeHidden();

  // Size: the default is small; choose 默认 (antd "middle").
  await page.getByRole('button', { name: '布局大小' }).click();
  await page.getByRole('menuitem', { name: '默认' }).click();
  await expect(page.getByText('布局设置成功')).toBeVisible();

  expect(await cookieValue(context, 'theme')).toBe(purple);
  expect(await cookieValue(context, 'size')).toBe('default');
  const theme = (await context.cookies()).find((c) => c.name === 'theme')!;
  // 365 days (spec §9).
  expect((theme.expires - Date.now() / 1000) / 86400).toBeCloseTo(365, 0);

  await page.reload();
  await openMenu(page, '系统管理', '用户管理');
  const search = page.getByRole('button', { name: btn('搜索') });
  await expect(search).toBeVisible();
  expect(await backgroundOf(search)).toBe(hexToRgb(purple));
  // antd "middle" buttons are 32 px high ("small" would be 24).
  expect((await search.boundingBox())!.height).toBe(32);
  expect(await cookieValue(context, 'theme')).toBe(purple);
  expect(await cookieValue(context, 'size')).toBe('default');
  await page.screenshot({ path: '/tmp/pdz-e2e/theme-size.png' });
});

test.describe('mobile mode at 800 px', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the sidebar is hidden, opens as an overlay, and closes on the mask and on navigation', async ({ page }) => {
    await signIn(page);
    const bar = sidebar(page);
    const app = page.locator('.pdz-app');
    await expect(app).toHaveClass(/is-mobile/);
    await expect(bar).not.toBeInViewport();
    // The page area uses the whole width.
    expect((await page.locator('.pdz-main').boundingBox())!.x).toBe(0);
    // No bell or full-screen toggle on a phone.
    await expect(page.getByRole('button', { name: '全屏' })).toHaveCount(0);

    const toggle = page.getByRole('button', { name: '展开菜单' });
    await toggle.click();
    await expect(bar).toBeInViewport();
    const mask = page.locator('.pdz-drawer-mask');
    await expect(mask).toBeVisible();
    await page.screenshot({ path: '/tmp/pdz-e2e/mobile-open.png' });

    // A click on the overlay beside the sidebar closes it.
    await mask.click({ position: { x: 700, y: 450 } });
    await expect(mask).toHaveCount(0);
    await expect(bar).not.toBeInViewport();

    // Navigating from the sidebar closes it too.
    await page.getByRole('button', { name: '展开菜单' }).click();
    await expect(bar).toBeInViewport();
    await openMenu(page, '系统管理', '用户管理');
    await expect(page).toHaveURL(/\/system\/user$/);
    await expect(mask).toHaveCount(0);
    await expect(bar).not.toBeInViewport();
    await expect(menuItem(page, '用户管理')).not.toBeInViewport();
  });
});
