import type { Kysely, Selectable } from 'kysely';
import type { DeptRow } from '@pdz/contracts';
import type { Database, DeptTable } from '../../platform/db/schema';
import type { DialectName } from '../../platform/db/index';
import type { Principal } from '../../platform/auth/principal';
import { bool } from '../../platform/http';
import { contains, sameText } from '../../platform/db/filters';
import { reachableOf } from './scope';

export type StoredDept = Selectable<DeptTable>;

export interface DeptFilter {
  deptName?: string;
  enabled?: boolean;
}

/** Departments the caller reaches by data scope, in display order. */
export async function scopedDepts(db: Kysely<Database>, dialect: DialectName, p: Principal, f: DeptFilter = {}): Promise<StoredDept[]> {
  const reach = reachableOf(p);
  if (!reach.all && !reach.deptIds.length) return [];
  return db
    .selectFrom('sys_dept')
    .selectAll()
    .$if(!reach.all, (q) => q.where('id', 'in', reach.deptIds))
    .$if(!!f.deptName, (q) => q.where(contains(dialect, 'dept_name', f.deptName!)))
    .$if(f.enabled !== undefined, (q) => q.where('enabled', '=', f.enabled ? 1 : 0))
    .orderBy('order_num')
    .orderBy('id')
    .execute();
}

export async function deptById(db: Kysely<Database>, id: number): Promise<StoredDept | undefined> {
  return db.selectFrom('sys_dept').selectAll().where('id', '=', id).executeTakeFirst();
}

export function toDeptRow(d: StoredDept): DeptRow {
  return {
    id: d.id,
    parentId: d.parent_id,
    deptName: d.dept_name,
    orderNum: d.order_num,
    leader: d.leader,
    phone: d.phone,
    email: d.email,
    enabled: bool(d.enabled),
    createdAt: Number(d.created_at),
  };
}

/** Every department below this one, found by its ancestors path ("0,1,4" → below 4: "0,1,4,…"). */
export async function descendantsOf(db: Kysely<Database>, d: Pick<StoredDept, 'id' | 'ancestors'>) {
  const prefix = `${d.ancestors},${d.id}`;
  return db
    .selectFrom('sys_dept')
    .select(['id', 'ancestors', 'enabled'])
    .where((eb) => eb.or([eb('ancestors', '=', prefix), eb('ancestors', 'like', `${prefix},%`)]))
    .execute();
}

/** Sibling with the same name (ignoring case), other than the department itself. */
export async function siblingNamed(db: Kysely<Database>, parentId: number, name: string, exceptId?: number) {
  let q = db.selectFrom('sys_dept').select('id').where('parent_id', '=', parentId).where(sameText('dept_name', name));
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/**
 * Builds a forest from rows in display order. A node whose parent is not among the rows (outside
 * the caller's scope, or filtered out) becomes a root, so nothing outside the scope is shown.
 */
export function buildTree<N extends { children?: N[] }>(items: { id: number; parentId: number; node: N }[]): N[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const roots: N[] = [];
  for (const i of items) {
    const parent = i.parentId !== i.id ? byId.get(i.parentId) : undefined;
    if (parent) (parent.node.children ??= []).push(i.node);
    else roots.push(i.node);
  }
  return roots;
}
