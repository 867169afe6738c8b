import { z } from 'zod';
import { text, optionalText, id, int, flag } from '../fields';
import { POINT_RATIO_VALUES, type PointKind, type PointRatio } from './model';
import type { RawRuleRow } from './rule';

/** POST /api/bjPoint/edit: what a point may change after creation (its key and kind are fixed). */
export const pointEditBody = z.object({
  id: id('测点'),
  name: text('测点名称', { max: 64 }),
  unit: optionalText('单位', 16),
  precision: int('小数位数', { min: 0, max: 6 }),
  isTag: flag('是否实时标签'),
  enabled: flag('是否启用'),
  ratio: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.enum(POINT_RATIO_VALUES, { error: '变比类型取值无效' }).nullable()),
  orderNum: int('显示顺序', { min: 0, max: 9999 }).optional(),
});

/**
 * POST /api/bjPoint/remove. Points that a raw rule or an alarm config refers to are refused, and
 * the answer names them, unless `withRules` is true: then their rules and alarm configs go in the
 * same transaction. Removing a point on purpose should not silently drop an alarm someone set up.
 */
export const pointRemoveBody = z.object({
  ids: z.array(id('测点'), { error: '请选择要删除的测点' }).min(1, '请选择要删除的测点').max(500, '一次最多删除500个测点'),
  withRules: flag('一并删除规则').default(false),
});

/** POST /api/assetMaintenance/realTimeDataTagByBj: exactly these points become the live tags. */
export const realTimeTagBody = z.object({
  equipmentId: id('设备'),
  pointIds: z.array(id('测点'), { error: '测点必须是列表' }).max(200, '实时标签最多200个'),
});
/** GET /api/assetMaintenance/getRealTimeDataTagByBj?id= */
export const realTimeTagQuery = z.object({ id: id('设备') });

export interface PointRow {
  id: number;
  equipmentId: number;
  modelPointId: number | null;
  pointKey: string;
  name: string;
  kind: PointKind;
  kindName: string;
  unit: string | null;
  precision: number;
  ratio: PointRatio | null;
  isTag: boolean;
  enabled: boolean;
  orderNum: number;
  /** The raw tag binding, if any. */
  rule: RawRuleRow | null;
  alarmRuleCount: number;
}

/** A live tag of an equipment (a point shown on its card). */
export interface RealTimeTag {
  pointId: number;
  pointKey: string;
  name: string;
  kind: PointKind;
  unit: string | null;
  precision: number;
}
