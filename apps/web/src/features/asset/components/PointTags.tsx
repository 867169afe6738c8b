import { Tag } from 'antd';
import { POINT_KINDS, POINT_RATIOS, type PointKind, type PointRatio } from '@pdz/contracts';

const KIND_COLORS: Record<PointKind, string> = { yc: 'blue', yx: 'purple', ym: 'cyan', yk: 'orange' };

export const POINT_KIND_OPTIONS = POINT_KINDS.map((k) => ({ value: k.value, label: k.label }));
/** 变比 select: none, PT, CT or both (the value null means never scaled). */
export const POINT_RATIO_OPTIONS = [{ value: '', label: '不换算' }, ...POINT_RATIOS.map((r) => ({ value: r.value, label: r.label }))];

export function PointKindTag({ kind }: { kind: PointKind }) {
  return <Tag color={KIND_COLORS[kind]}>{POINT_KINDS.find((k) => k.value === kind)?.label ?? kind}</Tag>;
}

export function pointRatioLabel(r: PointRatio | null): string {
  return r ? (POINT_RATIOS.find((x) => x.value === r)?.label ?? r) : '-';
}
