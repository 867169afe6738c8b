import type { AlarmRow } from '@pdz/contracts';

/** An alarm row for tests; override what the test is about. */
export function alarmRow(over: Partial<AlarmRow> = {}): AlarmRow {
  return {
    id: 1,
    customerId: 10,
    customerName: '华南工业园',
    stationId: 100,
    stationName: '1号配电站',
    equipmentId: 1000,
    equipmentName: '1号变压器',
    equipmentCode: 'TR-01',
    pointId: 5000,
    pointName: 'A相绕组温度',
    unit: '°C',
    ruleId: 7,
    ruleType: 'upper',
    level: 1,
    title: '1号变压器 A相绕组温度 越上限：132.5 °C（上限 130 °C）',
    value: 132.5,
    threshold: 130,
    raisedAt: new Date(2026, 10, 22, 9, 30, 0).getTime(),
    state: 'active',
    confirmedAt: null,
    confirmedBy: null,
    confirmNote: null,
    recoveredAt: null,
    recoveredValue: null,
    ...over,
  };
}
