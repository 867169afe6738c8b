import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../test/harness';
import { createLimitedUser } from '../../../test/limited-user';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const read = () => t.call<SiteConfig>({ method: 'GET', url: '/api/system/config/site' });
const save = (payload: object, token: string | null = t.adminToken) => t.call<SiteConfig>({ method: 'POST', url: '/api/system/config/site', payload, token });

describe('site config', () => {
  it('answers defaults to visitors before anything is set', async () => {
    const res = await read();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ siteTitle: '配电站智能监控系统', showFooter: false, footerTxt: null, caseNumber: null });
  });

  it('saves every field, answers the new values, and records the change', async () => {
    const res = await save({ siteTitle: '某园区配电监控', showFooter: true, footerTxt: 'Copyright © 2026 某公司', caseNumber: '京ICP备12345678号' });
    expect(res.body.data).toEqual({ siteTitle: '某园区配电监控', showFooter: true, footerTxt: 'Copyright © 2026 某公司', caseNumber: '京ICP备12345678号' });
    expect((await read()).body.data.caseNumber).toBe('京ICP备12345678号');
    // Saving again updates the same rows.
    await save({ siteTitle: '某园区配电监控', showFooter: false, footerTxt: '', caseNumber: null });
    expect((await read()).body.data).toEqual({ siteTitle: '某园区配电监控', showFooter: false, footerTxt: null, caseNumber: null });
    expect((await t.ctx.db.selectFrom('sys_config').select('key').execute()).length).toBe(4);
    const audit = await t.ctx.db.selectFrom('sys_audit').selectAll().where('category', '=', 'config').orderBy('id').execute();
    expect(audit.length).toBe(2);
    expect(JSON.parse(audit[0].detail!).after.siteTitle).toBe('某园区配电监控');
  });

  it('refuses too long a value with a Chinese message and changes nothing', async () => {
    const before = (await read()).body.data;
    const res = await save({ siteTitle: 'x'.repeat(65) });
    expect([res.status, res.body.msg]).toEqual([400, '系统名称不能超过64个字符']);
    const flagRes = await save({ showFooter: 'maybe' });
    expect([flagRes.status, flagRes.body.msg]).toEqual([400, '显示底部版权必须是是或否']);
    expect((await read()).body.data).toEqual(before);
  });

  it('refuses 401 without a token and 403 without system:config:edit', async () => {
    const before = (await read()).body.data;
    expect((await save({ siteTitle: 'x' }, null)).status).toBe(401);
    const lister = await createLimitedUser(t, { perms: ['system:config:list'] });
    expect((await save({ siteTitle: 'x' }, lister.token)).status).toBe(403);
    const editor = await createLimitedUser(t, { perms: ['system:config:edit'] });
    expect((await save({ ...before, siteTitle: '编辑者改的' }, editor.token)).body.data.siteTitle).toBe('编辑者改的');
  });
});
