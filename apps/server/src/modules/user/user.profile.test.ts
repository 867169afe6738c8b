import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileImageResult, UserInfo } from '@pdz/contracts';
import { ADMIN_PASSWORD, type TestApp } from '../../../test/harness';
import { addUser, auditRows, multipart, PW, startSystemApp, TINY_PNG } from './testkit';

let t: TestApp;
let token: string;
let id: number;
beforeAll(async () => {
  t = await startSystemApp();
  id = await addUser(t, { userName: 'wangwu', phone: '13600000001' });
  await addUser(t, { userName: 'zhaoliu', phone: '13600000002' });
  token = await t.login('wangwu', PW);
});
afterAll(async () => t?.close());

const info = async (tk = token) => (await t.call<UserInfo>({ method: 'GET', url: '/api/system/user/selectUserInfo', token: tk })).body.data;

describe('profile', () => {
  it('returns the signed-in user with role names and creation time, never the password hash', async () => {
    const token = await t.login('admin', ADMIN_PASSWORD);
    const res = await t.call<{ userName: string; roleNames: string[]; createdAt: number }>({ method: 'GET', url: '/api/system/user/profile', token });
    expect(res.body.data.userName).toBe('admin');
    expect(res.body.data.roleNames).toEqual(['超级管理员']);
    expect(res.body.data.createdAt).toBeGreaterThan(0);
    expect(JSON.stringify(res.body.data)).not.toMatch(/password|argon2/i);
    expect((await t.call({ method: 'GET', url: '/api/system/user/profile' })).status).toBe(401);
  });

  it('edits the signed-in user\'s own name, phone, e-mail and title', async () => {
    const res = await t.call({ method: 'POST', url: '/api/system/user/profile/edit', token, payload: { nickName: '王五', phone: '13600000009', email: 'ww@example.com', remark: '华东配电监控' } });
    expect(res.body.code).toBe(0);
    expect((await info()).user).toMatchObject({ id, nickName: '王五', phone: '13600000009', email: 'ww@example.com', remark: '华东配电监控' });
    expect((await auditRows(t, 'user', '修改个人资料'))[0]).toMatchObject({ target: 'wangwu', ok: 1 });
  });

  it('refuses another user\'s phone and invalid fields, changing nothing', async () => {
    const clash = await t.call({ method: 'POST', url: '/api/system/user/profile/edit', token, payload: { phone: '13600000002' } });
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toBe('手机号码“13600000002”已存在');
    const bad = await t.call({ method: 'POST', url: '/api/system/user/profile/edit', token, payload: { email: 'x@' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请输入正确的邮箱');
    expect((await info()).user).toMatchObject({ phone: '13600000009', email: 'ww@example.com' });
  });
});

describe('change password', () => {
  it('checks the old password and ends the user\'s other sessions only', async () => {
    const other = await t.login('wangwu', PW);
    const wrong = await t.call({ method: 'POST', url: '/api/system/user/profile/changePassword', token, payload: { oldPassword: 'nope', newPassword: 'Changed2026' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('旧密码不正确');
    expect((await auditRows(t, 'user', '修改密码'))[0]).toMatchObject({ ok: 0 });
    const weak = await t.call({ method: 'POST', url: '/api/system/user/profile/changePassword', token, payload: { oldPassword: PW, newPassword: 'short' } });
    expect(weak.body.msg).toBe('密码长度不能少于8位');
    const same = await t.call({ method: 'POST', url: '/api/system/user/profile/changePassword', token, payload: { oldPassword: PW, newPassword: PW } });
    expect(same.body.msg).toBe('新密码不能与旧密码相同');
    const res = await t.call({ method: 'POST', url: '/api/system/user/profile/changePassword', token, payload: { oldPassword: PW, newPassword: 'Changed2026' } });
    expect(res.body.code).toBe(0);
    expect((await t.call({ method: 'GET', url: '/api/system/user/selectUserInfo', token: other })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/system/user/selectUserInfo', token })).status).toBe(200);
    await expect(t.login('wangwu', PW)).rejects.toThrow();
    await t.login('wangwu', 'Changed2026');
    expect((await auditRows(t, 'user', '修改密码'))[0]).toMatchObject({ target: 'wangwu', ok: 1 });
  });
});

describe('avatar and logos', () => {
  const upload = (field: string, data: Buffer, name = 'a.png', type = 'image/png', tk = token) =>
    t.call<ProfileImageResult>({ method: 'POST', url: `/api/system/user/profile/${field}`, token: tk, ...multipart(data, name, type) });

  it('stores a PNG avatar, sets it on the user and serves it back', async () => {
    const res = await upload('avatar', TINY_PNG);
    expect(res.body.code).toBe(0);
    const name = res.body.data.avatar!;
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect((await info()).user.avatar).toBe(name);
    const file = await t.ctx.db.selectFrom('sys_file').selectAll().where('stored_name', '=', name).executeTakeFirstOrThrow();
    expect(file).toMatchObject({ kind: 'avatar', mime: 'image/png', size: TINY_PNG.length, created_by: id });
    const img = await t.app.inject({ method: 'GET', url: `/common/download/resource?resource=${name}` });
    expect(img.statusCode).toBe(200);
    expect(img.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await auditRows(t, 'user', '上传头像'))[0]).toMatchObject({ ok: 1 });
  });

  it('judges the type by content: a script named .png is refused, a JPEG named .txt is accepted', async () => {
    const fake = await upload('avatar', Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png');
    expect(fake.status).toBe(400);
    expect(fake.body.msg).toBe('只能上传 PNG、JPEG、GIF 或 WEBP 格式的图片');
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const res = await upload('avatar', jpeg, 'photo.txt', 'text/plain');
    expect(res.body.data.avatar).toMatch(/\.jpg$/);
    const gif = await upload('logo', Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32)]), 'logo.gif', 'image/gif');
    expect(gif.body.data.logo).toMatch(/\.gif$/);
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 '), Buffer.alloc(32)]);
    const min = await upload('minLogo', webp, 'm.webp', 'image/webp');
    expect(min.body.data.minLogo).toMatch(/\.webp$/);
    const user = (await info()).user;
    expect(user.logo).toBe(gif.body.data.logo);
    expect(user.minLogo).toBe(min.body.data.minLogo);
  });

  it('refuses images over 2 MB and requests without a file', async () => {
    const before = (await info()).user.avatar;
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload('avatar', big);
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('图片大小不能超过2MB');
    const json = await t.call({ method: 'POST', url: '/api/system/user/profile/avatar', token, payload: { avatar: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.msg).toBe('请选择要上传的图片');
    expect((await info()).user.avatar).toBe(before);
  });
});
