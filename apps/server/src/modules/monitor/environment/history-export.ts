import type { HistoryResolution, HistorySeries } from '@pdz/contracts';
import type { TelDb } from '../../../telemetry/store/store';
import type { Buckets } from '../../../telemetry/rollup/buckets';
import { history } from '../../../telemetry/query/query.service';
import { EXPORT_MAX_ROWS, formatTime, listWorkbook, type XlsxColumn } from '../../../platform/xlsx';

const RESOLUTION_NAMES = { raw: '原始', '15m': '15分钟', day: '日', month: '月' } as const;

/**
 * The history chart's series as a workbook: one row per time, per point its value (raw), its
 * consumption (遥脉 at a rollup), or average / min / max (other points at a rollup) — the columns
 * the chart draws. Same scope rules as the history call (points outside answer 404).
 */
export async function historyWorkbook(
  db: TelDb,
  buckets: Buckets,
  visible: number[] | null,
  q: { pointIds: number[]; from: number; to: number; resolution: HistoryResolution },
  zoneOffsetMinutes: number,
): Promise<{ file: Buffer; rows: number; resolution: string }> {
  const result = await history(db, buckets, visible, q);
  const meta = await db.selectFrom('asset_point').select(['id', 'name', 'unit', 'kind']).where('id', 'in', q.pointIds).execute();
  const byId = new Map(meta.map((m) => [m.id, m]));
  const stamp = (ms: number) => {
    const full = formatTime(ms, zoneOffsetMinutes, result.resolution === 'raw');
    return result.resolution === 'day' ? full.slice(0, 10) : result.resolution === 'month' ? full.slice(0, 7) : full;
  };

  // Union of the series' times, each series indexed by time (points may report at different moments).
  const times = [...new Set(result.series.flatMap((s) => s.ts))].sort((a, b) => a - b).slice(0, EXPORT_MAX_ROWS);
  const columns: XlsxColumn<number>[] = [{ header: `时间（${RESOLUTION_NAMES[result.resolution]}）`, width: 20, value: stamp }];
  for (const s of result.series) {
    const p = byId.get(s.pointId)!;
    const u = p.unit ? `(${p.unit})` : '';
    const at = new Map(s.ts.map((t, i) => [t, i]));
    const col = (title: string, arr: (number | null)[] | undefined) =>
      columns.push({ header: title, width: Math.max(12, title.length * 2), value: (t) => (at.has(t) ? (arr?.[at.get(t)!] ?? null) : null) });
    if (result.resolution === 'raw') col(`${p.name}${u}`, s.value);
    else if (p.kind === 'ym') col(`${p.name}用量${u}`, (s as HistorySeries).cons);
    else {
      col(`${p.name}平均${u}`, s.avg);
      col(`${p.name}最小${u}`, s.min);
      col(`${p.name}最大${u}`, s.max);
    }
  }
  return { file: await listWorkbook('历史数据', columns, times), rows: times.length, resolution: result.resolution };
}
