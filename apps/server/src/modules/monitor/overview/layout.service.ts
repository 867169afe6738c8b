import {
  cabinetTypeLabel,
  commStateOf,
  type MonitorCabinet,
  type MonitorEquipment,
  type MonitorStationLayout,
} from '@pdz/contracts';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { loadStation, type Visible } from '../../assets/equipment/access';
import { keyPointsOf, latestOf, monitorEquipmentOf } from './live';
import { stationFigures } from './stations.service';

/**
 * 实时监控 of one station: its figures, the cabinets in order with their equipment and each
 * equipment's key points with the latest stored values (the page renders before the websocket
 * snapshot arrives). One query per kind: cabinets, equipment, points, gateways.
 */
export async function stationLayout(ctx: AppContext, visible: Visible, stationId: number): Promise<MonitorStationLayout> {
  const { db } = ctx;
  await loadStation(db, visible, stationId);
  const [station] = await stationFigures(ctx, visible, { stationId });
  if (!station) throw notFound('站点');

  const cabinets = await db
    .selectFrom('asset_cabinet as cb')
    .leftJoin('asset_bay as b', 'b.id', 'cb.bay_id')
    .select(['cb.id', 'cb.code', 'cb.name', 'cb.cabinet_type', 'cb.voltage_level', 'cb.bay_id', 'b.name as bay_name', 'b.order_num as bay_order', 'cb.order_num'])
    .where('cb.station_id', '=', stationId)
    .execute();
  // Cabinets of a bay in bay order; cabinets directly under the station after them.
  cabinets.sort(
    (a, b) =>
      (a.bay_order ?? Number.MAX_SAFE_INTEGER) - (b.bay_order ?? Number.MAX_SAFE_INTEGER) ||
      (a.bay_id ?? 0) - (b.bay_id ?? 0) ||
      a.order_num - b.order_num ||
      a.id - b.id,
  );

  const equipment = await db
    .selectFrom('asset_equipment as e')
    .innerJoin('asset_equipment_model as m', 'm.id', 'e.model_id')
    .select(['e.id', 'e.code', 'e.name', 'e.equipment_type', 'e.status', 'e.online', 'e.last_seen_at', 'e.gateway_id', 'e.cabinet_id', 'm.name as model_name'])
    .where('e.station_id', '=', stationId)
    .orderBy('e.order_num')
    .orderBy('e.id')
    .execute();
  const points = await keyPointsOf(db, new Map(equipment.map((e) => [e.id, e.equipment_type])), (ids) => latestOf(ctx, ids));

  const byCabinet = new Map<number, MonitorEquipment[]>();
  const room: MonitorEquipment[] = [];
  for (const e of equipment) {
    const row = monitorEquipmentOf(e, points.get(e.id) ?? []);
    if (e.cabinet_id === null) room.push(row);
    else byCabinet.set(e.cabinet_id, [...(byCabinet.get(e.cabinet_id) ?? []), row]);
  }
  const cabinetRows: MonitorCabinet[] = cabinets.map((c) => ({
    id: c.id,
    code: c.code,
    name: c.name,
    cabinetType: c.cabinet_type,
    cabinetTypeName: cabinetTypeLabel(c.cabinet_type),
    voltageLevel: c.voltage_level,
    bayId: c.bay_id,
    bayName: c.bay_name,
    equipment: byCabinet.get(c.id) ?? [],
  }));

  const gateways = await db
    .selectFrom('asset_gateway')
    .select(['id', 'code', 'name', 'online', 'last_seen_at'])
    .where('station_id', '=', stationId)
    .orderBy('id')
    .execute();
  return {
    station,
    cabinets: cabinetRows,
    room,
    gateways: gateways.map((g) => ({ id: g.id, code: g.code, name: g.name, online: g.online === 1, lastSeenAt: g.last_seen_at, commState: commStateOf(g.online === 1, g.last_seen_at) })),
  };
}
