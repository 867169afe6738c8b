import type { DialectName } from '../../platform/db/index';
import { contains } from '../../platform/db/filters';
import type { TelDb } from '../../telemetry/store/store';

export interface GatewayFilter {
  customerId?: number | null;
  stationId?: number | null;
  keyword?: string;
}

/**
 * Gateways of the visible customers (null: all) with their station and customer (s, c) and ingest
 * counters (t), filtered as the 通信管理 pages filter and in station order; callers select columns.
 */
export function gatewaysInScope(db: TelDb, dialect: DialectName, visible: number[] | null, q: GatewayFilter) {
  let gq = db
    .selectFrom('asset_gateway as g')
    .innerJoin('asset_station as s', 's.id', 'g.station_id')
    .innerJoin('asset_customer as c', 'c.id', 'g.customer_id')
    .leftJoin('tel_gateway_stat as t', 't.gateway_id', 'g.id');
  if (visible !== null) gq = gq.where('g.customer_id', 'in', visible);
  if (q.customerId) gq = gq.where('g.customer_id', '=', q.customerId);
  if (q.stationId) gq = gq.where('g.station_id', '=', q.stationId);
  if (q.keyword) {
    const kw = q.keyword;
    gq = gq.where((w) => w.or([contains(dialect, 'g.name', kw), contains(dialect, 'g.code', kw), contains(dialect, 's.name', kw)]));
  }
  return gq.orderBy('s.order_num').orderBy('s.id').orderBy('g.code');
}

