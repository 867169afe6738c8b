// Developer aid: screenshot a page of a running system in Debian's Chromium.
// node scripts/screenshot.mjs <url> <out.png> [--login user:password] [--width 1440] [--height 900]
import { chromium } from 'playwright-core';

const [url, out, ...rest] = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = rest.indexOf(`--${name}`);
  return i >= 0 ? rest[i + 1] : fallback;
};
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: Number(opt('width', 1440)), height: Number(opt('height', 900)) } });
const login = opt('login');
if (login) {
  const [user, pass] = login.split(':');
  const origin = new URL(url).origin;
  await page.goto(`${origin}/login`);
  await page.getByPlaceholder('账号').fill(user);
  await page.getByPlaceholder('密码').fill(pass);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15000 });
}
await page.goto(url);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(Number(opt('wait', 800)));
await page.screenshot({ path: out, fullPage: false });
await browser.close();
console.log(`saved ${out}`);
