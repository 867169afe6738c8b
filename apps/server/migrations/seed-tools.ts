import type { Kysely } from 'kysely';
import type { Database } from '../src/platform/db/schema';

/** A menu as the seed migrations declare it: a directory, a page or a button. */
export interface MenuSeed {
  name: string;
  type: 'M' | 'C' | 'F';
  path?: string;
  component?: string;
  perms?: string;
  icon?: string;
  scope?: string;
  hidden?: boolean;
  affix?: boolean;
  keepAlive?: boolean;
  isFrame?: boolean;
  children?: MenuSeed[];
}

/** Buttons for the usual list/add/edit/remove/export codes of a permission prefix. */
export function crudButtons(prefix: string, extra: [string, string][] = []): MenuSeed[] {
  const base: [string, string][] = [
    ['查询', 'list'],
    ['新增', 'add'],
    ['修改', 'edit'],
    ['删除', 'remove'],
    ['导出', 'export'],
  ];
  return [...base, ...extra].map(([name, code]) => ({ name, type: 'F' as const, perms: `${prefix}:${code}` }));
}

/** Inserts a menu tree under a parent; order follows the array. */
export async function insertMenus(db: Kysely<Database>, menus: MenuSeed[], parentId = 0, scope = 'all'): Promise<void> {
  const t = Date.now();
  let order = 1;
  for (const m of menus) {
    const menuScope = m.scope ?? scope;
    const row = await db
      .insertInto('sys_menu')
      .values({
        parent_id: parentId,
        menu_name: m.name,
        menu_type: m.type,
        path: m.path ?? null,
        component: m.component ?? null,
        perms: m.perms ?? null,
        icon: m.icon ?? null,
        order_num: order++,
        hidden: m.hidden ? 1 : 0,
        affix: m.affix ? 1 : 0,
        keep_alive: m.keepAlive ? 1 : 0,
        is_frame: m.isFrame ? 1 : 0,
        menu_scope: menuScope,
        enabled: 1,
        created_at: t,
        updated_at: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (m.children?.length) await insertMenus(db, m.children, row.id, menuScope);
  }
}

export async function insertDict(
  db: Kysely<Database>,
  type: { dictType: string; dictName: string; remark?: string },
  items: [label: string, value: string][],
): Promise<void> {
  const t = Date.now();
  await db
    .insertInto('sys_dict_type')
    .values({ dict_name: type.dictName, dict_type: type.dictType, enabled: 1, built_in: 1, remark: type.remark ?? null, created_at: t, updated_at: t })
    .execute();
  let sort = 1;
  for (const [label, value] of items) {
    await db
      .insertInto('sys_dict_data')
      .values({
        dict_type: type.dictType,
        dict_label: label,
        dict_value: value,
        dict_sort: sort++,
        list_class: null,
        is_default: 0,
        enabled: 1,
        remark: null,
        created_at: t,
        updated_at: t,
      })
      .execute();
  }
}
