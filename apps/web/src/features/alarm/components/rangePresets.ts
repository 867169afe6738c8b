import dayjs, { type Dayjs } from 'dayjs';

/** Day ranges offered beside the pickers; both ends are whole days (the range unit is 'day'). */
export function dayRangePresets(): { label: string; value: [Dayjs, Dayjs] }[] {
  const today = dayjs();
  return [
    { label: '今天', value: [today.startOf('day'), today.endOf('day')] },
    { label: '最近7天', value: [today.subtract(6, 'day').startOf('day'), today.endOf('day')] },
    { label: '最近30天', value: [today.subtract(29, 'day').startOf('day'), today.endOf('day')] },
    { label: '本月', value: [today.startOf('month'), today.endOf('day')] },
    { label: '最近3个月', value: [today.subtract(3, 'month').add(1, 'day').startOf('day'), today.endOf('day')] },
  ];
}

/** The last 7 days, today included. */
export const lastDays = (n: number): [Dayjs, Dayjs] => [dayjs().subtract(n - 1, 'day').startOf('day'), dayjs().endOf('day')];
