import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  CUSTOMER_SORT_COLUMNS,
  type CustomerRow,
  type CustomerTreeNode,
  type Page,
  customerAddBody,
  customerQuery,
} from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import type { Database } from '../../../platform/db/schema';
import type { Principal } from '../../../platform/auth/principal';
import { sql } from '../../../platform/db/index';
import { contains } from '../../../platform/db/filters';
import { badRequest, conflict } from '../../../platform/errors';
import { bit, bool, offsetOf, page, sortColumn } from '../../../platform/http';
import { countByParent, describeBlockers, inVisible, loadAll, loadCustomer, uniquely, type CustomerEntity, type Db, type Visible } from '../tree/site-access';

export type CustomerInput = z.infer<typeof customerAddBody>;
type CustomerQuery = z.infer<typeof customerQuery>;

const SORT: Record<(typeof CUSTOMER_SORT_COLUMNS)[number], string> = { id: 'c.id', code: 'c.code', name: 'c.name', createdAt: 'c.created_at' };
export const customerCodeTaken = (code: string) => conflict(`客户编号“${code}”已存在`);

function baseQuery(ctx: AppContext, visible: Visible, q: Omit<CustomerQuery, 'pageNum' | 'pageSize'>) {
  let b = ctx.db.selectFrom('asset_customer as c').leftJoin('sys_dept as d', 'd.id', 'c.dept_id').where(inVisible('c.id', visible));
  if (q.keyword) b = b.where((eb) => eb.or([contains(ctx.dialect, 'c.name', q.keyword!), contains(ctx.dialect, 'c.code', q.keyword!)]));
  if (q.name) b = b.where(contains(ctx.dialect, 'c.name', q.name));
  if (q.code) b = b.where(contains(ctx.dialect, 'c.code', q.code));
  if (q.deptId) b = b.where('c.dept_id', '=', q.deptId);
  if (q.enabled !== undefined) b = b.where('c.enabled', '=', bit(q.enabled));
  return b;
}

function select(b: ReturnType<typeof baseQuery>) {
  return b
    .selectAll('c')
    .select('d.dept_name')
    .select((eb) => eb.selectFrom('asset_station as s').select(eb.fn.countAll<number>().as('n')).whereRef('s.customer_id', '=', 'c.id').as('station_count'));
}

type Selected = CustomerEntity & { dept_name: string | null; station_count: number | string | null };
function toRow(c: Selected): CustomerRow {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    deptId: c.dept_id,
    deptName: c.dept_name,
    contact: c.contact,
    phone: c.phone,
    address: c.address,
    logo: c.logo,
    minLogo: c.min_logo,
    remark: c.remark,
    enabled: bool(c.enabled),
    stationCount: Number(c.station_count ?? 0),
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}

export async function pageCustomers(ctx: AppContext, visible: Visible, q: CustomerQuery): Promise<Page<CustomerRow>> {
  const b = baseQuery(ctx, visible, q);
  const { n } = await b.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await select(b)
    .orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'c.id')), q.order ?? 'asc')
    .orderBy('c.id')
    .limit(q.pageSize)
    .offset(offsetOf(q.pageNum, q.pageSize))
    .execute();
  return page(rows.map(toRow), Number(n), q.pageNum, q.pageSize);
}

export async function listCustomers(ctx: AppContext, visible: Visible, q: CustomerQuery, max: number): Promise<CustomerRow[]> {
  const rows = await select(baseQuery(ctx, visible, q)).orderBy(sql.ref(sortColumn(q.orderBy, SORT, 'c.id')), q.order ?? 'asc').orderBy('c.id').limit(max).execute();
  return rows.map(toRow);
}

export async function getCustomer(ctx: AppContext, visible: Visible, id: number): Promise<CustomerRow> {
  await loadCustomer(ctx.db, visible, id);
  const row = await select(baseQuery(ctx, visible, {})).where('c.id', '=', id).executeTakeFirstOrThrow();
  return toRow(row);
}

/**
 * The department a customer is filed under decides who sees it, so a scoped user may only file
 * it under a department they see themselves (else they would create what they cannot reach).
 */
async function checkDept(db: Db, p: Principal, deptId: number | null): Promise<number | null> {
  const dept = deptId ?? p.deptId;
  if (dept === null) {
    if (p.scopeDeptIds !== null && !p.scopeSelfOnly) throw badRequest('请选择所属部门');
    return null;
  }
  const found = await db.selectFrom('sys_dept').select('id').where('id', '=', dept).executeTakeFirst();
  if (!found) throw badRequest('所属部门不存在');
  const reachable = p.scopeDeptIds === null || (p.scopeSelfOnly ? dept === p.deptId : p.scopeDeptIds.includes(dept));
  if (!reachable) throw badRequest('不能把客户归属到您无权查看的部门');
  return dept;
}

async function codeExists(db: Db, code: string, exceptId: number | null) {
  let q = db.selectFrom('asset_customer').select('id').where('code', '=', code);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function addCustomer(db: Kysely<Database>, p: Principal, input: CustomerInput): Promise<number> {
  const deptId = await checkDept(db, p, input.deptId);
  if (await codeExists(db, input.code, null)) throw customerCodeTaken(input.code);
  const t = Date.now();
  const row = await uniquely(
    () =>
      db
        .insertInto('asset_customer')
        .values({
          code: input.code,
          name: input.name,
          dept_id: deptId,
          contact: input.contact,
          phone: input.phone,
          address: input.address,
          logo: null,
          min_logo: null,
          remark: input.remark,
          enabled: bit(input.enabled),
          created_by: p.userId,
          created_at: t,
          updated_at: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    () => customerCodeTaken(input.code),
  );
  return row.id;
}

export async function editCustomer(db: Kysely<Database>, p: Principal, visible: Visible, id: number, input: CustomerInput): Promise<CustomerEntity> {
  const before = await loadCustomer(db, visible, id);
  const deptId = input.deptId === before.dept_id ? before.dept_id : await checkDept(db, p, input.deptId);
  if (await codeExists(db, input.code, id)) throw customerCodeTaken(input.code);
  await uniquely(
    () =>
      db
        .updateTable('asset_customer')
        .set({ code: input.code, name: input.name, dept_id: deptId, contact: input.contact, phone: input.phone, address: input.address, remark: input.remark, enabled: bit(input.enabled), updated_at: Date.now() })
        .where('id', '=', id)
        .execute(),
    () => customerCodeTaken(input.code),
  );
  return before;
}

/** Removes customers that hold no stations; refuses the whole request otherwise (nothing half-done). */
export async function removeCustomers(db: Kysely<Database>, visible: Visible, ids: number[]): Promise<CustomerEntity[]> {
  return db.transaction().execute(async (trx) => {
    const customers = await loadAll(ids, (id) => loadCustomer(trx, visible, id));
    const stations = await countByParent(trx, 'asset_station', 'customer_id', customers.map((c) => c.id));
    const gateways = await countByParent(trx, 'asset_gateway', 'customer_id', customers.map((c) => c.id));
    const equipment = await countByParent(trx, 'asset_equipment', 'customer_id', customers.map((c) => c.id));
    for (const c of customers) {
      const what = describeBlockers([
        [stations.get(c.id) ?? 0, '个', '站点'],
        [gateways.get(c.id) ?? 0, '个', '网关'],
        [equipment.get(c.id) ?? 0, '台', '设备'],
      ]);
      if (what) throw badRequest(`客户“${c.name}”下还有 ${what}，请先删除或移走`);
    }
    await trx.deleteFrom('asset_customer').where('id', 'in', customers.map((c) => c.id)).execute();
    return customers;
  });
}

export async function setCustomerImage(db: Kysely<Database>, id: number, field: 'logo' | 'minLogo', storedName: string) {
  await db
    .updateTable('asset_customer')
    .set(field === 'logo' ? { logo: storedName, updated_at: Date.now() } : { min_logo: storedName, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** Customers → stations for pickers, two set queries for any number of them. */
export async function customerTree(db: Db, visible: Visible): Promise<CustomerTreeNode[]> {
  const customers = await db.selectFrom('asset_customer').select(['id', 'name']).where(inVisible('id', visible)).orderBy('id').execute();
  const stations = await db
    .selectFrom('asset_station')
    .select(['id', 'name', 'customer_id'])
    .where(inVisible('customer_id', visible))
    .orderBy('order_num')
    .orderBy('id')
    .execute();
  const byCustomer = new Map<number, CustomerTreeNode[]>();
  for (const s of stations) {
    const list = byCustomer.get(s.customer_id) ?? [];
    list.push({ id: `station_${s.id}`, value: s.id, label: s.name, type: 'station', customerId: s.customer_id });
    byCustomer.set(s.customer_id, list);
  }
  return customers.map((c) => ({ id: `customer_${c.id}`, value: c.id, label: c.name, type: 'customer', customerId: c.id, children: byCustomer.get(c.id) ?? [] }));
}
