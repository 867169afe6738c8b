import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { user: 'admin', password: 'E2e#Admin2026' };

/** Signs in through the real sign-in page. */
export async function signIn(page: Page, user = ADMIN.user, password = ADMIN.password, opts: { remember?: boolean } = {}) {
  await page.goto('/login');
  await page.getByPlaceholder('账号').fill(user);
  await page.getByPlaceholder('密码').fill(password);
  if (opts.remember) await page.getByText('记住我').click();
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Admin token for arranging data through the API (the UI journeys are what the tests check). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/admin/login', { data: { username: ADMIN.user, password: ADMIN.password } });
  const body = await res.json();
  expect(body.code, body.msg).toBe(0);
  return body.data.token as string;
}

export async function api<T = unknown>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const res = await request.fetch(url, { method, data, headers: { Authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(body.code, `${method} ${url}: ${body.msg}`).toBe(0);
  return body.data as T;
}
