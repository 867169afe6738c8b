import { HISTORY_RESOLUTIONS, pickKeyPoints, type HistoryResolution, type MonitorEquipmentDetail } from '@pdz/contracts';
import { rangeProblem, type TimeRange } from './history/ranges';
import { MAX_CHART_UNITS, selectionProblem, unitAxes, type ChartPoint } from './history/series';

/** Points charted when the page opens: the type's key analog points, kept within two units. */
export function defaultChartPoints(detail: MonitorEquipmentDetail): number[] {
  const chartable = detail.points.filter((p) => p.kind !== 'yx');
  const keys = pickKeyPoints(detail.equipment.equipmentType, chartable).filter((p) => p.kind === 'yc');
  const picked: ChartPoint[] = [];
  for (const p of keys.length ? keys : chartable.filter((x) => x.kind === 'yc')) {
    if (picked.length >= 4) break;
    if (!selectionProblem(picked, p) && unitAxes([...picked, p]).length <= MAX_CHART_UNITS) picked.push(p);
  }
  return picked.map((p) => p.pointId);
}


export interface HistoryLink {
  range?: TimeRange;
  resolution?: HistoryResolution;
  points?: number[];
}

/** Chart settings a link may carry: ?from=&to= (epoch ms), res=15m, points=1,2. Bad values are ignored. */
export function historyLink(params: URLSearchParams): HistoryLink {
  const out: HistoryLink = {};
  const from = Number(params.get('from'));
  const to = Number(params.get('to'));
  if (params.has('from') && params.has('to') && !rangeProblem({ from, to })) out.range = { from, to };
  const res = params.get('res');
  if (res && (HISTORY_RESOLUTIONS as readonly string[]).includes(res)) out.resolution = res as HistoryResolution;
  const pts = (params.get('points') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  if (pts.length) out.points = pts;
  return out;
}
