import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { PointKind, RawRuleListRow, RawRuleRow, rawRuleEditBody } from '@pdz/contracts';
import type { Database } from '../../../platform/db/schema';
import { badRequest, conflict, notFound } from '../../../platform/errors';
import { bit, bool } from '../../../platform/http';
import { inVisible, loadPoint, uniquely, type Db, type EquipmentEntity, type PointEntity, type Visible } from '../equipment/access';

interface RuleJoined {
  id: number;
  point_id: number;
  gateway_id: number;
  gateway_code: string;
  raw_tag: string;
  scale: number;
  offset: number;
  enabled: number;
  updated_at: number;
}

export function toRuleRow(r: RuleJoined): RawRuleRow {
  return {
    id: r.id,
    pointId: r.point_id,
    gatewayId: r.gateway_id,
    gatewayCode: r.gateway_code,
    rawTag: r.raw_tag,
    scale: Number(r.scale),
    offset: Number(r.offset),
    enabled: bool(r.enabled),
    updatedAt: r.updated_at,
  };
}

function ruleSelect(db: Db) {
  return db
    .selectFrom('iot_raw_rule as r')
    .innerJoin('asset_gateway as g', 'g.id', 'r.gateway_id')
    .innerJoin('asset_point as p', 'p.id', 'r.point_id')
    .innerJoin('asset_equipment as e', 'e.id', 'p.equipment_id')
    .selectAll('r')
    .select('g.code as gateway_code');
}

/** By rule id (404 when missing) or by point (null when the point has no rule yet). */
export async function getRule(db: Db, visible: Visible, q: { id?: number; pointId?: number }): Promise<RawRuleRow | null> {
  if (q.id !== undefined) {
    const r = await ruleSelect(db).where('r.id', '=', q.id).where(inVisible('e.customer_id', visible)).executeTakeFirst();
    if (!r) throw notFound('原始数据规则');
    return toRuleRow(r);
  }
  await loadPoint(db, visible, q.pointId!);
  const r = await ruleSelect(db).where('r.point_id', '=', q.pointId!).executeTakeFirst();
  return r ? toRuleRow(r) : null;
}

/**
 * Creates or replaces the rule of a point. The gateway must be the equipment's own gateway or
 * another gateway of its station; a raw tag means one point per gateway.
 */
export async function saveRule(
  db: Kysely<Database>,
  visible: Visible,
  input: z.infer<typeof rawRuleEditBody>,
): Promise<{ rule: RawRuleRow; created: boolean; point: PointEntity; equipment: EquipmentEntity; before: RawRuleRow | null }> {
  const { point, equipment } = await loadPoint(db, visible, input.pointId);
  const gateway = await db.selectFrom('asset_gateway').select(['id', 'code', 'station_id', 'customer_id']).where('id', '=', input.gatewayId).executeTakeFirst();
  if (!gateway || gateway.customer_id !== equipment.customer_id) throw notFound('网关');
  if (gateway.id !== equipment.gateway_id && gateway.station_id !== equipment.station_id) throw badRequest('网关必须是设备所接的网关或同一站点的网关');
  const clash = await db
    .selectFrom('iot_raw_rule as r')
    .innerJoin('asset_point as p', 'p.id', 'r.point_id')
    .innerJoin('asset_equipment as e', 'e.id', 'p.equipment_id')
    .select(['p.name', 'e.code'])
    .where('r.gateway_id', '=', gateway.id)
    .where('r.raw_tag', '=', input.rawTag)
    .where('r.point_id', '!=', point.id)
    .executeTakeFirst();
  const taken = () => conflict(`原始标签“${input.rawTag}”在网关“${gateway.code}”上已被使用`);
  if (clash) throw conflict(`原始标签“${input.rawTag}”在网关“${gateway.code}”上已被设备“${clash.code}”的测点“${clash.name}”使用`);
  const before = await ruleSelect(db).where('r.point_id', '=', point.id).executeTakeFirst();
  const t = Date.now();
  const values = { gateway_id: gateway.id, raw_tag: input.rawTag, scale: input.scale, offset: input.offset, enabled: bit(input.enabled), updated_at: t };
  await uniquely(async () => {
    if (before) await db.updateTable('iot_raw_rule').set(values).where('id', '=', before.id).execute();
    else await db.insertInto('iot_raw_rule').values({ point_id: point.id, ...values }).execute();
  }, taken);
  const saved = await ruleSelect(db).where('r.point_id', '=', point.id).executeTakeFirstOrThrow();
  return { rule: toRuleRow(saved), created: !before, point, equipment, before: before ? toRuleRow(before) : null };
}

export async function removeRule(db: Kysely<Database>, visible: Visible, pointId: number): Promise<{ rule: RawRuleRow; point: PointEntity; equipment: EquipmentEntity }> {
  const { point, equipment } = await loadPoint(db, visible, pointId);
  const r = await ruleSelect(db).where('r.point_id', '=', pointId).executeTakeFirst();
  if (!r) throw notFound('原始数据规则');
  await db.deleteFrom('iot_raw_rule').where('id', '=', r.id).execute();
  return { rule: toRuleRow(r), point, equipment };
}

/** Every rule of a gateway with the point it feeds (gateway page; the telemetry issue's loader). */
export async function rulesOfGateway(db: Db, visible: Visible, gatewayId: number): Promise<RawRuleListRow[]> {
  const gateway = await db.selectFrom('asset_gateway').select('id').where('id', '=', gatewayId).where(inVisible('customer_id', visible)).executeTakeFirst();
  if (!gateway) throw notFound('网关');
  const rows = await ruleSelect(db)
    .select(['e.id as equipment_id', 'e.code as equipment_code', 'e.name as equipment_name', 'p.point_key', 'p.name as point_name', 'p.kind', 'p.unit', 'p.enabled as point_enabled'])
    .where('r.gateway_id', '=', gatewayId)
    .orderBy('e.code')
    .orderBy('p.order_num')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    ...toRuleRow(r),
    equipmentId: r.equipment_id,
    equipmentCode: r.equipment_code,
    equipmentName: r.equipment_name,
    pointKey: r.point_key,
    pointName: r.point_name,
    kind: r.kind as PointKind,
    unit: r.unit,
    pointEnabled: bool(r.point_enabled),
  }));
}
