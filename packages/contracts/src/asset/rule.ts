import { z } from 'zod';
import { text, id, num, flag } from '../fields';
import type { PointKind } from './model';

/** Raw tags are what a gateway sends as keys of `values` (design §6): printable, no spaces. */
export const RAW_TAG_PATTERN = /^[^\s]+$/;

const maybeId = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), id(label).optional());

/** GET /api/pdfznjkpt/iotdatarawrule/getById?id= (rule id) or ?pointId= */
export const rawRuleGetQuery = z
  .object({ id: maybeId('规则'), pointId: maybeId('测点') })
  .refine((q) => q.id !== undefined || q.pointId !== undefined, '请指定规则或测点');

/**
 * POST /api/pdfznjkpt/iotdatarawrule/edit: one rule per point (created or replaced). The gateway
 * must be the equipment's gateway or one in the equipment's station; a raw tag is unique per gateway.
 * value = raw × scale + offset.
 */
export const rawRuleEditBody = z.object({
  pointId: id('测点'),
  gatewayId: id('网关'),
  rawTag: text('原始标签', { max: 128 }).regex(RAW_TAG_PATTERN, '原始标签不能包含空格'),
  scale: num('倍率', { min: -1e9, max: 1e9 })
    .refine((v) => v !== 0, '倍率不能为0')
    .default(1),
  offset: num('偏移量', { min: -1e9, max: 1e9 }).default(0),
  enabled: flag('是否启用').default(true),
});
/** GET /api/pdfznjkpt/iotdatarawrule/remove?pointId=: unbinds a point. */
export const rawRuleRemoveQuery = z.object({ pointId: id('测点') });
/** GET /api/pdfznjkpt/iotdatarawrule/list?gatewayId=: every rule of a gateway (telemetry, gateway page). */
export const rawRuleListQuery = z.object({ gatewayId: id('网关') });

export interface RawRuleRow {
  id: number;
  pointId: number;
  gatewayId: number;
  gatewayCode: string;
  rawTag: string;
  scale: number;
  offset: number;
  enabled: boolean;
  updatedAt: number;
}

/** A rule with what it feeds, as a gateway's rule table shows it. */
export interface RawRuleListRow extends RawRuleRow {
  equipmentId: number;
  equipmentCode: string;
  equipmentName: string;
  pointKey: string;
  pointName: string;
  kind: PointKind;
  unit: string | null;
  pointEnabled: boolean;
}
