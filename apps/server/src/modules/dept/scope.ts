import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Principal } from '../../platform/auth/principal';

/**
 * Which records a caller reaches (design §4 data scope): every department, or the departments of
 * their roles' data scope; a user always reaches their own record (profile, "仅本人数据").
 */
export interface Reachable {
  all: boolean;
  deptIds: number[];
  selfId: number;
}

export function reachableOf(p: Principal): Reachable {
  if (p.scopeDeptIds === null) return { all: true, deptIds: [], selfId: p.userId };
  return { all: false, deptIds: p.scopeSelfOnly ? [] : p.scopeDeptIds, selfId: p.userId };
}

/** True when the caller may see and manage this department (or place users in it). */
export function deptInScope(p: Principal, deptId: number | null | undefined): boolean {
  const r = reachableOf(p);
  if (r.all) return true;
  return deptId !== null && deptId !== undefined && r.deptIds.includes(deptId);
}

/** True when the caller reaches a user in this department (or it is the caller). */
export function userInScope(p: Principal, user: { id: number; dept_id: number | null }): boolean {
  return user.id === p.userId || deptInScope(p, user.dept_id);
}

/**
 * True when every department below an in-scope department is in scope too. Only then may the
 * caller grant "本部门及以下" without reaching departments they cannot see themselves.
 */
export async function scopeClosedDownwards(db: Kysely<Database>, p: Principal): Promise<boolean> {
  const r = reachableOf(p);
  if (r.all || !r.deptIds.length) return true;
  const outside = await db
    .selectFrom('sys_dept')
    .select('id')
    .where('parent_id', 'in', r.deptIds)
    .where('id', 'not in', r.deptIds)
    .limit(1)
    .executeTakeFirst();
  return !outside;
}
