import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, SmsOutboxRow } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../test/harness';
import { createLimitedUser } from '../../../test/limited-user';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  const admin = await t.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
  await t.ctx.db.updateTable('sys_user').set({ phone: '13800138000' }).where('id', '=', admin.id).execute();
  await t.ctx.db
    .insertInto('sys_sms_outbox')
    .values({ phone: '13900000001', purpose: 'login', content: '旧消息', provider: 'gateway', status: 'failed', error: '余额不足', ip: '10.0.0.2', created_at: Date.now() - 60_000 })
    .execute();
});
afterAll(async () => t?.close());

describe('sms outbox', () => {
  it('shows the codes the default provider stored, newest first, filtered by phone', async () => {
    expect((await t.call({ method: 'GET', url: '/ignore/sms/getPhoneCode?phone=13800138000' })).body.code).toBe(0);
    const res = await t.call<Page<SmsOutboxRow>>({ method: 'GET', url: '/api/system/sms/pageList', token: t.adminToken });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    const [latest, older] = res.body.data.list;
    expect(latest).toMatchObject({ phone: '13800138000', purpose: 'login', provider: 'outbox', status: 'sent', error: null });
    expect(latest.content).toMatch(/验证码为\d{6}/);
    expect(older).toMatchObject({ status: 'failed', error: '余额不足', ip: '10.0.0.2' });
    const filtered = await t.call<Page<SmsOutboxRow>>({ method: 'GET', url: '/api/system/sms/pageList?phone=0001', token: t.adminToken });
    expect(filtered.body.data.list.map((r) => r.phone)).toEqual(['13900000001']);
    const asc = await t.call<Page<SmsOutboxRow>>({ method: 'GET', url: '/api/system/sms/pageList?orderBy=createdAt&order=asc&pageSize=1', token: t.adminToken });
    expect(asc.body.data).toMatchObject({ total: 2, pageSize: 1 });
    expect(asc.body.data.list[0].phone).toBe('13900000001');
  });

  it('refuses 401 without a token and 403 without the permission; accepts a holder of system:sms:list', async () => {
    expect((await t.call({ method: 'GET', url: '/api/system/sms/pageList' })).status).toBe(401);
    const other = await createLimitedUser(t, { perms: ['system:audit:list'] });
    expect((await t.call({ method: 'GET', url: '/api/system/sms/pageList', token: other.token })).status).toBe(403);
    const reader = await createLimitedUser(t, { perms: ['system:sms:list'] });
    expect((await t.call({ method: 'GET', url: '/api/system/sms/pageList', token: reader.token })).status).toBe(200);
    const bad = await t.call({ method: 'GET', url: '/api/system/sms/pageList?pageNum=0', token: reader.token });
    expect([bad.status, bad.body.msg]).toEqual([400, '页码不能小于1']);
  });
});
