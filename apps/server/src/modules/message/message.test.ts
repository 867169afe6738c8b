import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmCount, MessageRow, NoticeResult, Page } from '@pdz/contracts';
import { startTestApp, type TestApp } from '../../../test/harness';
import { createLimitedUser, type LimitedUser } from '../../../test/limited-user';
import { createMessage } from './message.service';

let t: TestApp;
let alice: LimitedUser;
let bob: LimitedUser;
const ids: Record<string, number> = {};
const changed: number[] = [];

beforeAll(async () => {
  t = await startTestApp();
  alice = await createLimitedUser(t, { userName: 'alice' });
  bob = await createLimitedUser(t, { userName: 'bob' });
  t.ctx.bus.on('message.changed', (e) => changed.push(e.userId));
  ids.notice = await createMessage(t.ctx, { type: 'notice', level: 4, title: '停电检修通知', content: '本周六 8:00–12:00 1号配电房停电检修' }, [alice.id, bob.id]);
  ids.security = await createMessage(t.ctx, { type: 'security', level: 2, title: '账号已锁定', content: '账号 x 被锁定' }, [alice.id]);
  ids.alarm1 = await createMessage(t.ctx, { type: 'alarm', level: 1, title: '变压器超温', content: '1号变压器油温 95℃' }, [alice.id]);
  ids.alarm2 = await createMessage(t.ctx, { type: 'alarm', level: 2, title: '柜门打开', content: '2号柜门打开' }, [alice.id]);
  ids.bobOnly = await createMessage(t.ctx, { type: 'notice', level: 4, title: '仅 bob', content: '私有' }, [bob.id]);
});
afterAll(async () => t?.close());

const mail = <T>(path: string, token: string | null = alice.token) => t.call<T>({ method: 'GET', url: `/api/pdfznjkpt/mail/${path}`, token });
const state = (messageId: number, userId: number) =>
  t.ctx.db.selectFrom('sys_message_user').select(['read_at', 'confirmed_at', 'confirm_note']).where('message_id', '=', messageId).where('user_id', '=', userId).executeTakeFirstOrThrow();

describe('own messages', () => {
  it('lists only the caller’s messages, newest first, with filters', async () => {
    const res = await mail<Page<MessageRow>>('pageList');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(4);
    expect(res.body.data.list.map((m) => m.id)).toEqual([ids.alarm2, ids.alarm1, ids.security, ids.notice]);
    expect(res.body.data.list[3]).toMatchObject({ type: 'notice', level: 4, title: '停电检修通知', readAt: null, confirmedAt: null, confirmedBy: null, confirmNote: null });
    expect((await mail<Page<MessageRow>>('pageList?type=alarm')).body.data.total).toBe(2);
    expect((await mail<Page<MessageRow>>(`pageList?keyword=${encodeURIComponent('配电房')}`)).body.data.list.map((m) => m.id)).toEqual([ids.notice]);
    expect((await mail<Page<MessageRow>>(`pageList?keyword=${encodeURIComponent('柜门')}`)).body.data.list.map((m) => m.id)).toEqual([ids.alarm2]);
    expect((await mail<Page<MessageRow>>('pageList', bob.token)).body.data.list.map((m) => m.id)).toEqual([ids.bobOnly, ids.notice]);
    const bad = await mail('pageList?type=spam');
    expect(bad.status).toBe(400);
  });

  it('getById marks read, once, and tells the realtime side', async () => {
    changed.length = 0;
    const res = await mail<MessageRow>(`getById/${ids.notice}`);
    expect(res.body.data.readAt).toBeGreaterThan(0);
    expect((await state(ids.notice, alice.id)).read_at).toBe(res.body.data.readAt);
    // bob's copy of the same notice stays unread.
    expect((await state(ids.notice, bob.id)).read_at).toBeNull();
    expect(changed).toEqual([alice.id]);
    await mail(`getById/${ids.notice}`);
    expect(changed).toEqual([alice.id]);
    expect((await mail<Page<MessageRow>>('pageList?read=true')).body.data.list.map((m) => m.id)).toEqual([ids.notice]);
    expect((await mail<Page<MessageRow>>('pageList?read=false')).body.data.total).toBe(3);
  });

  it('does not show another user’s message', async () => {
    const res = await mail(`getById/${ids.bobOnly}`);
    expect([res.status, res.body.msg]).toEqual([404, '消息不存在或无权访问']);
    const confirm = await mail(`confirm?id=${ids.bobOnly}&note=ok`);
    expect(confirm.status).toBe(404);
    expect((await state(ids.bobOnly, bob.id)).confirmed_at).toBeNull();
  });

  it('counts unconfirmed messages and alarms', async () => {
    expect((await mail<number>('noConfirmCount')).body.data).toBe(4);
    expect((await mail<number>('noConfirmCount', bob.token)).body.data).toBe(2);
    const alarms = await mail<AlarmCount>('alarmCount');
    expect(alarms.body.data).toEqual({ total: 2, unconfirmed: 2, byLevel: { 1: 1, 2: 1, 3: 0, 4: 0 } });
    expect((await mail<AlarmCount>('alarmCount', bob.token)).body.data).toEqual({ total: 0, unconfirmed: 0, byLevel: { 1: 0, 2: 0, 3: 0, 4: 0 } });
  });

  it('confirms with a note, once; the counts follow', async () => {
    const noNote = await mail(`confirm?id=${ids.alarm1}`);
    expect([noNote.status, noNote.body.msg]).toEqual([400, '请输入确认说明']);
    const blank = await mail(`confirm?id=${ids.alarm1}&note=%20%20`);
    expect([blank.status, blank.body.msg]).toEqual([400, '请输入确认说明']);
    expect((await state(ids.alarm1, alice.id)).confirmed_at).toBeNull();

    changed.length = 0;
    const res = await mail<MessageRow>(`confirm?id=${ids.alarm1}&note=${encodeURIComponent('已派人现场处理')}`);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ id: ids.alarm1, confirmNote: '已派人现场处理', confirmedBy: 'alice' });
    expect(res.body.data.readAt).toBe(res.body.data.confirmedAt);
    expect(changed).toEqual([alice.id]);
    const twice = await mail(`confirm?id=${ids.alarm1}&note=again`);
    expect([twice.status, twice.body.msg]).toEqual([409, '该消息已确认，请勿重复确认']);
    expect((await state(ids.alarm1, alice.id)).confirm_note).toBe('已派人现场处理');

    expect((await mail<number>('noConfirmCount')).body.data).toBe(3);
    expect((await mail<AlarmCount>('alarmCount')).body.data).toEqual({ total: 2, unconfirmed: 1, byLevel: { 1: 0, 2: 1, 3: 0, 4: 0 } });
    expect((await mail<Page<MessageRow>>('pageList?confirmed=true')).body.data.list.map((m) => m.id)).toEqual([ids.alarm1]);
    const audit = await t.ctx.db.selectFrom('sys_audit').selectAll().where('action', '=', '确认消息').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ category: 'message', user_name: 'alice', target: `变压器超温(${ids.alarm1})`, detail: '已派人现场处理' });
  });

  it('readAll marks the rest read', async () => {
    changed.length = 0;
    const res = await t.call<number>({ method: 'POST', url: '/api/pdfznjkpt/mail/readAll', token: alice.token });
    expect(res.body.data).toBe(2);
    expect((await mail<Page<MessageRow>>('pageList?read=false')).body.data.total).toBe(0);
    expect(changed).toEqual([alice.id]);
    expect((await t.call<number>({ method: 'POST', url: '/api/pdfznjkpt/mail/readAll', token: alice.token })).body.data).toBe(0);
    // Reading is not confirming.
    expect((await mail<number>('noConfirmCount')).body.data).toBe(3);
  });

  it('refuses callers without a token', async () => {
    for (const path of ['pageList', `getById/${ids.notice}`, `confirm?id=${ids.notice}&note=x`, 'noConfirmCount', 'alarmCount']) {
      expect((await mail(path, null)).status).toBe(401);
    }
    expect((await t.call({ method: 'POST', url: '/api/pdfznjkpt/mail/readAll' })).status).toBe(401);
  });
});

describe('notices', () => {
  const notice = (payload: object, token = t.adminToken) => t.call<NoticeResult>({ method: 'POST', url: '/api/system/notice/add', payload, token });
  const messageCount = async () => Number((await t.ctx.db.selectFrom('sys_message').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('goes to every enabled user when nobody is chosen', async () => {
    const disabled = await createLimitedUser(t, { enabled: false });
    const created: number[][] = [];
    t.ctx.bus.on('message.created', (e) => created.push(e.userIds));
    const res = await notice({ title: '系统升级', content: '今晚 22:00 升级，预计 30 分钟', level: 3 });
    expect(res.body.code).toBe(0);
    const enabled = await t.ctx.db.selectFrom('sys_user').select('id').where('enabled', '=', 1).execute();
    expect(res.body.data.recipients).toBe(enabled.length);
    const rows = await t.ctx.db.selectFrom('sys_message_user').select('user_id').where('message_id', '=', res.body.data.id).execute();
    expect(rows.map((r) => r.user_id).sort()).toEqual(enabled.map((u) => u.id).sort());
    expect(rows.some((r) => r.user_id === disabled.id)).toBe(false);
    expect(created.at(-1)!.length).toBe(enabled.length);
    const seen = await mail<Page<MessageRow>>('pageList?type=notice', bob.token);
    expect(seen.body.data.list[0]).toMatchObject({ title: '系统升级', level: 3 });
    const audit = await t.ctx.db.selectFrom('sys_audit').selectAll().where('action', '=', '发布通知').executeTakeFirstOrThrow();
    expect(audit.user_name).toBe('admin');
  });

  it('goes only to the chosen users', async () => {
    const res = await notice({ title: '给 bob', content: '请查收', userIds: [bob.id, bob.id] });
    expect(res.body.data.recipients).toBe(1);
    expect((await mail<Page<MessageRow>>(`pageList?keyword=${encodeURIComponent('请查收')}`)).body.data.total).toBe(0);
    expect((await mail<Page<MessageRow>>(`pageList?keyword=${encodeURIComponent('请查收')}`, bob.token)).body.data.total).toBe(1);
  });

  it('refuses an invalid notice and stores nothing', async () => {
    const disabled = await createLimitedUser(t, { enabled: false });
    const before = await messageCount();
    const cases: [object, string][] = [
      [{ content: 'x' }, '请输入标题'],
      [{ title: 'x' }, '请输入内容'],
      [{ title: 'x', content: 'y', level: 9 }, '级别不能大于4'],
      [{ title: 'x', content: 'y', userIds: [disabled.id] }, '接收人不存在、已停用或不在您的数据范围内'],
      [{ title: 'x', content: 'y', userIds: [bob.id, 99999] }, '接收人不存在、已停用或不在您的数据范围内'],
    ];
    for (const [payload, msg] of cases) {
      const res = await notice(payload);
      expect([res.status, res.body.msg]).toEqual([400, msg]);
    }
    expect(await messageCount()).toBe(before);
  });

  it('stays within the publisher’s data scope', async () => {
    const selfOnly = await createLimitedUser(t, { perms: ['system:notice:add'], dataScope: 'self' });
    const res = await notice({ title: '自己', content: '只到自己' }, selfOnly.token);
    expect(res.body.data.recipients).toBe(1);
    const out = await notice({ title: '越权', content: 'x', userIds: [bob.id] }, selfOnly.token);
    expect(out.status).toBe(400);
  });

  it('refuses 401 without a token and 403 without the permission', async () => {
    const before = await messageCount();
    expect((await t.call({ method: 'POST', url: '/api/system/notice/add', payload: { title: 'x', content: 'y' } })).status).toBe(401);
    expect((await notice({ title: 'x', content: 'y' }, alice.token)).status).toBe(403);
    expect(await messageCount()).toBe(before);
  });
});
