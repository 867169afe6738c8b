import type { Kysely, Transaction } from 'kysely';
import { ASSET_LEVEL_LABELS, parseDwid, type AssetMoveResult } from '@pdz/contracts';
import type { Database } from '../../../platform/db/schema';
import { badRequest, conflict } from '../../../platform/errors';
import { nameFew } from '../../user/audited';
import { loadBay, loadCabinet, loadCustomer, loadStation, type Visible } from './site-access';
import { loadEquipment } from '../equipment/access';

/**
 * POST /api/assetManage/move: a node moves under another parent and everything inside it follows
 * in one transaction. Refused (400, with the reason) when the result would break the hierarchy:
 * a wrong kind of parent, equipment still read through a gateway of the old station (gateways
 * stay with their station), capacitor banks split from their controller. Code clashes in the
 * new place answer 409 naming the code.
 */

type Trx = Transaction<Database>;
const ALLOWED: Record<string, string[]> = { cabinet: ['bay', 'station'], bay: ['station'], equipment: ['cabinet', 'station'], station: ['customer'] };

export async function moveNode(db: Kysely<Database>, visible: Visible, dwid: string, targetDwid: string): Promise<AssetMoveResult & { name: string; from: string }> {
  const src = parseDwid(dwid)!;
  const dst = parseDwid(targetDwid)!;
  if (!ALLOWED[src.levelType]?.includes(dst.levelType)) {
    throw badRequest(`不能把${ASSET_LEVEL_LABELS[src.levelType]}移动到${ASSET_LEVEL_LABELS[dst.levelType]}下`);
  }
  return db.transaction().execute(async (trx) => {
    const moved: Record<string, number> = {};
    const target = async () => {
      // The target decides the station (and bay/cabinet) the node lands in; it must be visible too.
      if (dst.levelType === 'customer') return { customerId: (await loadCustomer(trx, visible, dst.id)).id, stationId: null, bayId: null, cabinetId: null };
      if (dst.levelType === 'station') {
        const s = await loadStation(trx, visible, dst.id);
        return { customerId: s.customer_id, stationId: s.id, bayId: null, cabinetId: null };
      }
      if (dst.levelType === 'bay') {
        const b = await loadBay(trx, visible, dst.id);
        return { customerId: b.customer_id, stationId: b.station_id, bayId: b.id, cabinetId: null };
      }
      const c = await loadCabinet(trx, visible, dst.id);
      return { customerId: c.customer_id, stationId: c.station_id, bayId: c.bay_id, cabinetId: c.id };
    };

    if (src.levelType === 'station') {
      const s = await loadStation(trx, visible, src.id);
      const to = await target();
      if (s.customer_id === to.customerId) throw badRequest('该站点已在目标客户下');
      const clash = await trx.selectFrom('asset_station').select('code').where('customer_id', '=', to.customerId).where('code', '=', s.code).executeTakeFirst();
      if (clash) throw conflict(`目标客户已有编号为“${s.code}”的站点`);
      const equipment = await trx.selectFrom('asset_equipment').select(['id', 'code']).where('station_id', '=', s.id).execute();
      await checkEquipmentCodes(trx, equipment.map((e) => e.code), to.customerId);
      await trx.updateTable('asset_station').set({ customer_id: to.customerId, updated_at: Date.now() }).where('id', '=', s.id).execute();
      moved.equipment = Number((await trx.updateTable('asset_equipment').set({ customer_id: to.customerId }).where('station_id', '=', s.id).executeTakeFirst()).numUpdatedRows);
      moved.gateways = Number((await trx.updateTable('asset_gateway').set({ customer_id: to.customerId }).where('station_id', '=', s.id).executeTakeFirst()).numUpdatedRows);
      return { dwid, targetDwid, moved, name: s.name, from: `customer_${s.customer_id}` };
    }

    if (src.levelType === 'bay') {
      const b = await loadBay(trx, visible, src.id);
      const to = await target();
      if (b.station_id === to.stationId) throw badRequest('该间隔已在目标站点下');
      const clash = await trx.selectFrom('asset_bay').select('code').where('station_id', '=', to.stationId!).where('code', '=', b.code).executeTakeFirst();
      if (clash) throw conflict(`目标站点已有编号为“${b.code}”的间隔`);
      const cabinets = (await trx.selectFrom('asset_cabinet').select('id').where('bay_id', '=', b.id).execute()).map((c) => c.id);
      await moveCabinets(trx, cabinets, b.station_id, to.stationId!, to.customerId, moved);
      await trx.updateTable('asset_bay').set({ station_id: to.stationId!, updated_at: Date.now() }).where('id', '=', b.id).execute();
      return { dwid, targetDwid, moved, name: b.name, from: `station_${b.station_id}` };
    }

    if (src.levelType === 'cabinet') {
      const c = await loadCabinet(trx, visible, src.id);
      const to = await target();
      if (c.station_id === to.stationId && c.bay_id === to.bayId) throw badRequest('该柜体已在目标位置下');
      if (c.station_id !== to.stationId) await moveCabinets(trx, [c.id], c.station_id, to.stationId!, to.customerId, moved);
      await trx.updateTable('asset_cabinet').set({ bay_id: to.bayId, updated_at: Date.now() }).where('id', '=', c.id).execute();
      return { dwid, targetDwid, moved, name: c.name, from: c.bay_id ? `bay_${c.bay_id}` : `station_${c.station_id}` };
    }

    // Equipment.
    const e = await loadEquipment(trx, visible, src.id);
    const to = await target();
    if (e.station_id === to.stationId && e.cabinet_id === to.cabinetId) throw badRequest('该设备已在目标位置下');
    if (e.station_id !== to.stationId) {
      await checkEquipmentLeaves(trx, [e.id], e.station_id);
      if (e.customer_id !== to.customerId) await checkEquipmentCodes(trx, [e.code], to.customerId);
    }
    await trx
      .updateTable('asset_equipment')
      .set({ station_id: to.stationId!, customer_id: to.customerId, cabinet_id: to.cabinetId, updated_at: Date.now() })
      .where('id', '=', e.id)
      .execute();
    return { dwid, targetDwid, moved, name: e.name, from: e.cabinet_id ? `cabinet_${e.cabinet_id}` : `station_${e.station_id}` };
  });
}

/** Codes of equipment are unique per customer: the new customer must not hold them already. */
async function checkEquipmentCodes(trx: Trx, codes: string[], customerId: number) {
  if (!codes.length) return;
  const clash = await trx.selectFrom('asset_equipment').select('code').where('customer_id', '=', customerId).where('code', 'in', codes).orderBy('code').execute();
  if (clash.length) throw conflict(`目标客户已有编号为“${nameFew(clash.map((c) => c.code), 3)}”的设备`);
}

/**
 * Equipment leaving its station must not be read through the old station's gateway (directly or
 * by raw-tag rules), and capacitor banks must not be split from their controller.
 */
async function checkEquipmentLeaves(trx: Trx, equipmentIds: number[], fromStationId: number, movingCabinetIds: number[] = []) {
  if (!equipmentIds.length) return;
  const bound = await trx
    .selectFrom('asset_equipment as e')
    .innerJoin('asset_gateway as g', 'g.id', 'e.gateway_id')
    .select(['e.name', 'g.code as gateway'])
    .where('e.id', 'in', equipmentIds)
    .execute();
  if (bound.length) {
    throw badRequest(`有 ${bound.length} 台设备（${nameFew(bound.map((b) => b.name), 3)}）仍绑定原站点的网关“${bound[0].gateway}”，请先解除网关绑定再移动`);
  }
  const ruled = await trx
    .selectFrom('iot_raw_rule as r')
    .innerJoin('asset_point as p', 'p.id', 'r.point_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.equipment_id', 'in', equipmentIds)
    .executeTakeFirstOrThrow();
  if (Number(ruled.n) > 0) throw badRequest(`有 ${ruled.n} 个测点仍通过原站点的网关采集（数据规则），请先删除这些规则再移动`);
  let split = trx.selectFrom('asset_capacitor').select('name').where('station_id', '=', fromStationId).where('equipment_id', 'in', equipmentIds);
  if (movingCabinetIds.length) split = split.where((eb) => eb.or([eb('cabinet_id', 'is', null), eb('cabinet_id', 'not in', movingCabinetIds)]));
  const capacitors = await split.execute();
  if (capacitors.length) throw badRequest(`电容器“${nameFew(capacitors.map((c) => c.name), 3)}”由要移动的设备控制，请一并移动或先解除关联`);
}

/** Cabinets move to another station with their equipment, capacitors and cameras. */
async function moveCabinets(trx: Trx, cabinetIds: number[], fromStationId: number, toStationId: number, toCustomerId: number, moved: Record<string, number>) {
  moved.cabinets = cabinetIds.length;
  if (!cabinetIds.length) return;
  const from = await trx.selectFrom('asset_station').select('customer_id').where('id', '=', fromStationId).executeTakeFirstOrThrow();
  const clash = async (table: 'asset_cabinet' | 'asset_capacitor' | 'asset_camera', column: 'id' | 'cabinet_id', what: string) => {
    const codes = (await trx.selectFrom(table).select('code').where(column, 'in', cabinetIds).execute()).map((r) => r.code);
    if (!codes.length) return;
    const taken = await trx.selectFrom(table).select('code').where('station_id', '=', toStationId).where('code', 'in', codes).orderBy('code').execute();
    if (taken.length) throw conflict(`目标站点已有编号为“${nameFew(taken.map((t) => t.code), 3)}”的${what}`);
  };
  await clash('asset_cabinet', 'id', '柜体');
  await clash('asset_capacitor', 'cabinet_id', '电容器');
  await clash('asset_camera', 'cabinet_id', '摄像头');
  const equipment = await trx.selectFrom('asset_equipment').select(['id', 'code']).where('cabinet_id', 'in', cabinetIds).execute();
  await checkEquipmentLeaves(trx, equipment.map((e) => e.id), fromStationId, cabinetIds);
  // Capacitors moving with a cabinet must not leave their controller behind.
  const orphaned = await trx
    .selectFrom('asset_capacitor as k')
    .innerJoin('asset_equipment as e', 'e.id', 'k.equipment_id')
    .select('k.name')
    .where('k.cabinet_id', 'in', cabinetIds)
    .where((eb) => eb.or([eb('e.cabinet_id', 'is', null), eb('e.cabinet_id', 'not in', cabinetIds)]))
    .execute();
  if (orphaned.length) throw badRequest(`电容器“${nameFew(orphaned.map((c) => c.name), 3)}”的控制器不在要移动的柜体中，请先解除关联`);
  if (from.customer_id !== toCustomerId) await checkEquipmentCodes(trx, equipment.map((e) => e.code), toCustomerId);

  const t = Date.now();
  await trx.updateTable('asset_cabinet').set({ station_id: toStationId, updated_at: t }).where('id', 'in', cabinetIds).execute();
  moved.equipment = Number((await trx.updateTable('asset_equipment').set({ station_id: toStationId, customer_id: toCustomerId, updated_at: t }).where('cabinet_id', 'in', cabinetIds).executeTakeFirst()).numUpdatedRows);
  moved.capacitors = Number((await trx.updateTable('asset_capacitor').set({ station_id: toStationId, updated_at: t }).where('cabinet_id', 'in', cabinetIds).executeTakeFirst()).numUpdatedRows);
  moved.cameras = Number((await trx.updateTable('asset_camera').set({ station_id: toStationId, updated_at: t }).where('cabinet_id', 'in', cabinetIds).executeTakeFirst()).numUpdatedRows);
}

