import type { PointRow } from '@pdz/contracts';
import type { PointEditBody } from '../api/point';
import type { RawRuleBody } from '../api/rule';

/** The fields of a point the point dialog edits (key and kind are fixed once created). */
export type PointChanges = Partial<Pick<PointEditBody, 'name' | 'unit' | 'precision' | 'isTag' | 'enabled' | 'ratio' | 'orderNum'>>;

/**
 * POST /api/bjPoint/edit replaces every editable field, so a single change (one switch in the
 * table) must carry the row's other values unchanged. Blank units become null like the server
 * stores them.
 */
export function pointEditRequest(row: PointRow, changes: PointChanges = {}): PointEditBody {
  const merged = {
    name: row.name,
    unit: row.unit,
    precision: row.precision,
    isTag: row.isTag,
    enabled: row.enabled,
    ratio: row.ratio,
    orderNum: row.orderNum,
    ...changes,
  };
  const unit = typeof merged.unit === 'string' ? merged.unit.trim() : merged.unit;
  return {
    id: row.id,
    name: merged.name.trim(),
    unit: unit ? unit : null,
    precision: merged.precision,
    isTag: merged.isTag,
    enabled: merged.enabled,
    ratio: merged.ratio ?? null,
    orderNum: merged.orderNum,
  };
}

/**
 * realTimeDataTagByBj takes the complete set of live tags of the equipment: today's tags with
 * one point switched on or off, in display order.
 */
export function nextTagIds(points: PointRow[], pointId: number, on: boolean): number[] {
  return points.filter((p) => (p.id === pointId ? on : p.isTag)).map((p) => p.id);
}

/** Points whose removal also drops a raw-tag binding or alarm rules (the server refuses otherwise). */
export function pointsWithRules(points: PointRow[]): PointRow[] {
  return points.filter((p) => p.rule !== null || p.alarmRuleCount > 0);
}

/**
 * The question before removing points, and whether the request must say `withRules`: the
 * operator is told by name which bindings and alarms go too, so nothing is dropped silently.
 */
export function pointRemoval(points: PointRow[]): { question: string; withRules: boolean } {
  const what = points.length <= 3 ? `测点${points.map((p) => `“${p.name}”`).join('、')}` : `选中的 ${points.length} 个测点`;
  const withRules = pointsWithRules(points);
  let question = `是否确认删除${what}？`;
  if (withRules.length) {
    const bound = withRules.filter((p) => p.rule).length;
    const alarms = withRules.reduce((n, p) => n + p.alarmRuleCount, 0);
    const parts = [bound ? `${bound} 个原始标签绑定` : '', alarms ? `${alarms} 条告警规则` : ''].filter(Boolean).join('、');
    question += `其中 ${withRules.length} 个测点配置了 ${parts}，将一并删除。`;
  }
  return { question, withRules: withRules.length > 0 };
}

/** The raw tag a gateway most likely sends for a point: `<equipment code>.<point key>` (design §6). */
export function suggestedRawTag(equipmentCode: string, pointKey: string): string {
  return `${equipmentCode}.${pointKey}`;
}

/** value = raw × scale + offset, rounded to the point's precision for the preview. */
export function scaledValue(raw: number, scale: number, offset: number, precision = 6): number {
  const v = raw * scale + offset;
  const f = 10 ** Math.min(Math.max(precision, 0), 10);
  return Math.round(v * f) / f;
}

/** The rule dialog's values → POST iotdatarawrule/edit. */
export function ruleRequest(pointId: number, v: { gatewayId: number; rawTag: string; scale?: number | null; offset?: number | null; enabled?: boolean }): RawRuleBody {
  return {
    pointId,
    gatewayId: v.gatewayId,
    rawTag: v.rawTag.trim(),
    scale: v.scale ?? 1,
    offset: v.offset ?? 0,
    enabled: v.enabled ?? true,
  };
}

/**
 * 批量绑定: a rule for every unbound point of the equipment, on its own gateway, with the
 * suggested tag and no scaling (most gateways are configured to send engineering values keyed
 * this way). Nothing without a gateway: the operator must choose one per point then.
 */
export function bulkBindPlan(equipment: { code: string; gatewayId: number | null }, points: PointRow[]): RawRuleBody[] {
  if (!equipment.gatewayId) return [];
  const gatewayId = equipment.gatewayId;
  return points.filter((p) => !p.rule).map((p) => ruleRequest(p.id, { gatewayId, rawTag: suggestedRawTag(equipment.code, p.pointKey) }));
}
