import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Principal } from '../../platform/auth/principal';

type Scope = Pick<Principal, 'userId' | 'scopeDeptIds' | 'scopeSelfOnly'>;

/**
 * Limits a query over `sys_user` to the users the caller's data scope reaches (design §4): every
 * user, the users of the scope's departments, or only the caller. The caller is always reached.
 */
export function whereUserInScope<O>(q: SelectQueryBuilder<Database, 'sys_user', O>, p: Scope): SelectQueryBuilder<Database, 'sys_user', O> {
  if (p.scopeDeptIds === null) return q;
  if (p.scopeSelfOnly || !p.scopeDeptIds.length) return q.where('sys_user.id', '=', p.userId);
  const deptIds = p.scopeDeptIds;
  return q.where((eb) => eb.or([eb('sys_user.id', '=', p.userId), eb('sys_user.dept_id', 'in', deptIds)]));
}
