/** One reading of one measuring point, after the raw-tag rule (compact: batches hold many). */
export interface Sample {
  /** point id */
  p: number;
  /** device time, epoch ms */
  t: number;
  /** value after scale and offset; booleans as 1 / 0 */
  v: number;
  /** quality: 0 good (room for later flags) */
  q: number;
}

/** Rollup levels; the 15-minute level is the base the day and month consumption are summed from. */
export type RollupLevel = '15m' | 'day' | 'month';
export const ROLLUP_TABLES: Record<RollupLevel, 'tel_15m' | 'tel_day' | 'tel_month'> = { '15m': 'tel_15m', day: 'tel_day', month: 'tel_month' };

/** Point kinds (asset_point.kind): yc analog, yx status, ym accumulator, yk control. */
export type PointKind = 'yc' | 'yx' | 'ym' | 'yk';
