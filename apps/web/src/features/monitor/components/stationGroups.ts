import type { MonitorCabinet } from '@pdz/contracts';

/** Consecutive cabinets of the same bay under one heading (cabinets come in bay order). */
export function groupByBay(cabinets: readonly MonitorCabinet[]): { key: string; title: string | null; cabinets: MonitorCabinet[] }[] {
  const out: { key: string; title: string | null; cabinets: MonitorCabinet[] }[] = [];
  for (const c of cabinets) {
    const key = c.bayId === null ? 'none' : `bay_${c.bayId}`;
    const last = out[out.length - 1];
    if (last && last.key === key) last.cabinets.push(c);
    else out.push({ key, title: c.bayName, cabinets: [c] });
  }
  // Without any bay there is nothing to group by: one unnamed group.
  return out;
}
