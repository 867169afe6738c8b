import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../test/harness';
import { createLimitedUser, type LimitedUser } from '../../../test/limited-user';
import { createMessage } from '../message/message.service';
import { hashToken } from '../../platform/auth/tokens';

let t: TestApp;
let branchUser: LimitedUser;
let selfUser: LimitedUser;
let auditor: LimitedUser;
let branchId: number;
const DAY = 86_400_000;
const SHIFT = 8 * 3_600_000;
/** Start of today in China time, as epoch ms. */
const todayStart = () => Math.floor((Date.now() + SHIFT) / DAY) * DAY - SHIFT;
const label = (ms: number) => new Date(ms + SHIFT).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  const now = Date.now();
  const root = await t.ctx.db.selectFrom('sys_dept').select('id').where('parent_id', '=', 0).executeTakeFirstOrThrow();
  branchId = (
    await t.ctx.db
      .insertInto('sys_dept')
      .values({ parent_id: root.id, ancestors: `0,${root.id}`, dept_name: '一分公司', order_num: 1, leader: null, phone: null, email: null, enabled: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  branchUser = await createLimitedUser(t, { deptId: branchId, dataScope: 'dept' });
  await createLimitedUser(t, { deptId: branchId, enabled: false });
  selfUser = await createLimitedUser(t, { dataScope: 'self' });
  auditor = await createLimitedUser(t, { perms: ['system:audit:list'], deptId: branchId, dataScope: 'dept' });

  // Sign-in records with known days: 3 successes and 2 failures today, 1 yesterday, 1 too old.
  await t.ctx.db.deleteFrom('sys_audit').where('category', '=', 'auth').execute();
  const start = todayStart();
  const signIn = (ts: number, ok: number) => ({ ts, user_id: null, user_name: 'x', category: 'auth', action: '登录', target: 'x', detail: null, ip: null, ok });
  await t.ctx.db
    .insertInto('sys_audit')
    .values([
      signIn(start + 1, 1),
      signIn(start + 2, 1),
      signIn(Math.min(start + 3_600_000, Date.now()), 1),
      signIn(start + 4, 0),
      signIn(start + 5, 0),
      signIn(start - 1, 1),
      signIn(start - 8 * DAY, 1),
      { ...signIn(start + 6, 1), action: '退出登录' },
      ...[1, 2, 3, 4, 5].map((i) => ({ ...signIn(Date.now() + i, 1), category: 'dict', action: `操作${i}` })),
    ])
    .execute();
  const admin = await t.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
  await createMessage(t.ctx, { type: 'notice', level: 4, title: 'a', content: 'a' }, [admin.id]);
  await createMessage(t.ctx, { type: 'alarm', level: 1, title: 'b', content: 'b' }, [admin.id, branchUser.id]);
});
afterAll(async () => t?.close());

const summary = (token: string | null) => t.call<DashboardSummary>({ method: 'GET', url: '/api/dashboard/summary', token });

describe('dashboard summary', () => {
  it('gives the administrator every figure', async () => {
    const res = await summary(t.adminToken);
    expect(res.status).toBe(200);
    const s = res.body.data;
    const count = async (table: 'sys_user' | 'sys_role' | 'sys_dept') => (await t.ctx.db.selectFrom(table).select('id').execute()).length;
    // admin and the four test users, one of them disabled (seeds may add roles and departments).
    expect(s.users).toEqual({ total: 5, enabled: 4 });
    expect(s.roles).toBe(await count('sys_role'));
    expect(s.roles).toBeGreaterThanOrEqual(5);
    expect(s.depts).toBe(await count('sys_dept'));
    expect(s.signInsToday).toBe(3);
    expect(s.signInFailuresToday).toBe(2);
    expect(s.activeSessions).toBe(4);
    expect(s.unconfirmedMessages).toBe(2);
    expect(s.signInsByDay).toHaveLength(7);
    expect(s.signInsByDay.at(-1)).toEqual({ day: label(Date.now()), ok: 3, failed: 2 });
    expect(s.signInsByDay.at(-2)).toEqual({ day: label(Date.now() - DAY), ok: 1, failed: 0 });
    expect(s.signInsByDay[0].day).toBe(label(Date.now() - 6 * DAY));
    expect(s.signInsByDay.reduce((n, d) => n + d.ok + d.failed, 0)).toBe(6);
    expect(s.recentAudit.length).toBe(10);
    expect(s.recentAudit.slice(0, 5).map((a) => a.action)).toEqual(['操作5', '操作4', '操作3', '操作2', '操作1']);
  });

  it('counts users and departments within the caller’s data scope', async () => {
    const s = (await summary(branchUser.token)).body.data;
    // branchUser, the disabled colleague and the auditor are in 一分公司.
    expect(s.users).toEqual({ total: 3, enabled: 2 });
    expect(s.depts).toBe(1);
    expect(s.activeSessions).toBe(2);
    expect(s.unconfirmedMessages).toBe(1);
    const self = (await summary(selfUser.token)).body.data;
    expect(self.users).toEqual({ total: 1, enabled: 1 });
    expect(self.activeSessions).toBe(1);
    expect(self.unconfirmedMessages).toBe(0);
  });

  it('shows recent audit only to holders of system:audit:list', async () => {
    expect((await summary(branchUser.token)).body.data.recentAudit).toEqual([]);
    const s = (await summary(auditor.token)).body.data;
    expect(s.recentAudit.length).toBe(10);
    expect(s.recentAudit[0]).toMatchObject({ action: '操作5', category: 'dict', ok: true });
  });

  it('leaves out ended sessions', async () => {
    await t.ctx.db.updateTable('sys_session').set({ expires_at: Date.now() - 1 }).where('token_hash', '=', hashToken(selfUser.token)).execute();
    expect((await summary(t.adminToken)).body.data.activeSessions).toBe(3);
  });

  it('refuses callers without a token', async () => {
    expect((await summary(null)).status).toBe(401);
  });
});
