import { z } from 'zod';
import { text, optionalText, id, int, flag, oneOf } from '../fields';
import { pageQuery } from '../envelope';

/**
 * Equipment types: what a piece of monitored equipment is. The model (型号) fixes the type, and
 * the equipment copies it so the tree and lists can filter without a join.
 */
export const EQUIPMENT_TYPES = [
  { value: 'meter', label: '多功能电表' },
  { value: 'circuit_meter', label: '单回路电表' },
  { value: 'transformer', label: '干式变压器' },
  { value: 'th_sensor', label: '温湿度传感器' },
  { value: 'door', label: '门磁' },
  { value: 'water', label: '水浸传感器' },
  { value: 'smoke', label: '烟感' },
  { value: 'breaker', label: '智能微断' },
  { value: 'capacitor', label: '电容补偿' },
] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number]['value'];
export const EQUIPMENT_TYPE_VALUES = EQUIPMENT_TYPES.map((t) => t.value) as unknown as readonly [EquipmentType, ...EquipmentType[]];
/** Dictionary holding the same list, so the console's dictionary hook can show it too. */
export const DICT_EQUIPMENT_TYPE = 'dict_equipment_type';

export function equipmentTypeLabel(value: string): string {
  return EQUIPMENT_TYPES.find((t) => t.value === value)?.label ?? value;
}

/** Point kinds of Chinese SCADA practice (design §6). */
export const POINT_KINDS = [
  { value: 'yc', label: '遥测' },
  { value: 'yx', label: '遥信' },
  { value: 'ym', label: '遥脉' },
  { value: 'yk', label: '遥控' },
] as const;
export type PointKind = (typeof POINT_KINDS)[number]['value'];
export const POINT_KIND_VALUES = ['yc', 'yx', 'ym', 'yk'] as const;

export function pointKindLabel(value: string): string {
  return POINT_KINDS.find((k) => k.value === value)?.label ?? value;
}

/**
 * Which transformer ratio a point's secondary value is multiplied by (domain §1): voltages by PT,
 * currents by CT, powers and energies by both. Null: never scaled (temperatures, states).
 */
export const POINT_RATIOS = [
  { value: 'pt', label: 'PT变比' },
  { value: 'ct', label: 'CT变比' },
  { value: 'ctpt', label: 'CT×PT' },
] as const;
export const POINT_RATIO_VALUES = ['pt', 'ct', 'ctpt'] as const;
export type PointRatio = (typeof POINT_RATIO_VALUES)[number];

/** Point keys become part of raw tags (`<equipmentCode>.<pointKey>`), so no dots or spaces. */
export const POINT_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*$/;
export const MODEL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
export const MAX_MODEL_POINTS = 200;

export const MODEL_SORT_COLUMNS = ['id', 'code', 'name', 'equipmentType', 'createdAt'] as const;

/** POST /api/pdfznjkpt/bjxh/select */
export const modelQuery = pageQuery.extend({
  equipmentType: z.string().trim().max(32).optional(),
  keyword: z.string().trim().max(64).optional(),
  builtIn: flag('是否内置').optional(),
});

const nullableRatio = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.enum(POINT_RATIO_VALUES, { error: '变比类型取值无效' }).nullable(),
);

/** One point of a model's standard set (also reused for per-equipment point edits). */
export const modelPointInput = z.object({
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('测点').optional()),
  pointKey: text('测点标识', { max: 32 }).regex(POINT_KEY_PATTERN, '测点标识只能以字母开头，包含字母、数字和 _ + -'),
  name: text('测点名称', { max: 64 }),
  kind: oneOf('测点类型', POINT_KIND_VALUES),
  unit: optionalText('单位', 16),
  precision: int('小数位数', { min: 0, max: 6 }).default(2),
  ratio: nullableRatio,
  isTag: flag('是否实时标签').default(false),
  orderNum: int('显示顺序', { min: 0, max: 9999 }).default(0),
});
export type ModelPointInput = z.infer<typeof modelPointInput>;

const pointSet = z
  .array(modelPointInput, { error: '测点必须是列表' })
  .max(MAX_MODEL_POINTS, `一个型号最多${MAX_MODEL_POINTS}个测点`)
  .superRefine((points, ctx) => {
    const seen = new Set<string>();
    for (const p of points) {
      if (seen.has(p.pointKey)) ctx.addIssue({ code: 'custom', message: `测点标识“${p.pointKey}”重复` });
      seen.add(p.pointKey);
    }
  });

const modelFields = {
  code: text('型号编码', { max: 64 }).regex(MODEL_CODE_PATTERN, '型号编码只能包含字母、数字、_ 和 -'),
  name: text('型号名称', { max: 100 }),
  equipmentType: oneOf('设备类型', EQUIPMENT_TYPE_VALUES),
  manufacturer: optionalText('生产厂家', 100),
  description: optionalText('说明', 500),
};
/** POST /api/pdfznjkpt/bjxh/add: the model with its standard point set. */
export const modelAddBody = z.object({ ...modelFields, points: pointSet.default([]) });
/** POST /api/pdfznjkpt/bjxh/edit: name, type and description; a built-in model keeps its code and type. */
export const modelEditBody = z.object({ id: id('型号'), ...modelFields });
/**
 * POST /api/pdfznjkpt/bjxh/savePoints: replaces the model's standard point set (rows with an id
 * are updated, new rows added, missing rows removed). Equipment already created from the model
 * keeps its own points: the set is the template for equipment added afterwards.
 */
export const modelPointsSaveBody = z.object({ modelId: id('型号'), points: pointSet });
/** GET /api/pdfznjkpt/bjxh/remove?id= */
export const modelRemoveQuery = z.object({ id: id('型号') });
/** GET /api/bjPoint/bjxhPointTreeData?id= (no id: every model). */
export const modelPointTreeQuery = z.object({
  id: z.preprocess((v) => (v === '' || v === null ? undefined : v), id('型号').optional()),
});

export interface ModelPointRow {
  id: number;
  modelId: number;
  pointKey: string;
  name: string;
  kind: PointKind;
  unit: string | null;
  precision: number;
  ratio: PointRatio | null;
  isTag: boolean;
  orderNum: number;
}

export interface EquipmentModelRow {
  id: number;
  code: string;
  name: string;
  equipmentType: string;
  equipmentTypeName: string;
  manufacturer: string | null;
  description: string | null;
  /** Built-in models cannot be removed (the demo fleet, templates and import examples use them). */
  builtIn: boolean;
  pointCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface EquipmentModelDetail extends EquipmentModelRow {
  points: ModelPointRow[];
}

/** A node of the model → point picker tree (antd Tree / TreeSelect read key, value, title). */
export interface PointTreeNode {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  selectable: boolean;
  /** Model id on model nodes, model point id on point nodes. */
  id: number;
  pointKey?: string;
  kind?: PointKind;
  unit?: string | null;
  children?: PointTreeNode[];
}
