import { ALARM_LEVEL_LABELS, ALARM_STATE_LABELS, ALARM_TYPE_LABELS, type AlarmRow } from '@pdz/contracts';
import { formatTime, listWorkbook, type XlsxColumn } from '../platform/xlsx';

/** The filtered alarms with the columns of the alarm lists. */
export function alarmWorkbook(rows: AlarmRow[], offsetMin: number): Promise<Buffer> {
  const time = (ms: number | null) => formatTime(ms, offsetMin, true);
  const columns: XlsxColumn<AlarmRow>[] = [
    { header: '告警时间', width: 20, value: (a) => time(a.raisedAt) },
    { header: '告警级别', width: 10, value: (a) => ALARM_LEVEL_LABELS[a.level] ?? a.level },
    { header: '告警类型', width: 10, value: (a) => ALARM_TYPE_LABELS[a.ruleType] ?? a.ruleType },
    { header: '告警内容', width: 48, value: (a) => a.title },
    { header: '所属客户', width: 24, value: (a) => a.customerName },
    { header: '所属站点', width: 20, value: (a) => a.stationName },
    { header: '设备编号', width: 18, value: (a) => a.equipmentCode },
    { header: '设备名称', width: 20, value: (a) => a.equipmentName },
    { header: '测点', width: 18, value: (a) => a.pointName },
    { header: '告警值', width: 10, value: (a) => a.value },
    { header: '阈值', width: 10, value: (a) => a.threshold },
    { header: '单位', width: 8, value: (a) => a.unit },
    { header: '状态', width: 14, value: (a) => ALARM_STATE_LABELS[a.state] },
    { header: '确认人', width: 12, value: (a) => a.confirmedBy },
    { header: '确认时间', width: 20, value: (a) => time(a.confirmedAt) },
    { header: '确认说明', width: 28, value: (a) => a.confirmNote },
    { header: '恢复时间', width: 20, value: (a) => time(a.recoveredAt) },
    { header: '恢复值', width: 10, value: (a) => a.recoveredValue },
  ];
  return listWorkbook('告警记录', columns, rows);
}
