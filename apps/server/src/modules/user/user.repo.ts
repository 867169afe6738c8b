import { sql, type Kysely } from 'kysely';
import { USER_SORT_COLUMNS, type UserRow } from '@pdz/contracts';
import type { Database } from '../../platform/db/schema';
import type { DialectName } from '../../platform/db/index';
import { bool, sortColumn } from '../../platform/http';
import { deptAndDescendants, type Principal } from '../../platform/auth/principal';
import { reachableOf } from '../dept/scope';
import { contains, nothing, sameText } from '../../platform/db/filters';

/** Filters of the user list and export (userQuery without paging). */
export interface UserFilter {
  userName?: string;
  phone?: string;
  deptId?: number | null;
  enabled?: boolean;
  orderBy?: string;
  order?: 'asc' | 'desc';
}

const SORTS: Record<(typeof USER_SORT_COLUMNS)[number], string> = {
  id: 'u.id',
  userName: 'u.user_name',
  createdAt: 'u.created_at',
  lastLoginAt: 'u.last_login_at',
};

/** Users the caller reaches (data scope) matching the filter; the one query behind list and export. */
export async function scopedUsers(db: Kysely<Database>, dialect: DialectName, p: Principal, f: UserFilter) {
  const reach = reachableOf(p);
  const belowDept = f.deptId ? await deptAndDescendants(db, f.deptId) : null;
  return db
    .selectFrom('sys_user as u')
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .$if(!reach.all, (q) =>
      q.where((eb) => (reach.deptIds.length ? eb.or([eb('u.id', '=', reach.selfId), eb('u.dept_id', 'in', reach.deptIds)]) : eb('u.id', '=', reach.selfId))),
    )
    .$if(!!f.userName, (q) => q.where((eb) => eb.or([contains(dialect, 'u.user_name', f.userName!), contains(dialect, 'u.nick_name', f.userName!)])))
    .$if(!!f.phone, (q) => q.where(contains(dialect, 'u.phone', f.phone!)))
    .$if(belowDept !== null, (q) => q.where((eb) => (belowDept!.length ? eb('u.dept_id', 'in', belowDept!) : nothing)))
    .$if(f.enabled !== undefined, (q) => q.where('u.enabled', '=', f.enabled ? 1 : 0));
}

const ROW_COLUMNS = [
  'u.id',
  'u.user_name',
  'u.nick_name',
  'u.dept_id',
  'd.dept_name',
  'u.phone',
  'u.email',
  'u.avatar',
  'u.remark',
  'u.enabled',
  'u.built_in',
  'u.created_at',
  'u.last_login_at',
  'u.last_login_ip',
] as const;

/** One page (or, with limit only, the whole filtered list for export) as UserRow. */
export async function listUsers(
  db: Kysely<Database>,
  dialect: DialectName,
  p: Principal,
  f: UserFilter,
  window: { offset: number; limit: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const base = await scopedUsers(db, dialect, p, f);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const column = sortColumn(f.orderBy, SORTS, 'u.id');
  const rows = await base
    .select([...ROW_COLUMNS])
    .orderBy(sql.ref(column), f.order ?? 'asc')
    .$if(column !== 'u.id', (q) => q.orderBy('u.id'))
    .offset(window.offset)
    .limit(window.limit)
    .execute();
  return { rows: await withRoles(db, rows), total: Number(count.n) };
}

type RawUser = {
  id: number;
  user_name: string;
  nick_name: string | null;
  dept_id: number | null;
  dept_name: string | null;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  remark: string | null;
  enabled: number;
  built_in: number;
  created_at: number;
  last_login_at: number | null;
  last_login_ip: string | null;
};

async function withRoles(db: Kysely<Database>, rows: RawUser[]): Promise<UserRow[]> {
  const roles = await rolesOfUsers(db, rows.map((r) => r.id));
  return rows.map((u) => ({
    id: u.id,
    userName: u.user_name,
    nickName: u.nick_name,
    deptId: u.dept_id,
    deptName: u.dept_name,
    phone: u.phone,
    email: u.email,
    avatar: u.avatar,
    remark: u.remark,
    enabled: bool(u.enabled),
    builtIn: bool(u.built_in),
    roleIds: (roles.get(u.id) ?? []).map((r) => r.id),
    roleNames: (roles.get(u.id) ?? []).map((r) => r.roleName),
    createdAt: Number(u.created_at),
    lastLoginAt: u.last_login_at === null ? null : Number(u.last_login_at),
    lastLoginIp: u.last_login_ip,
  }));
}

export async function rolesOfUsers(db: Kysely<Database>, userIds: number[]) {
  const out = new Map<number, { id: number; roleName: string; roleKey: string }[]>();
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', 'r.id', 'r.role_name', 'r.role_key'])
    .where('ur.user_id', 'in', userIds)
    .orderBy('r.order_num')
    .orderBy('r.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.user_id) ?? [];
    list.push({ id: r.id, roleName: r.role_name, roleKey: r.role_key });
    out.set(r.user_id, list);
  }
  return out;
}

/** One user as UserRow, without any scope check (callers check scope first). */
export async function userRowById(db: Kysely<Database>, id: number): Promise<UserRow | null> {
  const row = await db
    .selectFrom('sys_user as u')
    .leftJoin('sys_dept as d', 'd.id', 'u.dept_id')
    .select([...ROW_COLUMNS])
    .where('u.id', '=', id)
    .executeTakeFirst();
  return row ? (await withRoles(db, [row]))[0] : null;
}

/** The fields the rules need about a target user. */
export async function userCore(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('sys_user')
    .select(['id', 'user_name', 'dept_id', 'phone', 'enabled', 'built_in', 'password_hash'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function userNameTaken(db: Kysely<Database>, userName: string): Promise<boolean> {
  return !!(await db.selectFrom('sys_user').select('id').where(sameText('user_name', userName)).executeTakeFirst());
}

/** Phones are unique among users: phone sign-in and password reset find the user by phone. */
export async function phoneTaken(db: Kysely<Database>, phone: string, exceptUserId?: number): Promise<boolean> {
  let q = db.selectFrom('sys_user').select('id').where('phone', '=', phone);
  if (exceptUserId) q = q.where('id', '!=', exceptUserId);
  return !!(await q.executeTakeFirst());
}

export async function roleIdsOf(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.role_id).sort((a, b) => a - b);
}
