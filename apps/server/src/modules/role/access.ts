import type { Kysely } from 'kysely';
import { DATA_SCOPE_LABELS, SUPER_ROLE_KEY, type DataScope, type SkipRole } from '@pdz/contracts';
import type { Database } from '../../platform/db/schema';
import type { Principal } from '../../platform/auth/principal';
import { reachableOf, scopeClosedDownwards } from '../dept/scope';
import { nameFew } from '../user/audited';

/**
 * Privilege-escalation rules: a caller who is not the administrator may only grant what they
 * hold themselves — menus/permissions of their own roles and data no wider than their own scope.
 * One definition serves role add/edit, role management, user role assignment and selectSkipRole.
 */

export interface MenuGrant {
  id: number;
  menu_name: string;
  perms: string | null;
}

/** What a role would grant: checked as a whole against what the caller holds. */
export interface RoleGrant {
  roleKey: string;
  dataScope: DataScope;
  menus: MenuGrant[];
  deptIds: number[];
}

/** What the caller holds, loaded once per request. */
export interface Holdings {
  isSuper: boolean;
  perms: Set<string>;
  menuIds: Set<number>;
  allDepts: boolean;
  deptIds: Set<number>;
  /** Whether granting "本部门及以下" stays inside the caller's own scope. */
  closedDownwards: boolean;
}

export async function holdingsOf(db: Kysely<Database>, p: Principal): Promise<Holdings> {
  const r = reachableOf(p);
  const base = { isSuper: p.isSuper, perms: p.perms, allDepts: r.all, deptIds: new Set(r.deptIds) };
  if (p.isSuper) return { ...base, menuIds: new Set(), closedDownwards: true };
  const rows = p.roleIds.length
    ? await db.selectFrom('sys_role_menu').select('menu_id').where('role_id', 'in', p.roleIds).execute()
    : [];
  return { ...base, menuIds: new Set(rows.map((x) => x.menu_id)), closedDownwards: await scopeClosedDownwards(db, p) };
}

/** A menu is held when one of the caller's roles grants it, or it carries only codes they hold. */
function holdsMenu(h: Holdings, m: MenuGrant): boolean {
  if (h.menuIds.has(m.id)) return true;
  const codes = (m.perms ?? '').split(',').map((c) => c.trim()).filter(Boolean);
  return codes.length > 0 && codes.every((c) => h.perms.has(c));
}

/** Why granting this role would exceed what the caller holds; null when it does not. */
export function exceedReason(h: Holdings, role: RoleGrant): string | null {
  if (h.isSuper) return null;
  if (role.roleKey === SUPER_ROLE_KEY) return '不能授予超级管理员角色';
  const missing = role.menus.filter((m) => !holdsMenu(h, m));
  if (missing.length) return `不能授予您自己没有的权限：${nameFew(missing.map((m) => m.menu_name))}`;
  if (!h.allDepts) {
    const wide = `不能授予超出您数据范围的数据权限（${DATA_SCOPE_LABELS[role.dataScope] ?? role.dataScope}）`;
    if (role.dataScope === 'all') return wide;
    if (role.dataScope === 'deptAndBelow' && !h.closedDownwards) return wide;
    if (role.dataScope === 'custom' && role.deptIds.some((d) => !h.deptIds.has(d))) return '不能授予超出您数据范围的部门';
  }
  return null;
}

interface StoredRole {
  id: number;
  role_name: string;
  role_key: string;
  data_scope: string;
}

/** Loads roles with their menus and departments, as RoleGrant keyed by role id. */
export async function grantsOfRoles(db: Kysely<Database>, roles: StoredRole[]): Promise<Map<number, RoleGrant>> {
  const out = new Map<number, RoleGrant>();
  if (!roles.length) return out;
  const ids = roles.map((r) => r.id);
  for (const r of roles) out.set(r.id, { roleKey: r.role_key, dataScope: r.data_scope as DataScope, menus: [], deptIds: [] });
  const menus = await db
    .selectFrom('sys_role_menu as rm')
    .innerJoin('sys_menu as m', 'm.id', 'rm.menu_id')
    .select(['rm.role_id', 'm.id', 'm.menu_name', 'm.perms'])
    .where('rm.role_id', 'in', ids)
    .execute();
  for (const m of menus) out.get(m.role_id)!.menus.push({ id: m.id, menu_name: m.menu_name, perms: m.perms });
  const depts = await db.selectFrom('sys_role_dept').select(['role_id', 'dept_id']).where('role_id', 'in', ids).execute();
  for (const d of depts) out.get(d.role_id)!.deptIds.push(d.dept_id);
  return out;
}

/** Roles (all, or the given ids) that the caller may not grant, with the reason for each. */
export async function rolesBeyond(db: Kysely<Database>, p: Principal, onlyIds?: number[]): Promise<(SkipRole & { reason: string })[]> {
  if (p.isSuper) return [];
  if (onlyIds && !onlyIds.length) return [];
  let q = db.selectFrom('sys_role').select(['id', 'role_name', 'role_key', 'data_scope']).orderBy('order_num').orderBy('id');
  if (onlyIds) q = q.where('id', 'in', onlyIds);
  const roles = await q.execute();
  const grants = await grantsOfRoles(db, roles);
  const h = await holdingsOf(db, p);
  const out: (SkipRole & { reason: string })[] = [];
  for (const r of roles) {
    const reason = exceedReason(h, grants.get(r.id)!);
    if (reason) out.push({ id: r.id, roleName: r.role_name, roleKey: r.role_key, reason });
  }
  return out;
}
