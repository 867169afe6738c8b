import type { DashboardSummary } from '@pdz/contracts';
import type { EChartOption } from '@/components/EChart';
import { WEEKDAYS } from '@/utils/date';

/** Pure view logic of the dashboard, tested without rendering. */

/** 凌晨 0–5, 早上 5–9, 上午 9–11, 中午 11–13, 下午 13–18, 晚上 18–24. */
export function greetingOf(hour: number): string {
  if (hour < 5) return '凌晨好';
  if (hour < 9) return '早上好';
  if (hour < 11) return '上午好';
  if (hour < 13) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/** "2026年11月5日 星期四" */
export function todayText(now: Date): string {
  return `${now.getFullYear()}年${now.getMonth() + 1}月${now.getDate()}日 ${WEEKDAYS[now.getDay()]}`;
}

export const OK_COLOR = '#52c41a';
export const FAIL_COLOR = '#ff4d4f';

/** "2026-11-05" → "11-05 周四" for the axis; the tooltip shows the full day. */
export function dayAxisLabel(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const weekday = WEEKDAYS[new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getDay()].replace('星期', '周');
  return `${m[2]}-${m[3]} ${weekday}`;
}

/** Successful sign-ins as bars, failures as a line on the same axis, one category per day. */
export function signInChartOption(days: DashboardSummary['signInsByDay'], primary: string): EChartOption {
  return {
    color: [primary, FAIL_COLOR],
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { data: ['成功', '失败'], top: 0, right: 0 },
    grid: { left: 8, right: 16, top: 36, bottom: 4, containLabel: true },
    xAxis: { type: 'category', data: days.map((d) => dayAxisLabel(d.day)), axisTick: { alignWithLabel: true } },
    yAxis: { type: 'value', minInterval: 1, splitLine: { lineStyle: { type: 'dashed' } } },
    series: [
      { name: '成功', type: 'bar', barMaxWidth: 28, data: days.map((d) => d.ok), itemStyle: { borderRadius: [3, 3, 0, 0] } },
      { name: '失败', type: 'line', smooth: false, symbolSize: 7, data: days.map((d) => d.failed), itemStyle: { color: FAIL_COLOR }, lineStyle: { color: FAIL_COLOR } },
    ],
  };
}

export function signInTotals(days: DashboardSummary['signInsByDay']) {
  return days.reduce((t, d) => ({ ok: t.ok + d.ok, failed: t.failed + d.failed }), { ok: 0, failed: 0 });
}
