import dayjs from 'dayjs';
import type { HistoryResult, HistorySeries } from '@pdz/contracts';
import type { EChartOption } from '@/components/EChart';
import { TIME_FORMATS } from './ranges';

/**
 * Chart series from the column-wise history answer. Everything here runs once per answer over
 * plain arrays (a year of quarter-hours is 35,040 values per point); React never sees a point.
 *
 * - raw: one line per point, ECharts `lttb` sampling thins it to the pixels.
 * - rollups (15 min / day / month): the average as a line, and the min–max band behind it, so a
 *   spike inside a bucket stays visible. The band is pre-reduced here to BAND_BUCKETS by min of
 *   mins / max of maxes: ECharts samples each series alone, which would tear a stacked band apart.
 * - accumulators (遥脉) at a rollup: consumption per bucket as bars (large mode).
 */
export const MAX_CHART_POINTS = 8;
export const MAX_CHART_UNITS = 2;
export const BAND_BUCKETS = 2_000;
/** ECharts' default palette: a point keeps its colour across line, band and live tail. */
export const PALETTE = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4'];

export interface ChartPoint {
  pointId: number;
  name: string;
  unit: string | null;
  /** yc / yx / ym */
  kind: string;
  precision: number;
}

export const unitLabel = (unit: string | null | undefined) => (unit ? unit : '无单位');
const unitKey = (unit: string | null | undefined) => unit ?? '';

/** Units of the selection in first-seen order; each gets one y-axis (left, then right). */
export function unitAxes(points: readonly ChartPoint[]): string[] {
  const units: string[] = [];
  for (const p of points) if (!units.includes(unitKey(p.unit))) units.push(unitKey(p.unit));
  return units;
}

/** Why `candidate` cannot join the selection (at most 8 points, at most 2 units), or null. */
export function selectionProblem(selected: readonly ChartPoint[], candidate: ChartPoint): string | null {
  if (selected.some((p) => p.pointId === candidate.pointId)) return null;
  if (selected.length >= MAX_CHART_POINTS) return `一张图最多${MAX_CHART_POINTS}个测点`;
  const units = unitAxes(selected);
  if (units.length >= MAX_CHART_UNITS && !units.includes(unitKey(candidate.unit))) return `一张图最多两种单位（已选：${units.map(unitLabel).join('、')}）`;
  return null;
}

/** Min/max pairs reduced to at most `buckets` groups of consecutive values (spikes kept). */
export function reduceBand(ts: readonly number[], min: readonly number[], max: readonly number[], buckets = BAND_BUCKETS) {
  const n = ts.length;
  if (n <= buckets) return { ts: ts.slice(), min: min.slice(), max: max.slice() };
  const size = Math.ceil(n / buckets);
  const out = { ts: [] as number[], min: [] as number[], max: [] as number[] };
  for (let i = 0; i < n; i += size) {
    let lo = Infinity;
    let hi = -Infinity;
    const end = Math.min(n, i + size);
    for (let j = i; j < end; j++) {
      if (min[j] < lo) lo = min[j];
      if (max[j] > hi) hi = max[j];
    }
    out.ts.push(ts[i]);
    out.min.push(lo);
    out.max.push(hi);
  }
  return out;
}

/** Bar groups for consumption, in quarter-hours: 1 h, 2 h, 4 h, 6 h, 12 h, 1 day. */
const BAR_GROUPS = [
  { quarters: 4, label: '每小时合计' },
  { quarters: 8, label: '每2小时合计' },
  { quarters: 16, label: '每4小时合计' },
  { quarters: 24, label: '每6小时合计' },
  { quarters: 48, label: '每12小时合计' },
  { quarters: 96, label: '每日合计' },
];
export const MAX_BARS = 3_000;
const QUARTER_MS = 900_000;
const ZONE_MS = 8 * 3_600_000;

/**
 * Consumption per bucket as bars, summed into whole hours / days (China time) when there are more
 * than MAX_BARS of them: a year of quarter-hours is 35,040 bars on ~1,000 pixels, and sums of
 * consumption stay exact, unlike thinning. Only quarter-hour answers are ever merged.
 */
export function mergeBars(ts: readonly number[], cons: readonly (number | null)[], resolution: HistoryResult['resolution'], maxBars = MAX_BARS) {
  if (resolution !== '15m' || ts.length <= maxBars) return { ts: ts.slice(), cons: cons.slice(), label: null as string | null };
  const group = BAR_GROUPS.find((g) => ts.length / g.quarters <= maxBars) ?? BAR_GROUPS[BAR_GROUPS.length - 1];
  const size = group.quarters * QUARTER_MS;
  const out = { ts: [] as number[], cons: [] as (number | null)[], label: group.label as string | null };
  for (let i = 0; i < ts.length; i++) {
    const start = Math.floor((ts[i] + ZONE_MS) / size) * size - ZONE_MS;
    const last = out.ts.length - 1;
    const v = cons[i];
    if (last < 0 || out.ts[last] !== start) {
      out.ts.push(start);
      out.cons.push(v ?? null);
    } else if (v !== null && v !== undefined) out.cons[last] = (out.cons[last] ?? 0) + v;
  }
  return out;
}

const pairs = (ts: readonly number[], v: readonly (number | null)[]) => {
  const out = new Array<[number, number | null]>(ts.length);
  for (let i = 0; i < ts.length; i++) out[i] = [ts[i], v[i]];
  return out;
};

/**
 * [ts, value] pairs with a null inserted where raw readings stop for a while (more than five
 * times the usual spacing and over a minute), so an outage shows as a gap instead of a straight
 * line drawn across it. Rollup buckets are not broken (an empty bucket simply has no row).
 */
export function withGaps(ts: readonly number[], v: readonly (number | null)[], raw: boolean): [number, number | null][] {
  if (!raw || ts.length < 3) return pairs(ts, v);
  const steps: number[] = [];
  const every = Math.max(1, Math.floor(ts.length / 200));
  for (let i = 1; i < ts.length; i += every) steps.push(ts[i] - ts[i - 1]);
  steps.sort((a, b) => a - b);
  const limit = Math.max(60_000, 5 * steps[steps.length >> 1]);
  const out: [number, number | null][] = [];
  for (let i = 0; i < ts.length; i++) {
    if (i && ts[i] - ts[i - 1] > limit) out.push([ts[i - 1] + 1, null]);
    out.push([ts[i], v[i]]);
  }
  return out;
}

export type SeriesRole = 'line' | 'band-low' | 'band-high' | 'bars' | 'tail';
export const seriesId = (role: SeriesRole, pointId: number) => `${role}:${pointId}`;

export function isRollup(result: Pick<HistoryResult, 'resolution'>) {
  return result.resolution !== 'raw';
}

/** How a point is drawn at this resolution. */
export function drawModeOf(point: ChartPoint, resolution: HistoryResult['resolution']): 'raw' | 'band' | 'bars' {
  if (resolution === 'raw') return 'raw';
  return point.kind === 'ym' ? 'bars' : 'band';
}

export interface BuiltChart {
  option: EChartOption;
  /** Last time of each point's history line (the live tail starts after it); absent for bars. */
  tailFrom: Map<number, [number, number] | null>;
  /** Values in the answer (0: nothing to draw). */
  total: number;
  /** Consumption bars summed over longer periods, per point: the label says which (e.g. 每4小时合计). */
  barLabels: Map<number, string>;
}

const fmt = (v: number | null | undefined, precision: number) => (v === null || v === undefined || !Number.isFinite(v) ? '-' : v.toFixed(precision));

interface TooltipParam {
  seriesId?: string;
  seriesName?: string;
  color?: string;
  value?: unknown;
  axisValue?: number;
}

/** The option of one history chart; `points` in display order (they name, colour and unit the series). */
export function buildHistoryOption(result: HistoryResult, points: readonly ChartPoint[], opts: { animate?: boolean; openEnd?: boolean } = {}): BuiltChart {
  const bySeries = new Map<number, HistorySeries>(result.series.map((s) => [s.pointId, s]));
  const axes = unitAxes(points);
  const axisHasBars = axes.map((u) => points.some((p) => unitKey(p.unit) === u && drawModeOf(p, result.resolution) === 'bars'));
  const series: NonNullable<EChartOption['series']> = [];
  const tailFrom = new Map<number, [number, number] | null>();
  const meta = new Map<string, { point: ChartPoint; role: SeriesRole }>();
  const barLabels = new Map<number, string>();
  let total = 0;

  points.forEach((p, i) => {
    const s = bySeries.get(p.pointId);
    const color = PALETTE[i % PALETTE.length];
    const yAxisIndex = Math.max(0, axes.indexOf(unitKey(p.unit)));
    const mode = drawModeOf(p, result.resolution);
    const common = { name: p.name, yAxisIndex, color, animation: false, emphasis: { disabled: true } } as const;
    const add = (role: SeriesRole, item: Record<string, unknown>) => {
      meta.set(seriesId(role, p.pointId), { point: p, role });
      series.push({ id: seriesId(role, p.pointId), ...common, ...item } as never);
    };
    const ts = s?.ts ?? [];
    total += ts.length;
    if (mode === 'bars') {
      const bars = mergeBars(ts, s?.cons ?? [], result.resolution);
      if (bars.label) barLabels.set(p.pointId, bars.label);
      add('bars', { type: 'bar', z: 1, data: pairs(bars.ts, bars.cons), large: true, largeThreshold: 1_000, barMaxWidth: 24 });
      tailFrom.set(p.pointId, null);
      return;
    }
    const line = mode === 'raw' ? (s?.value ?? []) : (s?.avg ?? []);
    // The line first: the legend takes its icon from the first series of a name.
    add('line', { type: 'line', z: 3, data: withGaps(ts, line, mode === 'raw'), symbol: 'none', showSymbol: false, sampling: 'lttb', lineStyle: { width: 1.5 }, connectNulls: false });
    // The live tail continues the line from its last value.
    const last = ts.length ? ([ts[ts.length - 1], line[line.length - 1]] as [number, number]) : null;
    tailFrom.set(p.pointId, last);
    add('tail', { type: 'line', z: 3, data: [], symbol: 'none', showSymbol: false, lineStyle: { width: 1.5, type: 'solid' } });
    if (mode === 'band' && s?.min && s.max) {
      const band = reduceBand(ts, s.min, s.max);
      const low = pairs(band.ts, band.min);
      const high = new Array<[number, number, number, number]>(band.ts.length);
      for (let k = 0; k < band.ts.length; k++) high[k] = [band.ts[k], band.max[k] - band.min[k], band.min[k], band.max[k]];
      const stack = `band-${p.pointId}`;
      add('band-low', { type: 'line', z: 1, data: low, stack, stackStrategy: 'all', symbol: 'none', lineStyle: { opacity: 0 }, silent: true, tooltip: { show: false } });
      add('band-high', { type: 'line', z: 1, data: high, stack, stackStrategy: 'all', symbol: 'none', lineStyle: { opacity: 0 }, areaStyle: { color, opacity: 0.18 }, silent: true });
    }
  });

  const timeFormat = TIME_FORMATS[result.resolution];
  const option: EChartOption = {
    animation: opts.animate ?? false,
    color: PALETTE,
    legend: { top: 0, type: 'scroll', data: points.map((p) => p.name) },
    grid: { left: 12, right: 12, top: 40, bottom: 56, containLabel: true },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      confine: true,
      formatter: (raw: unknown) => {
        const params = (Array.isArray(raw) ? raw : [raw]) as TooltipParam[];
        if (!params.length) return '';
        const when = dayjs(params[0].axisValue ?? (params[0].value as number[])[0]).format(timeFormat);
        const rows: string[] = [];
        for (const prm of params) {
          const m = prm.seriesId ? meta.get(prm.seriesId) : undefined;
          if (!m) continue;
          const v = prm.value as (number | null)[];
          const unit = m.point.unit ? ` ${m.point.unit}` : '';
          const dot = `<span style="display:inline-block;width:8px;height:8px;border-radius:4px;margin-right:6px;background:${prm.color}"></span>`;
          if (m.role === 'band-high') rows.push(`<div style="color:#888;padding-left:14px">范围 ${fmt(v[2], m.point.precision)} ~ ${fmt(v[3], m.point.precision)}${unit}</div>`);
          else if (m.role === 'bars') rows.push(`<div>${dot}${m.point.name} 用量${barLabels.has(m.point.pointId) ? `（${barLabels.get(m.point.pointId)}）` : ''} <b>${fmt(v[1], m.point.precision)}</b>${unit}</div>`);
          else if (m.role === 'line' || m.role === 'tail') {
            const label = m.role === 'tail' ? '实时' : result.resolution === 'raw' ? '' : '平均 ';
            rows.push(`<div>${dot}${m.point.name} ${label}<b>${fmt(v[1], m.point.precision)}</b>${unit}</div>`);
          }
        }
        return `<div style="font-weight:600;margin-bottom:4px">${when}</div>${rows.join('')}`;
      },
    },
    // An open end (range up to now) lets the axis grow with the live tail.
    xAxis: { type: 'time', min: result.from, max: opts.openEnd ? undefined : result.to },
    yAxis: axes.map((u, i) => ({
      type: 'value' as const,
      name: unitLabel(u),
      position: i === 0 ? ('left' as const) : ('right' as const),
      // Voltages near 230 V would be a flat line on an axis from 0; consumption bars need their 0.
      scale: !axisHasBars[i],
      splitLine: { show: i === 0 },
    })),
    dataZoom: [
      { type: 'inside', filterMode: 'none' },
      { type: 'slider', height: 18, bottom: 8, filterMode: 'none', showDataShadow: false },
    ],
    series,
  };
  if (!axes.length) option.yAxis = [{ type: 'value' }];
  return { option, tailFrom, total, barLabels };
}

/**
 * Live values after the history's last time, prefixed with that last point so the tail joins the
 * line. `live` is the realtime buffer ([ts, value] in time order).
 */
export function tailData(from: [number, number] | null | undefined, live: ReadonlyArray<readonly [number, number]>, rangeStart: number): [number, number][] {
  const after = from ? from[0] : rangeStart;
  const out: [number, number][] = [];
  for (const [t, v] of live) if (t > after) out.push([t, v]);
  if (!out.length) return [];
  return from ? [[from[0], from[1]], ...out] : out;
}
