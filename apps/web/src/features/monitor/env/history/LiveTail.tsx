import { useEffect } from 'react';
import { useLiveSeries } from '@/realtime';

/** Most live values kept per point for the tail (a day of 10-second readings). */
export const TAIL_MAX = 8_640;

/**
 * Renders nothing: hands one point's live buffer to the chart, which patches its tail series.
 * One tiny component per charted point (at most 8), so a live value never re-renders the page.
 */
export function LiveTail({ pointId, onData }: { pointId: number; onData: (pointId: number, data: ReadonlyArray<readonly [number, number]>) => void }) {
  const data = useLiveSeries(pointId, TAIL_MAX);
  useEffect(() => onData(pointId, data), [pointId, data, onData]);
  return null;
}
