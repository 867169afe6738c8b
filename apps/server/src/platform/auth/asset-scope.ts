import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Principal } from './principal';

/**
 * Customers whose assets a user may see, from their data scope: null means every customer.
 * A customer belongs to a department; "self only" users see the customers they created.
 * Every asset query filters by these ids, so ids sent by a client cannot reach other data.
 */
export async function visibleCustomerIds(db: Kysely<Database>, p: Pick<Principal, 'scopeDeptIds' | 'scopeSelfOnly' | 'userId'>): Promise<number[] | null> {
  if (p.scopeDeptIds === null && !p.scopeSelfOnly) return null;
  let q = db.selectFrom('asset_customer').select('id');
  if (p.scopeSelfOnly) q = q.where('created_by', '=', p.userId);
  else if (p.scopeDeptIds!.length) q = q.where('dept_id', 'in', p.scopeDeptIds!);
  else return [];
  return (await q.execute()).map((r) => r.id);
}

/**
 * The same rule as `visibleCustomerIds` for one customer row already read (no query): used where
 * many users are checked against a few customers, e.g. who receives an alarm.
 */
export function customerInScope(p: Pick<Principal, 'scopeDeptIds' | 'scopeSelfOnly' | 'userId'>, c: { dept_id: number | null; created_by: number | null }): boolean {
  if (p.scopeDeptIds === null && !p.scopeSelfOnly) return true;
  if (p.scopeSelfOnly) return c.created_by === p.userId;
  return c.dept_id !== null && p.scopeDeptIds!.includes(c.dept_id);
}

/** True when the customer is within the user's scope. */
export function customerVisible(visible: number[] | null, customerId: number): boolean {
  return visible === null || visible.includes(customerId);
}
