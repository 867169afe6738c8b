import { modelPointsSaveBody, type ModelPointRow, type PointKind } from '@pdz/contracts';
import type { ModelPointValues } from '../api/model';

/** One row of the point-set editor: blanks allowed while typing; ratio '' means 不换算. */
export interface ModelPointForm {
  id?: number;
  pointKey?: string;
  name?: string;
  kind?: PointKind;
  unit?: string | null;
  precision?: number | null;
  ratio?: string | null;
  isTag?: boolean;
  orderNum?: number | null;
}

export function modelPointsToForm(points: ModelPointRow[]): ModelPointForm[] {
  return points.map((p) => ({ id: p.id, pointKey: p.pointKey, name: p.name, kind: p.kind, unit: p.unit, precision: p.precision, ratio: p.ratio ?? '', isTag: p.isTag, orderNum: p.orderNum }));
}

/** A new row: an analog point with two decimals, ordered after the last one. */
export function newModelPoint(rows: ModelPointForm[]): ModelPointForm {
  const last = rows.reduce((m, r) => Math.max(m, r.orderNum ?? 0), 0);
  return { pointKey: '', name: '', kind: 'yc', unit: '', precision: 2, ratio: '', isTag: false, orderNum: last + 1 };
}

/** Points copied from another model become new rows (no ids) of this one. */
export function copyModelPoints(points: ModelPointRow[]): ModelPointForm[] {
  return modelPointsToForm(points).map(({ id: _id, ...rest }) => rest);
}

export function toModelPoint(f: ModelPointForm): ModelPointValues {
  const unit = f.unit?.trim();
  return {
    ...(f.id ? { id: f.id } : {}),
    pointKey: (f.pointKey ?? '').trim(),
    name: (f.name ?? '').trim(),
    kind: f.kind ?? 'yc',
    unit: unit ? unit : null,
    precision: f.precision ?? 2,
    ratio: f.ratio ? (f.ratio as ModelPointValues['ratio']) : null,
    isTag: f.isTag ?? false,
    orderNum: f.orderNum ?? 0,
  };
}

export type ModelPointsResult = { ok: true; points: ModelPointValues[] } | { ok: false; message: string };

/**
 * The editor's rows → savePoints body, checked with the contract (duplicate keys, key format,
 * at most 200 points) so the operator reads the server's words before anything is sent; a
 * problem of one row names it ("第 3 行：…").
 */
export function toModelPointsRequest(modelId: number, rows: ModelPointForm[]): ModelPointsResult {
  const points = rows.map(toModelPoint);
  const parsed = modelPointsSaveBody.safeParse({ modelId, points });
  if (parsed.success) return { ok: true, points };
  const issue = parsed.error.issues[0];
  const index = issue.path[0] === 'points' && typeof issue.path[1] === 'number' ? issue.path[1] : null;
  return { ok: false, message: index === null ? issue.message : `第 ${index + 1} 行：${issue.message}` };
}

/** How many saved points the new set drops (asked about before saving). */
export function droppedPoints(saved: ModelPointRow[], rows: ModelPointForm[]): ModelPointRow[] {
  const kept = new Set(rows.map((r) => r.id).filter((id): id is number => id !== undefined));
  return saved.filter((p) => !kept.has(p.id));
}
