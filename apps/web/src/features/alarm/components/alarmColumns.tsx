import { useMemo, useState } from 'react';
import { Button, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { PERMS, type AlarmRow } from '@pdz/contracts';
import { usePerm } from '@/access/Auth';
import { useNow } from '@/hooks/useNow';
import { formatTime, orDash, type CrudColumn } from '@/components/crud';
import { alarmDuration, equipmentLink, isUnconfirmed, typeLabel, valueText } from '../levels';
import { AlarmLevelTag, AlarmStateTag } from './AlarmTags';

interface Options {
  /** For the running duration of alarms not yet recovered. */
  now: number;
  /** Row 确认 (omitted when the user may not confirm). */
  onConfirm?: (row: AlarmRow) => void;
}

/**
 * The columns of 实时告警 and 历史告警. Keys of sortable columns are the server's sort whitelist
 * (ALARM_SORT_COLUMNS); the rest name the column for 列设置.
 */
export function alarmColumns({ now, onConfirm }: Options): CrudColumn<AlarmRow>[] {
  const cols: CrudColumn<AlarmRow>[] = [
    {
      key: 'level',
      title: '级别',
      dataIndex: 'level',
      width: 80,
      sorter: true,
      render: (l: number) => <AlarmLevelTag level={l} />,
    },
    {
      key: 'state',
      title: '状态',
      dataIndex: 'state',
      width: 120,
      render: (_s, a) => <AlarmStateTag state={a.state} />,
    },
    { key: 'ruleType', title: '类型', dataIndex: 'ruleType', width: 90, render: (t: string) => typeLabel(t) },
    {
      key: 'title',
      title: '告警内容',
      dataIndex: 'title',
      width: 300,
      ellipsis: { showTitle: false },
      render: (t: string) => (
        <Tooltip title={t} placement="topLeft">
          {t}
        </Tooltip>
      ),
    },
    { key: 'raisedAt', title: '告警时间', dataIndex: 'raisedAt', width: 170, sorter: true, render: (v: number) => formatTime(v) },
    { key: 'stationName', title: '站点', dataIndex: 'stationName', width: 150, ellipsis: true },
    {
      key: 'equipmentName',
      title: '设备',
      dataIndex: 'equipmentName',
      width: 170,
      ellipsis: true,
      render: (name: string, a) => (
        <Link to={equipmentLink(a.equipmentId)} title={`${name}（${a.equipmentCode}），查看设备监测`}>
          {name}
        </Link>
      ),
    },
    { key: 'pointName', title: '测点', dataIndex: 'pointName', width: 140, ellipsis: true, render: orDash },
    { key: 'value', title: '告警值（限值）', dataIndex: 'value', width: 200, render: (_v, a) => valueText(a) },
    { key: 'duration', title: '持续时长', dataIndex: 'recoveredAt', width: 110, render: (_v, a) => alarmDuration(a, now) },
    { key: 'confirmedBy', title: '确认人', dataIndex: 'confirmedBy', width: 100, render: orDash },
    { key: 'confirmedAt', title: '确认时间', dataIndex: 'confirmedAt', width: 170, sorter: true, render: (v: number | null) => formatTime(v) },
    {
      key: 'confirmNote',
      title: '确认说明',
      dataIndex: 'confirmNote',
      width: 200,
      ellipsis: { showTitle: false },
      render: (note: string | null) =>
        note ? (
          <Tooltip title={note} placement="topLeft">
            {note}
          </Tooltip>
        ) : (
          '-'
        ),
    },
    { key: 'recoveredAt', title: '恢复时间', dataIndex: 'recoveredAt', width: 170, sorter: true, render: (v: number | null) => formatTime(v) },
    { key: 'customerName', title: '客户', dataIndex: 'customerName', width: 150, ellipsis: true },
  ];
  if (onConfirm) {
    cols.push({
      key: 'actions',
      title: '操作',
      hideable: false,
      fixed: 'right',
      width: 80,
      render: (_v, a) =>
        isUnconfirmed(a) ? (
          <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => onConfirm(a)}>
            确认
          </Button>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    });
  }
  return cols;
}

/**
 * What 实时告警 and 历史告警 share: the columns with a running clock and row 确认 for users who
 * may confirm, and the alarms the confirmation dialog is open for.
 */
export function useAlarmColumns() {
  const now = useNow();
  const canConfirm = usePerm([PERMS.alarm.confirm]);
  const [confirming, setConfirming] = useState<AlarmRow[] | null>(null);
  const columns = useMemo(() => alarmColumns({ now, onConfirm: canConfirm ? (a) => setConfirming([a]) : undefined }), [now, canConfirm]);
  return { columns, canConfirm, confirming, setConfirming };
}
