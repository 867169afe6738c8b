import { startTestApp, type TestApp } from '../../../test/harness';

/** Helpers for the user, role and department API tests: everything goes through HTTP. */

export const PW = 'Passw0rd2026';

/** The suites sign in many test users; the login rate limit is not what they test. */
export function startSystemApp(): Promise<TestApp> {
  return startTestApp({ rateLimit: { loginPerMinute: 10_000, smsPerMinute: 10 } });
}

/** Menu ids that carry exactly these permission codes (pages and buttons alike). */
export async function menusWith(t: TestApp, perms: string[]): Promise<number[]> {
  const rows = await t.ctx.db.selectFrom('sys_menu').select('id').where('perms', 'in', perms).execute();
  return rows.map((r) => r.id);
}

export async function expectOk<T>(res: Promise<{ status: number; body: { code: number; msg: string; data: T } }>): Promise<T> {
  const r = await res;
  if (r.status !== 200 || r.body.code !== 0) throw new Error(`expected success, got ${r.status} ${r.body.msg}`);
  return r.body.data;
}

export async function addDept(t: TestApp, name: string, parentId: number, token = t.adminToken): Promise<number> {
  const data = await expectOk(t.call<{ id: number }>({ method: 'POST', url: '/api/system/dept/add', token, payload: { deptName: name, parentId } }));
  return data.id;
}

export async function addRole(
  t: TestApp,
  role: { roleKey: string; perms: string[]; dataScope?: string; deptIds?: number[]; roleName?: string },
  token = t.adminToken,
): Promise<number> {
  const payload = {
    roleName: role.roleName ?? role.roleKey,
    roleKey: role.roleKey,
    dataScope: role.dataScope ?? 'all',
    deptIds: role.deptIds ?? [],
    menuIds: await menusWith(t, role.perms),
  };
  const data = await expectOk(t.call<{ id: number }>({ method: 'POST', url: '/api/system/role/add', token, payload }));
  return data.id;
}

export async function addUser(
  t: TestApp,
  user: { userName: string; deptId?: number | null; roleIds?: number[]; phone?: string },
  token = t.adminToken,
): Promise<number> {
  const payload = { password: PW, deptId: null, roleIds: [], ...user };
  const data = await expectOk(t.call<{ id: number }>({ method: 'POST', url: '/api/system/user/add', token, payload }));
  return data.id;
}

/** A role with these permissions, a user holding it, and that user's token. */
export async function userWith(
  t: TestApp,
  name: string,
  perms: string[],
  opts: { dataScope?: string; deptId?: number | null; deptIds?: number[] } = {},
): Promise<{ id: number; roleId: number; token: string }> {
  const roleId = await addRole(t, { roleKey: `r_${name}`, perms, dataScope: opts.dataScope, deptIds: opts.deptIds });
  const id = await addUser(t, { userName: name, deptId: opts.deptId ?? null, roleIds: [roleId] });
  return { id, roleId, token: await t.login(name, PW) };
}

export async function rootDeptId(t: TestApp): Promise<number> {
  const row = await t.ctx.db.selectFrom('sys_dept').select('id').where('parent_id', '=', 0).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function adminId(t: TestApp): Promise<number> {
  const row = await t.ctx.db.selectFrom('sys_user').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
  return row.id;
}

export async function superRoleId(t: TestApp): Promise<number> {
  const row = await t.ctx.db.selectFrom('sys_role').select('id').where('role_key', '=', 'admin').executeTakeFirstOrThrow();
  return row.id;
}

/** Latest audit rows of a category, newest first. */
export async function auditRows(t: TestApp, category: string, action?: string) {
  let q = t.ctx.db.selectFrom('sys_audit').selectAll().where('category', '=', category);
  if (action) q = q.where('action', '=', action);
  return q.orderBy('id', 'desc').execute();
}

export async function count(t: TestApp, table: 'sys_user' | 'sys_role' | 'sys_dept'): Promise<number> {
  const row = await t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A multipart/form-data body with one file part, as a browser upload sends it. */
export function multipart(data: Buffer, filename: string, contentType: string, field = 'file') {
  const boundary = `----pdz${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The smallest valid PNG (1×1), for upload tests. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
