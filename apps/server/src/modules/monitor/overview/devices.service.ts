import { sql, type Expression, type SqlBool } from 'kysely';
import { type MonitorDeviceQuery, type MonitorDeviceRow, type Page } from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { contains } from '../../../platform/db/filters';
import { offsetOf, page } from '../../../platform/http';
import { inVisible, type Visible } from '../../assets/equipment/access';
import { keyPointsOf, latestOf, monitorEquipmentOf } from './live';
import { equipmentWithSite } from '../equipment-rows';
import { telDb } from '../../../telemetry/store/store';

/**
 * 设备总览: equipment with comm state and key values, paged and sorted on the server. The page's
 * ids are sorted and cut first; names, key points and values are then read for that page only.
 */

/** Sort whitelist → SQL. Nullable columns sort as empty/0 so both dialects order them alike. */
const SORT: Record<string, Expression<unknown>> = {
  code: sql.ref('e.code'),
  name: sql.ref('e.name'),
  equipmentType: sql.ref('e.equipment_type'),
  stationName: sql.ref('s.name'),
  cabinetName: sql`coalesce(cb.name, '')`,
  lastSeenAt: sql`coalesce(e.last_seen_at, 0)`,
};

function filters(ctx: AppContext, visible: Visible, q: MonitorDeviceQuery): Expression<SqlBool>[] {
  const f: Expression<SqlBool>[] = [inVisible('e.customer_id', visible)];
  if (q.customerId) f.push(sql<SqlBool>`e.customer_id = ${q.customerId}`);
  if (q.stationId) f.push(sql<SqlBool>`e.station_id = ${q.stationId}`);
  if (q.equipmentType) f.push(sql<SqlBool>`e.equipment_type = ${q.equipmentType}`);
  if (q.commState === 'online') f.push(sql<SqlBool>`e.online = 1`);
  if (q.commState === 'offline') f.push(sql<SqlBool>`(e.online = 0 and e.last_seen_at is not null)`);
  if (q.commState === 'never') f.push(sql<SqlBool>`(e.online = 0 and e.last_seen_at is null)`);
  if (q.keyword) f.push(sql<SqlBool>`(${contains(ctx.dialect, 'e.code', q.keyword)} or ${contains(ctx.dialect, 'e.name', q.keyword)})`);
  return f;
}

export async function pageDevices(ctx: AppContext, visible: Visible, q: MonitorDeviceQuery): Promise<Page<MonitorDeviceRow>> {
  const { db } = ctx;
  const where = filters(ctx, visible, q);
  let count = db.selectFrom('asset_equipment as e').select((eb) => eb.fn.countAll<number>().as('n'));
  let ids = db
    .selectFrom('asset_equipment as e')
    .innerJoin('asset_station as s', 's.id', 'e.station_id')
    .leftJoin('asset_cabinet as cb', 'cb.id', 'e.cabinet_id')
    .select('e.id');
  for (const w of where) {
    count = count.where(w);
    ids = ids.where(w);
  }
  const { n } = await count.executeTakeFirstOrThrow();
  const sortBy = q.orderBy && Object.prototype.hasOwnProperty.call(SORT, q.orderBy) ? SORT[q.orderBy] : null;
  const dir = q.order === 'desc' ? sql`desc` : sql`asc`;
  // Default: the asset order (customer, station, then the equipment's own order), as the tree shows it.
  const ordered = sortBy ? ids.orderBy(sql`${sortBy} ${dir}`) : ids.orderBy('s.customer_id').orderBy('s.order_num').orderBy('s.id').orderBy('e.order_num');
  const pageIds = (await ordered.orderBy('e.id').limit(q.pageSize).offset(offsetOf(q.pageNum, q.pageSize)).execute()).map((r) => r.id);
  if (!pageIds.length) return page([], Number(n), q.pageNum, q.pageSize);

  const rows = await equipmentWithSite(telDb(ctx))
    .select(['e.gateway_id', 'g.code as gateway_code'])
    .where('e.id', 'in', pageIds)
    .execute();
  const points = await keyPointsOf(db, new Map(rows.map((r) => [r.id, r.equipment_type])), (pids) => latestOf(ctx, pids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const list = pageIds.flatMap((id): MonitorDeviceRow[] => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        ...monitorEquipmentOf(r, points.get(r.id) ?? []),
        gatewayCode: r.gateway_code,
        customerId: r.customer_id,
        customerName: r.customer_name,
        stationId: r.station_id,
        stationName: r.station_name,
        cabinetId: r.cabinet_id,
        cabinetName: r.cabinet_name,
      },
    ];
  });
  return page(list, Number(n), q.pageNum, q.pageSize);
}
