import { hashPassword } from '../../apps/server/src/platform/auth/passwords';
import { benchApp, BENCH_PASSWORD, report, time } from './harness';

/**
 * What sign-in and the per-call session check cost. Baselines measured in the same run:
 * one argon2id hash at the configured cost, and a public call that skips the session.
 */
export async function benchAuth() {
  const b = await benchApp();
  const { app, ctx } = b;
  try {
    const login = () => app.inject({ method: 'POST', url: '/admin/login', payload: { username: 'admin', password: BENCH_PASSWORD } });
    const token = (await login()).json().data.token as string;
    const headers = { authorization: `Bearer ${token}` };

    const hash = await time('argon2id hash (baseline)', 30, () => hashPassword('x-' + Math.random(), ctx.config.passwordHash));
    const signIn = await time('POST /admin/login', 30, login);
    report('Sign-in cost vs one password hash', hash, [signIn]);

    const open = await time('public call, refused by validation (baseline)', 2000, () => app.inject({ method: 'GET', url: '/ignore/sms/sendSms' }));
    const info = await time('GET /api/getServerAddr (session + grants)', 2000, () => app.inject({ method: 'GET', url: '/api/getServerAddr', headers }));
    const userInfo = await time('GET /api/system/user/selectUserInfo', 2000, () => app.inject({ method: 'GET', url: '/api/system/user/selectUserInfo', headers }));
    report('Authenticated call overhead', open, [info, userInfo]);
  } finally {
    await b.dispose();
  }
}
