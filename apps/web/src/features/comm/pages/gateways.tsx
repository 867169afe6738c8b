import { useMemo, useState } from 'react';
import { Button, Card, Input, Segmented, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { MonitorGatewayRow } from '@pdz/contracts';
import { useChannels } from '@/realtime';
import { formatTime } from '@/components/crud';
import { COMM_REFRESH_MS, useCommGateways } from '../api';
import { COMM_FILTERS, gatewayCommView, type GatewayCommFilter } from '../state';
import { GatewayCommCell } from '../components/GatewayCommCell';
import { GatewayStatsDrawer } from '../components/GatewayStatsDrawer';
import { useNow } from '@/hooks/useNow';

const CHANNELS = ['gateways'] as const;
const n = (v: number) => v.toLocaleString('zh-CN');

/** 网关状态: every gateway in scope with comm state and ingest counters; a drawer per gateway. */
export default function CommGatewaysPage() {
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<GatewayCommFilter>('all');
  const [openId, setOpenId] = useState<number | undefined>();
  const q = useCommGateways({ keyword: keyword || undefined });
  useChannels(CHANNELS);
  const now = useNow(COMM_REFRESH_MS);
  const rows = useMemo(() => q.data ?? [], [q.data]);
  const counts = useMemo(() => {
    const c: Record<GatewayCommFilter, number> = { all: rows.length, online: 0, offline: 0, never: 0 };
    for (const r of rows) c[gatewayCommView(r, undefined, now).state]++;
    return c;
  }, [rows, now]);
  const shown = filter === 'all' ? rows : rows.filter((r) => gatewayCommView(r, undefined, now).state === filter);

  const columns: ColumnsType<MonitorGatewayRow> = [
    {
      key: 'name',
      title: '网关',
      width: 210,
      ellipsis: true,
      render: (_, r) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
          <a onClick={() => setOpenId(r.id)} title={r.name}>
            {r.name}
          </a>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.code}
          </Typography.Text>
        </Space>
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
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap size={[12, 8]} style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Input.Search allowClear placeholder="搜索网关名称、编号或站点" style={{ width: 260 }} onSearch={(v) => setKeyword(v.trim())} />
            <Segmented value={filter} onChange={(v) => setFilter(v as GatewayCommFilter)} options={COMM_FILTERS.map((f) => ({ value: f.value, label: `${f.label} ${counts[f.value]}` }))} />
          </Space>
          <Typography.Text type="secondary">每10秒自动刷新 · 更新于 {q.dataUpdatedAt ? formatTime(q.dataUpdatedAt) : '-'}</Typography.Text>
        </Space>
      </Card>
      <Card size="small">
        <Table
          size="middle"
          rowKey="id"
          loading={q.isLoading}
          dataSource={shown}
          columns={columns}
          // The columns' widths add up to what a 1440-wide screen leaves the table: all visible there.
          scroll={{ x: 1170 }}
          pagination={shown.length > 20 ? { pageSize: 20, showSizeChanger: true, showTotal: (t) => `共 ${t} 个网关` } : false}
          locale={{ emptyText: keyword ? '没有找到匹配的网关' : filter !== 'all' ? '没有处于该状态的网关' : '暂无网关' }}
        />
      </Card>
      <GatewayStatsDrawer id={openId} onClose={() => setOpenId(undefined)} now={now} />
    </Space>
  );
}
