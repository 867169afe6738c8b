import type { TelDb } from '../../telemetry/store/store';

/**
 * Equipment with the names of the sites around it (customer, station, cabinet as k, gateway as
 * g, model), as the monitoring lists and the equipment detail show it; callers add their columns.
 */
export function equipmentWithSite(db: TelDb) {
  return db
    .selectFrom('asset_equipment as e')
    .innerJoin('asset_station as s', 's.id', 'e.station_id')
    .innerJoin('asset_customer as c', 'c.id', 'e.customer_id')
    .innerJoin('asset_equipment_model as m', 'm.id', 'e.model_id')
    .leftJoin('asset_cabinet as k', 'k.id', 'e.cabinet_id')
    .leftJoin('asset_gateway as g', 'g.id', 'e.gateway_id')
    .select([
      'e.id',
      'e.code',
      'e.name',
      'e.equipment_type',
      'm.name as model_name',
      'e.status',
      'e.online',
      'e.last_seen_at',
      'e.customer_id',
      'c.name as customer_name',
      'e.station_id',
      's.name as station_name',
      'e.cabinet_id',
      'k.name as cabinet_name',
    ]);
}
