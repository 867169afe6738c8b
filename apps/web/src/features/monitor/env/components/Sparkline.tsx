import { memo } from 'react';

export interface SparkSeries {
  ts: readonly number[];
  values: readonly number[];
  color: string;
}

/** Points of one series scaled into the box (own min/max; a flat series sits in the middle). */
export function sparkPath(ts: readonly number[], values: readonly number[], from: number, to: number, width: number, height: number, pad = 2): string {
  if (!ts.length) return '';
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const span = hi - lo;
  const x = (t: number) => ((t - from) / Math.max(1, to - from)) * width;
  const y = (v: number) => (span > 0 ? pad + (1 - (v - lo) / span) * (height - 2 * pad) : height / 2);
  return ts.map((t, i) => `${i ? 'L' : 'M'}${x(t).toFixed(1)},${y(values[i]).toFixed(1)}`).join('');
}

/**
 * A tiny SVG line chart (no ECharts instance per card: a station may have dozens of sensors).
 * Each series is scaled on its own, so temperature and humidity both show their shape.
 */
export const Sparkline = memo(function Sparkline({ series, from, to, width = 200, height = 36, label }: { series: readonly SparkSeries[]; from: number; to: number; width?: number; height?: number; label: string }) {
  const has = series.some((s) => s.ts.length > 1);
  return (
    <svg width="100%" height={height} viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={label}>
      {has ? (
        series.map((s, i) => <path key={i} d={sparkPath(s.ts, s.values, from, to, width, height)} fill="none" stroke={s.color} strokeWidth={1.5} vectorEffect="non-scaling-stroke" />)
      ) : (
        <text x={width / 2} y={height / 2 + 4} textAnchor="middle" fontSize={11} fill="#bfbfbf">
          近24小时暂无数据
        </text>
      )}
    </svg>
  );
});
