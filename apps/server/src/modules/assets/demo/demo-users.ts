import type { Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import { DEMO_CUSTOMERS } from './fleet-plan';

const DEMO_ROLE_KEY = 'demo_operator';

/**
 * One operator per customer, in the customer's department, with a role limited to that
 * department: signing in as one shows how data scope hides the other customers' assets.
 */
export async function createDemoUsers(trx: Transaction<Database>, deptIds: number[], hashes: string[], t: number): Promise<string[]> {
  let role = await trx.selectFrom('sys_role').select('id').where('role_key', '=', DEMO_ROLE_KEY).executeTakeFirst();
  if (!role) {
    role = await trx
      .insertInto('sys_role')
      .values({ role_name: '客户运维员（演示）', role_key: DEMO_ROLE_KEY, order_num: 90, data_scope: 'dept', enabled: 1, built_in: 0, remark: '演示数据：只能看到本部门客户的资产', created_at: t, updated_at: t })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Every menu except the system administration directory and what hangs below it.
    const menus = await trx.selectFrom('sys_menu').select(['id', 'parent_id', 'path']).execute();
    const excluded = new Set(menus.filter((m) => m.parent_id === 0 && m.path === '/system').map((m) => m.id));
    for (let grew = true; grew; ) {
      grew = false;
      for (const m of menus) {
        if (excluded.has(m.id) || !excluded.has(m.parent_id)) continue;
        excluded.add(m.id);
        grew = true;
      }
    }
    const granted = menus.filter((m) => !excluded.has(m.id)).map((m) => ({ role_id: role!.id, menu_id: m.id }));
    if (granted.length) await trx.insertInto('sys_role_menu').values(granted).execute();
  }
  const names: string[] = [];
  for (const [i, c] of DEMO_CUSTOMERS.entries()) {
    if (await trx.selectFrom('sys_user').select('id').where('user_name', '=', c.userName).executeTakeFirst()) continue;
    const user = await trx
      .insertInto('sys_user')
      .values({
        user_name: c.userName,
        nick_name: `${c.dept}运维员`,
        password_hash: hashes[i],
        dept_id: deptIds[i],
        phone: null,
        email: null,
        avatar: null,
        remark: null,
        logo: null,
        min_logo: null,
        enabled: 1,
        built_in: 0,
        landing_path: null,
        created_at: t,
        updated_at: t,
        last_login_at: null,
        last_login_ip: null,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('sys_user_role').values({ user_id: user.id, role_id: role.id }).execute();
    names.push(c.userName);
  }
  return names;
}
