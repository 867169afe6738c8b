import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/auth/tokens';
import { startTestApp, ADMIN_PASSWORD, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('password sign-in', () => {
  it('returns token, component and roles, and the token opens user info', async () => {
    const res = await t.call<{ token: string; component: string; roles: string[] }>({ method: 'POST', url: '/admin/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data.token.length).toBeGreaterThanOrEqual(40);
    expect(res.body.data.roles).toEqual(['admin']);
    const info = await t.call<{ user: { userName: string }; perms: string[]; roles: string[] }>({ method: 'GET', url: '/api/system/user/selectUserInfo', token: res.body.data.token });
    expect(info.body.data.user.userName).toBe('admin');
    expect(info.body.data.perms).toContain('admin');
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const rows = await t.ctx.db.selectFrom('sys_session').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('answers a wrong user and a wrong password alike', async () => {
    const a = await t.call({ method: 'POST', url: '/admin/login', payload: { username: 'nobody', password: 'x' } });
    const b = await t.call({ method: 'POST', url: '/admin/login', payload: { username: 'admin', password: 'wrong' } });
    expect(a.status).toBe(b.status);
    expect(a.body.msg).toBe('用户名或密码错误');
    expect(b.body.msg).toBe(a.body.msg);
  });

  it('names the missing field in Chinese', async () => {
    const res = await t.call({ method: 'POST', url: '/admin/login', payload: { password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请输入用户名');
  });

  it('locks an account after 5 failures in 10 minutes, for known and unknown names alike', async () => {
    await t.ctx.db.deleteFrom('sys_login_failure').execute();
    for (const name of ['ghost', 'admin']) {
      for (let i = 0; i < 4; i++) {
        const r = await t.call({ method: 'POST', url: '/admin/login', payload: { username: name, password: `bad${i}` } });
        expect(r.body.msg).toBe('用户名或密码错误');
      }
      const fifth = await t.call({ method: 'POST', url: '/admin/login', payload: { username: name, password: 'bad5' } });
      expect(fifth.status).toBe(423);
      expect(fifth.body.msg).toBe('账号已被锁定，请10分钟后再试');
    }
    // Even the right password is refused while locked.
    const right = await t.call({ method: 'POST', url: '/admin/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(right.status).toBe(423);
    const audit = await t.ctx.db.selectFrom('sys_audit').select(['action', 'ok']).where('action', '=', '账号锁定').execute();
    expect(audit.length).toBe(2);
    await t.ctx.db.deleteFrom('sys_login_lock').execute();
  });
});

describe('sessions', () => {
  it('logout ends the session on the server', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    expect((await t.call({ method: 'GET', url: '/admin/logout', token })).body.code).toBe(0);
    const after = await t.call({ method: 'GET', url: '/api/system/user/selectUserInfo', token });
    expect(after.status).toBe(401);
  });

  it('an idle session expires', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    await t.ctx.db.updateTable('sys_session').set({ last_seen_at: Date.now() - 121 * 60_000 }).where('token_hash', '=', hashToken(token)).execute();
    expect((await t.call({ method: 'GET', url: '/api/system/user/selectUserInfo', token })).status).toBe(401);
  });

  it('refuses calls without a token and with a forged one', async () => {
    expect((await t.call({ method: 'GET', url: '/api/getServerAddr' })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/getServerAddr', token: 'forged-token-value' })).status).toBe(401);
  });
});

describe('files', () => {
  it('refuses paths that are not stored names before reading anything', async () => {
    for (const name of ['../../etc/passwd', '/etc/passwd', '..%2F..%2Fetc%2Fpasswd', 'a/b.png', '%2e%2e%2fx']) {
      const res = await t.call({ method: 'GET', url: `/common/download/resource?resource=${encodeURIComponent(name)}` });
      expect(res.status).toBe(400);
      const dl = await t.call({ method: 'GET', url: `/common/fileDownload?fileName=${encodeURIComponent(name)}`, token: t.adminToken });
      expect(dl.status).toBe(400);
    }
  });
});

describe('phone codes', () => {
  const phone = '13800138000';
  async function latestCode(p = phone) {
    const row = await t.ctx.db.selectFrom('sys_sms_outbox').select('content').where('phone', '=', p).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return /(\d{6})/.exec(row.content)![1];
  }

  beforeAll(async () => {
    const admin = await t.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('sys_user').set({ phone }).where('id', '=', admin.id).execute();
  });

  it('signs in with a code once; the code cannot be reused', async () => {
    expect((await t.call({ method: 'GET', url: `/ignore/sms/getPhoneCode?phone=${phone}` })).body.code).toBe(0);
    const code = await latestCode();
    const first = await t.call<{ token: string }>({ method: 'POST', url: '/ignore/admin/loginByPhone', payload: { phone, code } });
    expect(first.body.code).toBe(0);
    const again = await t.call({ method: 'POST', url: '/ignore/admin/loginByPhone', payload: { phone, code } });
    expect(again.status).toBe(400);
  });

  it('refuses a second send within 60 s', async () => {
    const res = await t.call({ method: 'GET', url: `/ignore/sms/sendSms?phone=${phone}&purpose=login` });
    expect(res.status).toBe(429);
    expect(res.body.msg).toMatch(/秒后再试/);
  });

  it('binds a code to its purpose and resets the password with a one-time ticket', async () => {
    await t.ctx.db.deleteFrom('sys_sms_code').execute();
    await t.call({ method: 'GET', url: `/ignore/sms/sendSms?phone=${phone}&purpose=resetPwd` });
    const code = await latestCode();
    // A reset code does not sign in.
    expect((await t.call({ method: 'POST', url: '/ignore/admin/loginByPhone', payload: { phone, code } })).status).toBe(400);
    const existing = await t.login('admin', ADMIN_PASSWORD);
    const valid = await t.call<{ ticket: string }>({ method: 'GET', url: `/ignore/sms/validPhoneCode?phone=${phone}&code=${code}` });
    expect(valid.body.code).toBe(0);
    const weak = await t.call({ method: 'GET', url: `/ignore/admin/resetPwd?phone=${phone}&ticket=${valid.body.data.ticket}&password=short` });
    expect(weak.status).toBe(400);
    const reset = await t.call({ method: 'GET', url: `/ignore/admin/resetPwd?phone=${phone}&ticket=${valid.body.data.ticket}&password=NewPass2026` });
    expect(reset.body.code).toBe(0);
    expect((await t.call({ method: 'GET', url: '/api/getServerAddr', token: existing })).status).toBe(401);
    await t.login('admin', 'NewPass2026');
    const replay = await t.call({ method: 'GET', url: `/ignore/admin/resetPwd?phone=${phone}&ticket=${valid.body.data.ticket}&password=Other2026x` });
    expect(replay.status).toBe(400);
  });

  it('expires codes after 5 minutes and gives up after 5 wrong tries', async () => {
    await t.ctx.db.deleteFrom('sys_sms_code').execute();
    await t.call({ method: 'GET', url: `/ignore/sms/getPhoneCode?phone=${phone}` });
    const code = await latestCode();
    for (let i = 0; i < 5; i++) {
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await t.call({ method: 'POST', url: '/ignore/admin/loginByPhone', payload: { phone, code: wrong } })).body.msg).toBe('验证码错误');
    }
    expect((await t.call({ method: 'POST', url: '/ignore/admin/loginByPhone', payload: { phone, code } })).body.msg).toBe('验证码已失效，请重新获取');
    await t.ctx.db.deleteFrom('sys_sms_code').execute();
    await t.call({ method: 'GET', url: `/ignore/sms/getPhoneCode?phone=${phone}` });
    const code2 = await latestCode();
    await t.ctx.db.updateTable('sys_sms_code').set({ expires_at: Date.now() - 1 }).execute();
    expect((await t.call({ method: 'POST', url: '/ignore/admin/loginByPhone', payload: { phone, code: code2 } })).body.msg).toBe('验证码已失效，请重新获取');
  });

  it('answers alike for an unknown phone but sends nothing', async () => {
    const res = await t.call({ method: 'GET', url: '/ignore/sms/getPhoneCode?phone=13900000000' });
    expect(res.body.code).toBe(0);
    const sent = await t.ctx.db.selectFrom('sys_sms_outbox').select('id').where('phone', '=', '13900000000').execute();
    expect(sent).toEqual([]);
  });

  it('enforces the per-phone daily limit', async () => {
    const p = '13700000000';
    await t.ctx.db.deleteFrom('sys_sms_code').execute();
    const day = Date.now() - 120_000;
    for (let i = 0; i < t.config.sms.perPhonePerDay; i++) {
      await t.ctx.db.insertInto('sys_sms_code').values({ phone: p, purpose: 'bindPhone', code_hash: 'x', created_at: day - i, expires_at: day, used_at: null, attempts: 0, ip: '10.0.0.9', ticket_hash: null }).execute();
    }
    const res = await t.call({ method: 'GET', url: `/ignore/sms/sendSms?phone=${p}&purpose=login` });
    expect(res.status).toBe(429);
    expect(res.body.msg).toBe('该手机号今日获取验证码次数已达上限');
  });
});
