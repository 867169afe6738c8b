import type { Kysely } from 'kysely';
import { SUPER_PERM, SUPER_ROLE_KEY, type DataScope } from '@pdz/contracts';
import type { Database } from '../db/schema';

/** Who is calling, with everything the permission and data-scope checks need. */
export interface Principal {
  userId: number;
  userName: string;
  deptId: number | null;
  roles: string[];
  roleIds: number[];
  perms: Set<string>;
  isSuper: boolean;
  /** null: every department. Otherwise the departments whose records this user may see. */
  scopeDeptIds: number[] | null;
  /** True when some role limits the user to their own records only. */
  scopeSelfOnly: boolean;
  tokenHash: string;
  module: string | null;
}

type Grants = Omit<Principal, 'tokenHash' | 'module'>;

const CACHE_MS = 5_000;
const cache = new Map<number, { at: number; grants: Grants | null }>();

/** Called after any change to users, roles, menus or departments. */
export function invalidateGrants(userId?: number) {
  if (userId === undefined) cache.clear();
  else cache.delete(userId);
}

/** Loads a user's roles, permission codes and data scope; null if the user is missing or disabled. */
export async function loadGrants(db: Kysely<Database>, userId: number): Promise<Grants | null> {
  const hit = cache.get(userId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.grants;
  const grants = await readGrants(db, userId);
  cache.set(userId, { at: Date.now(), grants });
  return grants;
}

async function readGrants(db: Kysely<Database>, userId: number): Promise<Grants | null> {
  const user = await db.selectFrom('sys_user').select(['id', 'user_name', 'dept_id', 'enabled']).where('id', '=', userId).executeTakeFirst();
  if (!user || !user.enabled) return null;
  const roles = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.role_key', 'r.data_scope'])
    .where('ur.user_id', '=', userId)
    .where('r.enabled', '=', 1)
    .execute();
  const roleIds = roles.map((r) => r.id);
  const isSuper = roles.some((r) => r.role_key === SUPER_ROLE_KEY);
  const perms = new Set<string>();
  if (isSuper) perms.add(SUPER_PERM);
  else if (roleIds.length) {
    const rows = await db
      .selectFrom('sys_role_menu as rm')
      .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
      .select('m.perms')
      .where('rm.role_id', 'in', roleIds)
      .where('m.enabled', '=', 1)
      .where('m.perms', 'is not', null)
      .execute();
    for (const r of rows) for (const p of (r.perms ?? '').split(',')) if (p.trim()) perms.add(p.trim());
  }
  const scope = await resolveScope(db, user.dept_id, roles as { id: number; data_scope: DataScope }[], isSuper);
  return {
    userId: user.id,
    userName: user.user_name,
    deptId: user.dept_id,
    roles: roles.map((r) => r.role_key),
    roleIds,
    perms,
    isSuper,
    ...scope,
  };
}

async function resolveScope(
  db: Kysely<Database>,
  deptId: number | null,
  roles: { id: number; data_scope: DataScope }[],
  isSuper: boolean,
): Promise<{ scopeDeptIds: number[] | null; scopeSelfOnly: boolean }> {
  if (isSuper || roles.some((r) => r.data_scope === 'all')) return { scopeDeptIds: null, scopeSelfOnly: false };
  const ids = new Set<number>();
  for (const role of roles) {
    if (role.data_scope === 'dept' && deptId) ids.add(deptId);
    if (role.data_scope === 'deptAndBelow' && deptId) for (const d of await deptAndDescendants(db, deptId)) ids.add(d);
    if (role.data_scope === 'custom') {
      const rows = await db.selectFrom('sys_role_dept').select('dept_id').where('role_id', '=', role.id).execute();
      for (const r of rows) ids.add(r.dept_id);
    }
  }
  return { scopeDeptIds: [...ids], scopeSelfOnly: ids.size === 0 };
}

/** A department and every department below it (ancestors column holds the path "0,1,4"). */
export async function deptAndDescendants(db: Kysely<Database>, deptId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('sys_dept')
    .select('id')
    .where((eb) =>
      eb.or([eb('id', '=', deptId), eb('ancestors', 'like', `%,${deptId}`), eb('ancestors', 'like', `%,${deptId},%`)]),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Any-of check (spec §6); the super permission passes everything. */
export function hasAnyPerm(p: Pick<Principal, 'perms' | 'isSuper'>, required: string | string[]): boolean {
  if (p.isSuper || p.perms.has(SUPER_PERM)) return true;
  const list = Array.isArray(required) ? required : [required];
  return list.some((code) => p.perms.has(code));
}
