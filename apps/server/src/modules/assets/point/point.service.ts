import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { pointKindLabel, type PointKind, type PointRatio, type PointRow, type RealTimeTag, pointEditBody } from '@pdz/contracts';
import type { Database } from '../../../platform/db/schema';
import { badRequest, notFound } from '../../../platform/errors';
import { bit, bool } from '../../../platform/http';
import { inVisible, loadEquipment, loadPoint, type Db, type EquipmentEntity, type PointEntity, type Visible } from '../equipment/access';
import { toRuleRow } from '../rawrule/rawrule.service';

/** Points of an equipment in display order, each with its raw-tag rule and alarm-rule count. */
export async function pointsOfEquipment(db: Db, visible: Visible, equipmentId: number): Promise<PointRow[]> {
  await loadEquipment(db, visible, equipmentId);
  const rows = await db
    .selectFrom('asset_point as p')
    .leftJoin('iot_raw_rule as r', 'r.point_id', 'p.id')
    .leftJoin('asset_gateway as g', 'g.id', 'r.gateway_id')
    .selectAll('p')
    .select([
      'r.id as rule_id',
      'r.gateway_id as rule_gateway_id',
      'g.code as rule_gateway_code',
      'r.raw_tag as rule_raw_tag',
      'r.scale as rule_scale',
      'r.offset as rule_offset',
      'r.enabled as rule_enabled',
      'r.updated_at as rule_updated_at',
    ])
    .select((eb) => eb.selectFrom('alarm_config as a').select(eb.fn.countAll<number>().as('n')).whereRef('a.point_id', '=', 'p.id').as('alarm_count'))
    .where('p.equipment_id', '=', equipmentId)
    .orderBy('p.order_num')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    ...toPointRow(r),
    rule:
      r.rule_id === null
        ? null
        : toRuleRow({
            id: r.rule_id,
            point_id: r.id,
            gateway_id: r.rule_gateway_id!,
            gateway_code: r.rule_gateway_code ?? '',
            raw_tag: r.rule_raw_tag!,
            scale: r.rule_scale!,
            offset: r.rule_offset!,
            enabled: r.rule_enabled!,
            updated_at: r.rule_updated_at!,
          }),
    alarmRuleCount: Number(r.alarm_count ?? 0),
  }));
}

export function toPointRow(p: PointEntity): Omit<PointRow, 'rule' | 'alarmRuleCount'> {
  return {
    id: p.id,
    equipmentId: p.equipment_id,
    modelPointId: p.model_point_id,
    pointKey: p.point_key,
    name: p.name,
    kind: p.kind as PointKind,
    kindName: pointKindLabel(p.kind),
    unit: p.unit,
    precision: p.precision,
    ratio: p.ratio as PointRatio | null,
    isTag: bool(p.is_tag),
    enabled: bool(p.enabled),
    orderNum: p.order_num,
  };
}

export async function editPoint(db: Kysely<Database>, visible: Visible, input: z.infer<typeof pointEditBody>): Promise<{ point: PointEntity; equipment: EquipmentEntity }> {
  const found = await loadPoint(db, visible, input.id);
  await db
    .updateTable('asset_point')
    .set({
      name: input.name,
      unit: input.unit,
      precision: input.precision,
      is_tag: bit(input.isTag),
      enabled: bit(input.enabled),
      ratio: input.ratio,
      ...(input.orderNum === undefined ? {} : { order_num: input.orderNum }),
      updated_at: Date.now(),
    })
    .where('id', '=', input.id)
    .execute();
  return found;
}

/**
 * Removes points. A point that a raw rule or an alarm config uses is refused (the answer names
 * it) unless `withRules` is set, in which case those go too, in the same transaction.
 */
export async function removePoints(db: Kysely<Database>, visible: Visible, ids: number[], withRules: boolean): Promise<{ points: string[]; rules: number; alarms: number }> {
  const unique = [...new Set(ids)];
  const rows = await db
    .selectFrom('asset_point as p')
    .innerJoin('asset_equipment as e', 'e.id', 'p.equipment_id')
    .select(['p.id', 'p.name', 'p.point_key', 'e.code as equipment_code'])
    .where('p.id', 'in', unique)
    .where(inVisible('e.customer_id', visible))
    .orderBy('e.code')
    .orderBy('p.order_num')
    .orderBy('p.id')
    .execute();
  if (rows.length !== unique.length) throw notFound('测点');
  const ruled = await db.selectFrom('iot_raw_rule').select('point_id').where('point_id', 'in', unique).execute();
  const alarmed = await db.selectFrom('alarm_config').select('point_id').where('point_id', 'in', unique).execute();
  const bound = new Set([...ruled, ...alarmed].map((r) => r.point_id));
  if (bound.size && !withRules) {
    const names = rows.filter((r) => bound.has(r.id)).map((r) => `“${r.name}”`);
    const shown = names.slice(0, 5).join('') + (names.length > 5 ? `等${names.length}个测点` : '');
    throw badRequest(`测点${shown}已配置原始数据规则或告警，请先解除，或选择一并删除其规则`);
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('iot_raw_rule').where('point_id', 'in', unique).execute();
    await trx.deleteFrom('alarm_config').where('point_id', 'in', unique).execute();
    await trx.deleteFrom('asset_point').where('id', 'in', unique).execute();
  });
  return { points: rows.map((r) => `${r.equipment_code}.${r.point_key}`), rules: ruled.length, alarms: alarmed.length };
}

/** Exactly the given points of the equipment become its live tags; the others stop being tags. */
export async function setRealTimeTags(db: Kysely<Database>, visible: Visible, equipmentId: number, pointIds: number[]): Promise<EquipmentEntity> {
  const equipment = await loadEquipment(db, visible, equipmentId);
  const unique = [...new Set(pointIds)];
  if (unique.length) {
    const own = await db.selectFrom('asset_point').select('id').where('equipment_id', '=', equipmentId).where('id', 'in', unique).execute();
    if (own.length !== unique.length) throw badRequest('所选测点不属于该设备');
  }
  const t = Date.now();
  await db.transaction().execute(async (trx) => {
    let off = trx.updateTable('asset_point').set({ is_tag: 0, updated_at: t }).where('equipment_id', '=', equipmentId).where('is_tag', '=', 1);
    if (unique.length) off = off.where('id', 'not in', unique);
    await off.execute();
    if (unique.length) await trx.updateTable('asset_point').set({ is_tag: 1, updated_at: t }).where('id', 'in', unique).execute();
  });
  return equipment;
}

export async function realTimeTags(db: Db, visible: Visible, equipmentId: number): Promise<RealTimeTag[]> {
  await loadEquipment(db, visible, equipmentId);
  const rows = await db
    .selectFrom('asset_point')
    .select(['id', 'point_key', 'name', 'kind', 'unit', 'precision'])
    .where('equipment_id', '=', equipmentId)
    .where('is_tag', '=', 1)
    .orderBy('order_num')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ pointId: r.id, pointKey: r.point_key, name: r.name, kind: r.kind as PointKind, unit: r.unit, precision: r.precision }));
}
