import { expect, test } from '@playwright/test';
import { signIn } from './fixtures';

test('a visitor is sent to sign-in with the original path as redirect, and lands there after signing in', async ({ page }) => {
  await page.goto('/system/user?x=1');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsystem%2Fuser%3Fx%3D1/);
  await page.getByPlaceholder('账号').fill('admin');
  await page.getByPlaceholder('密码').fill('E2e#Admin2026');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/system\/user\?x=1$/);
});

test('the administrator reaches the home page after signing in', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect(page).toHaveTitle(/首页/);
});
