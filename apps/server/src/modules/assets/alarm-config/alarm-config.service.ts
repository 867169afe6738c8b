import type { Kysely, Selectable } from 'kysely';
import {
  alarmConfigSaveBody,
  type AlarmChannel,
  type AlarmConfigInfo,
  type AlarmConfigSaveInput,
  type AlarmRuleInput,
  type AlarmRuleRow,
  type AlarmRuleType,
  type AlarmTemplateRule,
  type PointKind,
} from '@pdz/contracts';
import type { Database } from '../../../platform/db/schema';
import type { AssetTables } from '../../../platform/db/schema-assets';
import { badRequest } from '../../../platform/errors';
import { bit, bool } from '../../../platform/http';
import { loadEquipment, type Db, type EquipmentEntity, type Visible } from '../equipment/access';
import { templateRules } from './templates';

type AlarmEntity = Selectable<AssetTables['alarm_config']>;

export function toAlarmRow(a: AlarmEntity): AlarmRuleRow {
  return {
    id: a.id,
    equipmentId: a.equipment_id,
    pointId: a.point_id,
    ruleType: a.rule_type as AlarmRuleType,
    threshold: a.threshold === null ? null : Number(a.threshold),
    statusValue: a.status_value,
    deadband: Number(a.deadband),
    delayS: a.delay_s,
    level: a.level,
    channels: a.channels.split(',').filter(Boolean) as AlarmChannel[],
    message: a.message,
    enabled: bool(a.enabled),
  };
}

/** Table row of one rule; values a rule type does not use are stored as null. */
export function alarmColumns(equipmentId: number, pointId: number | null, r: AlarmRuleInput | AlarmTemplateRule, t: number) {
  return {
    equipment_id: equipmentId,
    point_id: pointId,
    rule_type: r.ruleType,
    threshold: r.ruleType === 'upper' || r.ruleType === 'lower' ? r.threshold : null,
    status_value: r.ruleType === 'status' ? r.statusValue : null,
    deadband: r.deadband,
    delay_s: r.delayS,
    level: r.level,
    channels: r.channels.join(','),
    message: r.message,
    enabled: bit(r.enabled),
    created_at: t,
    updated_at: t,
  };
}

const KIND_NAME: Record<string, string> = { yc: '遥测', yx: '遥信', ym: '遥脉', yk: '遥控' };

/**
 * Replaces the rules of one equipment (comm rules) or of one of its points, atomically. Rules must
 * suit the point: limits on 遥测/遥脉 points, status changes on 遥信 points.
 */
export async function saveAlarmConfig(db: Kysely<Database>, visible: Visible, input: AlarmConfigSaveInput): Promise<{ equipment: EquipmentEntity; pointKey: string | null; before: AlarmRuleRow[] }> {
  const equipment = await loadEquipment(db, visible, input.equipmentId);
  let pointKey: string | null = null;
  const pointId = input.pointId ?? null;
  if (pointId !== null) {
    const point = await db.selectFrom('asset_point').select(['id', 'kind', 'name', 'point_key']).where('id', '=', pointId).where('equipment_id', '=', equipment.id).executeTakeFirst();
    if (!point) throw badRequest('所选测点不属于该设备');
    pointKey = point.point_key;
    for (const r of input.rules) {
      if (r.ruleType === 'status' && point.kind !== 'yx') throw badRequest(`状态变位告警只能配置在遥信测点上，测点“${point.name}”是${KIND_NAME[point.kind] ?? point.kind}测点`);
      if ((r.ruleType === 'upper' || r.ruleType === 'lower') && point.kind !== 'yc' && point.kind !== 'ym') {
        throw badRequest(`越限告警只能配置在遥测或遥脉测点上，测点“${point.name}”是${KIND_NAME[point.kind] ?? point.kind}测点`);
      }
    }
  }
  const before = await rulesOf(db, equipment.id, pointId);
  const t = Date.now();
  await db.transaction().execute(async (trx) => {
    let del = trx.deleteFrom('alarm_config').where('equipment_id', '=', equipment.id);
    del = pointId === null ? del.where('point_id', 'is', null) : del.where('point_id', '=', pointId);
    await del.execute();
    if (input.rules.length) await trx.insertInto('alarm_config').values(input.rules.map((r) => alarmColumns(equipment.id, pointId, r, t))).execute();
  });
  return { equipment, pointKey, before };
}

async function rulesOf(db: Db, equipmentId: number, pointId: number | null): Promise<AlarmRuleRow[]> {
  let q = db.selectFrom('alarm_config').selectAll().where('equipment_id', '=', equipmentId);
  q = pointId === null ? q.where('point_id', 'is', null) : q.where('point_id', '=', pointId);
  return (await q.orderBy('id').execute()).map(toAlarmRow);
}

export async function alarmConfigInfo(db: Db, visible: Visible, equipmentId: number): Promise<AlarmConfigInfo> {
  const e = await loadEquipment(db, visible, equipmentId);
  const points = await db.selectFrom('asset_point').select(['id', 'point_key', 'name', 'kind', 'unit']).where('equipment_id', '=', e.id).orderBy('order_num').orderBy('id').execute();
  const rules = (await db.selectFrom('alarm_config').selectAll().where('equipment_id', '=', e.id).orderBy('id').execute()).map(toAlarmRow);
  const byPoint = new Map<number, AlarmRuleRow[]>();
  for (const r of rules) {
    if (r.pointId === null) continue;
    const list = byPoint.get(r.pointId);
    if (list) list.push(r);
    else byPoint.set(r.pointId, [r]);
  }
  return {
    equipmentId: e.id,
    equipmentCode: e.code,
    equipmentName: e.name,
    equipmentType: e.equipment_type,
    equipmentRules: rules.filter((r) => r.pointId === null),
    points: points.map((p) => ({ pointId: p.id, pointKey: p.point_key, name: p.name, kind: p.kind as PointKind, unit: p.unit, rules: byPoint.get(p.id) ?? [] })),
  };
}

/** The suggested rules for an equipment, not saved. */
export async function alarmTemplate(db: Db, visible: Visible, equipmentId: number): Promise<AlarmTemplateRule[]> {
  const e = await loadEquipment(db, visible, equipmentId);
  const points = await db.selectFrom('asset_point').select(['point_key', 'name']).where('equipment_id', '=', e.id).execute();
  return templateRules(e, points);
}

/**
 * Replaces the rules of every target the template covers (the equipment's comm rule and each
 * point with suggested rules) by the template's; other points keep theirs. One transaction.
 */
export async function applyAlarmTemplate(db: Kysely<Database>, visible: Visible, equipmentId: number): Promise<{ equipment: EquipmentEntity; rules: number }> {
  const e = await loadEquipment(db, visible, equipmentId);
  const points = await db.selectFrom('asset_point').select(['id', 'point_key', 'name']).where('equipment_id', '=', e.id).execute();
  const idOf = new Map(points.map((p) => [p.point_key, p.id]));
  const suggested = templateRules(e, points);
  // The template goes through the same validation as a hand-made rule set.
  const targets = new Map<number | null, AlarmTemplateRule[]>();
  for (const r of suggested) {
    const pid = r.pointKey === null ? null : idOf.get(r.pointKey)!;
    targets.set(pid, [...(targets.get(pid) ?? []), r]);
  }
  for (const [pid, rules] of targets) alarmConfigSaveBody.parse({ equipmentId: e.id, pointId: pid ?? undefined, rules });
  const t = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const [pid, rules] of targets) {
      let del = trx.deleteFrom('alarm_config').where('equipment_id', '=', e.id);
      del = pid === null ? del.where('point_id', 'is', null) : del.where('point_id', '=', pid);
      await del.execute();
      await trx.insertInto('alarm_config').values(rules.map((r) => alarmColumns(e.id, pid, r, t))).execute();
    }
  });
  return { equipment: e, rules: suggested.length };
}
