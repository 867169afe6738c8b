import { useCallback, useMemo, useState } from 'react';
import { Button, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { MonitorGatewayRow } from '@pdz/contracts';
import { useChannels } from '@/realtime';
import { formatTime } from '@/components/crud';
import { COMM_REFRESH_MS, useCommGateways } from '../api';
import { COMM_FILTERS, gatewayCommView } from '../state';
import { GatewayCommCell } from '../components/GatewayCommCell';
import { GatewayStatsDrawer } from '../components/GatewayStatsDrawer';
import { GatewayListFrame, TwoLine, useStateFilter } from '../components/GatewayListFrame';
import { useNow } from '@/hooks/useNow';

const CHANNELS = ['gateways'] as const;
const n = (v: number) => v.toLocaleString('zh-CN');

/** 网关状态: every gateway in scope with comm state and ingest counters; a drawer per gateway. */
export default function CommGatewaysPage() {
  const [keyword, setKeyword] = useState('');
  const [openId, setOpenId] = useState<number | undefined>();
  const q = useCommGateways({ keyword: keyword || undefined });
  useChannels(CHANNELS);
  const now = useNow(COMM_REFRESH_MS);
  const rows = useMemo(() => q.data ?? [], [q.data]);
  const stateOf = useCallback((r: MonitorGatewayRow) => gatewayCommView(r, undefined, now).state, [now]);
  const frame = useStateFilter(rows, stateOf);

  const columns: ColumnsType<MonitorGatewayRow> = [
    {
      key: 'name',
      title: '网关',
      width: 210,
      ellipsis: true,
      render: (_, r) => (
        <TwoLine
          main={
            <a onClick={() => setOpenId(r.id)} title={r.name}>
              {r.name}
            </a>
          }
          note={r.code}
        />
      ),
    },
    { key: 'station', title: '所属站点', width: 130, ellipsis: true, render: (_, r) => <Tooltip title={r.customerName}>{r.stationName}</Tooltip> },
    { key: 'comm', title: '通讯状态', width: 120, render: (_, r) => <GatewayCommCell row={r} now={now} /> },
    { key: 'lastSeenAt', title: '最后上报', dataIndex: 'lastSeenAt', width: 160, render: (v: number | null) => formatTime(v) },
    { key: 'interval', title: '上报周期', dataIndex: 'reportIntervalS', width: 80, align: 'right', render: (v: number) => `${v} 秒` },
    { key: 'equipment', title: '设备数', dataIndex: 'equipmentCount', width: 70, align: 'right' },
    { key: 'messages', title: '消息数', dataIndex: 'messages', width: 70, align: 'right', render: n },
    { key: 'samples', title: '入库采样', dataIndex: 'samples', width: 90, align: 'right', render: n },
    {
      key: 'unknown',
      title: '未知标签',
      width: 90,
      align: 'right',
      render: (_, r) =>
        r.unknownTags ? (
          <Tooltip title={`${r.unknownTags} 个未绑定测点的标签，共收到 ${n(r.unknownSamples)} 个采样`}>
            <a onClick={() => setOpenId(r.id)} style={{ color: '#d48806' }}>
              {r.unknownTags} 个
            </a>
          </Tooltip>
        ) : (
          0
        ),
    },
    {
      key: 'rejected',
      title: '拒收',
      dataIndex: 'rejected',
      width: 60,
      align: 'right',
      render: (v: number, r) => (v ? <a onClick={() => setOpenId(r.id)} style={{ color: '#cf1322' }}>{n(v)}</a> : 0),
    },
    { key: 'action', title: '操作', width: 90, fixed: 'right', render: (_, r) => <Button type="link" size="small" onClick={() => setOpenId(r.id)}>接入统计</Button> },
  ];

  return (
    <GatewayListFrame
      filters={COMM_FILTERS}
      {...frame}
      onSearch={setKeyword}
      updatedAt={q.dataUpdatedAt}
      loading={q.isLoading}
      columns={columns}
      width={1170}
      emptyText={keyword ? '没有找到匹配的网关' : frame.filter !== 'all' ? '没有处于该状态的网关' : '暂无网关'}
    >
      <GatewayStatsDrawer id={openId} onClose={() => setOpenId(undefined)} now={now} />
    </GatewayListFrame>
  );
}
