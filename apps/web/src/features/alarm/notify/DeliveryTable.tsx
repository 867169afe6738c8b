import { useState } from 'react';
import { Form, Select, Typography } from 'antd';
import { ALARM_CHANNELS, type DeliveryRow } from '@pdz/contracts';
import { CrudTable, QueryBar, formatTime, orDash, useCrudList, type CrudColumn } from '@/components/crud';
import { DELIVERY_KEY, fetchDeliveries } from './api';
import { ChannelTag, DeliveryStatusTag, STATUS_OPTIONS } from './labels';

interface DeliveryQuery extends Record<string, unknown> {
  channel?: string;
  status?: string;
}

const CHANNEL_OPTIONS = ALARM_CHANNELS.map((c) => ({ value: c.value, label: c.label }));

const columns: CrudColumn<DeliveryRow>[] = [
  { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', width: 170, render: (v: number) => formatTime(v) },
  { key: 'channel', title: '通知方式', dataIndex: 'channel', width: 100, render: (c: DeliveryRow['channel']) => <ChannelTag channel={c} /> },
  { key: 'recipient', title: '接收方', dataIndex: 'recipient', ellipsis: { showTitle: true }, width: 240 },
  { key: 'alarmId', title: '告警编号', dataIndex: 'alarmId', width: 100, render: (v: number | null) => (v === null ? <Typography.Text type="secondary">测试发送</Typography.Text> : v) },
  { key: 'status', title: '状态', dataIndex: 'status', width: 100, align: 'center', render: (_s, r) => <DeliveryStatusTag row={r} /> },
  { key: 'attempts', title: '尝试次数', dataIndex: 'attempts', width: 90, align: 'center' },
  { key: 'error', title: '失败原因', dataIndex: 'error', ellipsis: { showTitle: true }, render: orDash },
  { key: 'sentAt', title: '发送时间', dataIndex: 'sentAt', width: 170, render: (v: number | null) => (v ? formatTime(v) : '-') },
];

/** 投递记录: every delivery of every channel, newest first, server-paged. */
export function DeliveryTable() {
  const list = useCrudList<DeliveryRow, DeliveryQuery>(DELIVERY_KEY, fetchDeliveries, {});
  const [showSearch, setShowSearch] = useState(true);
  return (
    <>
      <QueryBar<DeliveryQuery> hidden={!showSearch} onSearch={list.replaceFilters} onReset={list.reset}>
        <Form.Item name="channel" label="通知方式">
          <Select options={CHANNEL_OPTIONS} placeholder="全部" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select options={STATUS_OPTIONS} placeholder="全部" allowClear style={{ width: 160 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<DeliveryRow> pageKey="alarm/notify/deliveries" columns={columns} state={list} scroll={{ x: 1100 }} onToggleSearch={() => setShowSearch((s) => !s)} />
    </>
  );
}
