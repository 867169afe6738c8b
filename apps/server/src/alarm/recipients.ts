import type { Kysely } from 'kysely';
import { PERMS, SUPER_ROLE_KEY } from '@pdz/contracts';
import type { Database } from '../platform/db/schema';
import { hasAnyPerm, loadGrants } from '../platform/auth/principal';
import { customerInScope } from '../platform/auth/asset-scope';

/**
 * Who gets an alarm's site message: enabled users who may list alarms (alarm:event:list or the
 * administrator role) and whose data scope reaches the alarm's customer — the same rule as
 * `visibleCustomerIds` (all; the scope's departments; "self only": customers they created),
 * applied to one customer row (`customerInScope`). Computed per customer and write batch, never per sample.
 */
export async function alarmRecipients(db: Kysely<Database>, customerIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(customerIds.map((id) => [id, []]));
  if (!customerIds.length) return out;
  const customers = await db.selectFrom('asset_customer').select(['id', 'dept_id', 'created_by']).where('id', 'in', customerIds).execute();
  // Candidates: a role that is the administrator's or grants a menu carrying the code; the
  // grants (cached a few seconds) then decide exactly, with the scope.
  const candidates = await db
    .selectFrom('sys_user as u')
    .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.id')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .leftJoin('sys_role_menu as rm', 'rm.role_id', 'r.id')
    .leftJoin('sys_menu as m', 'm.id', 'rm.menu_id')
    .select('u.id')
    .distinct()
    .where('u.enabled', '=', 1)
    .where('r.enabled', '=', 1)
    .where((eb) => eb.or([eb('r.role_key', '=', SUPER_ROLE_KEY), eb.and([eb('m.enabled', '=', 1), eb('m.perms', 'like', `%${PERMS.alarm.list}%`)])]))
    .execute();
  for (const { id } of candidates) {
    const g = await loadGrants(db, id);
    if (!g || !hasAnyPerm(g, PERMS.alarm.list)) continue;
    for (const c of customers) {
      if (customerInScope(g, c)) out.get(c.id)!.push(g.userId);
    }
  }
  return out;
}
