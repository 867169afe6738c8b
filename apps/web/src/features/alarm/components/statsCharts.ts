import dayjs from 'dayjs';
import type { AlarmStatsRow } from '@pdz/contracts';
import type { EChartOption } from '@/components/EChart';
import { ALARM_LEVELS, alarmLevel, typeLabel } from '../levels';

/**
 * Chart options of 告警统计, built from the stats rows (pure, so the shapes are tested without a
 * canvas). Days without alarms are filled with zeros so the axis shows the whole range.
 */
export function dayKeys(from: number, to: number): string[] {
  const keys: string[] = [];
  for (let d = dayjs(from).startOf('day'); d.valueOf() <= to; d = d.add(1, 'day')) keys.push(d.format('YYYY-MM-DD'));
  return keys;
}

export function byDayOption(rows: AlarmStatsRow[], from: number, to: number): EChartOption {
  const days = dayKeys(from, to);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => d.slice(5)) },
    yAxis: { type: 'value', minInterval: 1, name: '条' },
    series: ALARM_LEVELS.map((l) => ({
      name: alarmLevel(l).label,
      type: 'bar' as const,
      stack: 'level',
      barMaxWidth: 28,
      itemStyle: { color: alarmLevel(l).hex },
      data: days.map((d) => byKey.get(d)?.byLevel[String(l)] ?? 0),
    })),
  };
}

export function byLevelOption(rows: AlarmStatsRow[]): EChartOption {
  const count = (l: number) => rows.find((r) => r.key === String(l))?.total ?? 0;
  const byName = new Map(ALARM_LEVELS.map((l) => [alarmLevel(l).label, count(l)]));
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 条（{d}%）' },
    // The counts sit in the legend: labels around a ring in a narrow card get cut off.
    legend: { bottom: 0, formatter: (name: string) => `${name} ${byName.get(name) ?? 0}条` },
    series: [
      {
        type: 'pie',
        radius: ['42%', '68%'],
        center: ['50%', '44%'],
        label: { show: false },
        labelLine: { show: false },
        data: ALARM_LEVELS.map((l) => ({ name: alarmLevel(l).label, value: count(l), itemStyle: { color: alarmLevel(l).hex } })),
      },
    ],
  };
}

export function byTypeOption(rows: AlarmStatsRow[]): EChartOption {
  const types = ['upper', 'lower', 'status', 'comm'];
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 40, right: 16, top: 24, bottom: 28 },
    xAxis: { type: 'category', data: types.map(typeLabel) },
    yAxis: { type: 'value', minInterval: 1, name: '条' },
    series: [
      {
        name: '告警数',
        type: 'bar',
        barMaxWidth: 40,
        itemStyle: { color: '#1677ff' },
        label: { show: true, position: 'top' },
        data: types.map((t) => rows.find((r) => r.key === t)?.total ?? 0),
      },
    ],
  };
}

/** Most alarms first; ties: more unconfirmed first. */
export function topRows(rows: AlarmStatsRow[], n = 10): AlarmStatsRow[] {
  return rows
    .slice()
    .sort((a, b) => b.total - a.total || b.unconfirmed - a.unconfirmed)
    .slice(0, n);
}

export interface StatsTotals {
  total: number;
  unconfirmed: number;
  /** Mean minutes to confirmation over all confirmed alarms (levels weighted by how many were confirmed). */
  avgConfirmMinutes: number | null;
}

/** The headline figures, from the by-level rows (every alarm has exactly one level). */
export function totalsOf(levelRows: AlarmStatsRow[]): StatsTotals {
  const total = levelRows.reduce((s, r) => s + r.total, 0);
  const unconfirmed = levelRows.reduce((s, r) => s + r.unconfirmed, 0);
  let weight = 0;
  let sum = 0;
  for (const r of levelRows) {
    if (r.avgConfirmMinutes === null) continue;
    const confirmed = r.total - r.unconfirmed;
    weight += confirmed;
    sum += r.avgConfirmMinutes * confirmed;
  }
  return { total, unconfirmed, avgConfirmMinutes: weight > 0 ? sum / weight : null };
}
