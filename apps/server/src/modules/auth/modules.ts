import type { Kysely } from 'kysely';
import { MODULE_TITLES, type ModuleOption } from '@pdz/contracts';
import type { Database } from '../../platform/db/schema';
import type { Principal } from '../../platform/auth/principal';

type Grants = Pick<Principal, 'isSuper' | 'roleIds'>;

/** Enabled pages (type C) the user may open: all for the administrator, else through roles. */
export async function permittedPageMenus(db: Kysely<Database>, p: Grants) {
  let q = db
    .selectFrom('sys_menu as m')
    .select(['m.id', 'm.parent_id', 'm.menu_scope', 'm.path', 'm.order_num'])
    .where('m.menu_type', '=', 'C')
    .where('m.enabled', '=', 1);
  if (!p.isSuper) {
    if (!p.roleIds.length) return [];
    q = q.where('m.id', 'in', db.selectFrom('sys_role_menu').select('menu_id').where('role_id', 'in', p.roleIds));
  }
  return q.orderBy('m.order_num').execute();
}

/** Modules (menu scopes) that hold at least one page the user may open, in a stable order. */
export async function modulesOf(db: Kysely<Database>, p: Grants): Promise<ModuleOption[]> {
  const pages = await permittedPageMenus(db, p);
  const order = Object.keys(MODULE_TITLES);
  const scopes = [...new Set(pages.map((m) => m.menu_scope).filter((s) => s !== 'all'))].sort(
    (a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99),
  );
  const out: ModuleOption[] = [];
  for (const key of scopes) out.push({ key, title: MODULE_TITLES[key] ?? key, icon: null, firstPath: await firstPathOf(db, pages, key) });
  return out;
}

async function firstPathOf(db: Kysely<Database>, pages: { id: number; parent_id: number; menu_scope: string; path: string | null }[], scope: string) {
  const page = pages.find((m) => m.menu_scope === scope && m.path);
  if (!page) return null;
  const segments = [page.path!];
  let parentId = page.parent_id;
  while (parentId) {
    const parent = await db.selectFrom('sys_menu').select(['parent_id', 'path']).where('id', '=', parentId).executeTakeFirst();
    if (!parent) break;
    if (parent.path) segments.unshift(parent.path);
    parentId = parent.parent_id;
  }
  return ('/' + segments.map((s) => s.replace(/^\/+|\/+$/g, '')).join('/')).replace(/\/+/g, '/');
}
