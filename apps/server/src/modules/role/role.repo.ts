import { sql, type Kysely, type Selectable } from 'kysely';
import { ROLE_SORT_COLUMNS, type DataScope, type RoleRow } from '@pdz/contracts';
import type { Database, RoleTable } from '../../platform/db/schema';
import type { DialectName } from '../../platform/db/index';
import { bool, sortColumn } from '../../platform/http';
import { contains, sameText } from '../../platform/db/filters';

export interface RoleFilter {
  roleName?: string;
  roleKey?: string;
  enabled?: boolean;
  orderBy?: string;
  order?: 'asc' | 'desc';
}

const SORTS: Record<(typeof ROLE_SORT_COLUMNS)[number], string> = { id: 'id', orderNum: 'order_num', createdAt: 'created_at' };

type RawRole = Selectable<RoleTable>;

export async function listRoles(db: Kysely<Database>, dialect: DialectName, f: RoleFilter, window: { offset: number; limit: number }) {
  const base = db
    .selectFrom('sys_role')
    .$if(!!f.roleName, (q) => q.where(contains(dialect, 'role_name', f.roleName!)))
    .$if(!!f.roleKey, (q) => q.where(contains(dialect, 'role_key', f.roleKey!)))
    .$if(f.enabled !== undefined, (q) => q.where('enabled', '=', f.enabled ? 1 : 0));
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const column = sortColumn(f.orderBy, SORTS, 'order_num');
  const rows = await base
    .selectAll()
    .orderBy(sql.ref(column), f.order ?? 'asc')
    .orderBy('id')
    .offset(window.offset)
    .limit(window.limit)
    .execute();
  return { rows: await toRows(db, rows), total: Number(count.n) };
}

export async function roleById(db: Kysely<Database>, id: number) {
  return db.selectFrom('sys_role').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function roleRowById(db: Kysely<Database>, id: number): Promise<RoleRow | null> {
  const row = await roleById(db, id);
  return row ? (await toRows(db, [row]))[0] : null;
}

/** RoleRow with menu ids, department ids and how many users hold the role. */
async function toRows(db: Kysely<Database>, rows: RawRole[]): Promise<RoleRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const menus = await db.selectFrom('sys_role_menu').select(['role_id', 'menu_id']).where('role_id', 'in', ids).orderBy('menu_id').execute();
  const depts = await db.selectFrom('sys_role_dept').select(['role_id', 'dept_id']).where('role_id', 'in', ids).orderBy('dept_id').execute();
  const users = await db
    .selectFrom('sys_user_role')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', ids)
    .groupBy('role_id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    roleName: r.role_name,
    roleKey: r.role_key,
    orderNum: r.order_num,
    dataScope: r.data_scope as DataScope,
    enabled: bool(r.enabled),
    remark: r.remark,
    builtIn: bool(r.built_in),
    menuIds: menus.filter((m) => m.role_id === r.id).map((m) => m.menu_id),
    deptIds: depts.filter((d) => d.role_id === r.id).map((d) => d.dept_id),
    userCount: Number(users.find((u) => u.role_id === r.id)?.n ?? 0),
    createdAt: Number(r.created_at),
  }));
}

/** Clash on a unique name, ignoring case (and the role being edited). */
export async function roleClash(db: Kysely<Database>, column: 'role_key' | 'role_name', value: string, exceptId?: number) {
  let q = db.selectFrom('sys_role').select('id').where(sameText(column, value));
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function menusByIds(db: Kysely<Database>, ids: number[]) {
  if (!ids.length) return [];
  return db.selectFrom('sys_menu').select(['id', 'menu_name', 'perms']).where('id', 'in', ids).execute();
}

export async function countExisting(db: Kysely<Database>, table: 'sys_dept' | 'sys_role', ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids).executeTakeFirstOrThrow();
  return Number(row.n);
}
