import { expect, test } from '@playwright/test';
import {
  ADMIN,
  CANCEL,
  LOGIN_BUTTON,
  adminToken,
  api,
  confirmDialog,
  cookieValue,
  openMenu,
  randomPhone,
  passModulePicker,
  signIn,
  smsCodeFor,
  statusOf,
  submitPasswordForm,
  tokenCookie,
  userMenu,
} from './fixtures';

const DAY_S = 24 * 60 * 60;

test.describe('sign-in', () => {
  test('password sign-in without 记住我 keeps the token in a session cookie', async ({ page, context }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/home\/index$/);
    await expect(page).toHaveTitle(/首页/);
    const cookie = await tokenCookie(context);
    expect(cookie?.value).toBeTruthy();
    // -1: no expiry, the cookie ends with the browser session.
    expect(cookie!.expires).toBe(-1);
  });

  test('password sign-in with 记住我 keeps the token for about one day', async ({ page, context }) => {
    await signIn(page, ADMIN.user, ADMIN.password, { remember: true });
    const cookie = await tokenCookie(context);
    expect(cookie?.value).toBeTruthy();
    const left = cookie!.expires - Date.now() / 1000;
    expect(left).toBeGreaterThan(DAY_S - 120);
    expect(left).toBeLessThanOrEqual(DAY_S + 5);
  });

  test('a wrong password is refused and the page stays on sign-in', async ({ page, context }) => {
    await page.goto('/login');
    await submitPasswordForm(page, 'no_such_user_e2e', 'Wrong#Pass1');
    await expect(page.getByText(/用户名或密码错误|账号或密码错误/)).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await tokenCookie(context)).toBeUndefined();
  });

  test('phone-code sign-in: the code from the SMS outbox signs the administrator in', async ({ page, request, context }) => {
    const token = await adminToken(request);
    const phone = randomPhone();
    const info = await api<{ user: { nickName: string | null; email: string | null; remark: string | null } }>(request, token, 'GET', '/api/system/user/selectUserInfo');
    await api(request, token, 'POST', '/api/system/user/profile/edit', { nickName: info.user.nickName, email: info.user.email, remark: info.user.remark, phone });

    await page.goto('/login');
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('手机号码').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('验证码已发送，请注意查收短信')).toBeVisible();

    const code = await smsCodeFor(request, token, phone);
    await page.getByPlaceholder('验证码').fill(code);
    await page.getByRole('tabpanel', { name: '手机号登录' }).getByRole('button', { name: LOGIN_BUTTON }).click();
    await passModulePicker(page);
    expect((await tokenCookie(context))?.value).toBeTruthy();
    await expect(page.getByText(/好，/)).toBeVisible();
    await page.screenshot({ path: '/tmp/pdz-e2e/phone-signed-in.png' });
  });
});

test('a visitor is sent to sign-in with the original path as redirect, and lands there after signing in', async ({ page }) => {
  await page.goto('/system/user?x=1');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fuser%3Fx%3D1$/);
  await expect(page.getByPlaceholder('账号')).toBeVisible();
  await page.screenshot({ path: '/tmp/pdz-e2e/login.png' });
  await submitPasswordForm(page, ADMIN.user, ADMIN.password);
  await expect(page).toHaveURL(/\/system\/user\?x=1$/);
  await expect(page).toHaveTitle(/用户管理/);
});

test('a session ended on the server sends the console back to sign-in with the expiry hint', async ({ page, context, request }) => {
  await signIn(page);
  await openMenu(page, '系统管理', '用户管理');
  await expect(page.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  const token = (await tokenCookie(context))!.value;
  // Ended elsewhere (another tab's sign-out, an administrator, the idle timeout): same answer.
  const out = await request.get('/admin/logout', { headers: { Authorization: `Bearer ${token}` } });
  expect(out.ok()).toBe(true);
  expect(await statusOf(request, token, '/api/system/user/selectUserInfo')).toBe(401);

  // The console's websocket hears the session end (close 4401) and does what a 401 does: log out,
  // point=401, reload; without a token the guard shows sign-in with the page to come back to.
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fuser$/);
  await expect(page.getByText('登录状态已过期，请重新登录')).toBeVisible();
  expect(await tokenCookie(context)).toBeUndefined();
  // The login page consumed the point cookie: it says so once.
  expect(await cookieValue(context, 'point')).toBeUndefined();

  await submitPasswordForm(page, ADMIN.user, ADMIN.password);
  await expect(page).toHaveURL(/\/system\/user$/);
});

test('sign-out asks first; 取消 keeps the session, 确定 ends it on the server', async ({ page, context, request }) => {
  await signIn(page);
  const token = (await tokenCookie(context))!.value;

  await userMenu(page, '退出登录');
  // The dialog is named by its title 提示 and asks the spec's question.
  const dialog = page.getByRole('dialog', { name: '提示' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('确定注销并退出系统吗？');
  await page.screenshot({ path: '/tmp/pdz-e2e/logout-confirm.png' });
  await dialog.getByRole('button', { name: CANCEL }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home\/index$/);
  expect(await statusOf(request, token, '/api/system/user/selectUserInfo')).toBe(200);

  await userMenu(page, '退出登录');
  const reloaded = page.waitForEvent('load');
  await confirmDialog(dialog);
  await reloaded;
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: LOGIN_BUTTON }).first()).toBeVisible();
  expect(await tokenCookie(context)).toBeUndefined();
  expect(await statusOf(request, token, '/api/system/user/selectUserInfo')).toBe(401);
});
