import { Alert, Descriptions, Drawer, Empty, Skeleton, Table, Typography } from 'antd';
import type { GatewayStats } from '@pdz/contracts';
import { formatTime } from '@/components/crud';
import { useCommGatewayStats } from '../api';
import { GatewayCommCell } from './GatewayCommCell';

const n = (v: number) => v.toLocaleString('zh-CN');

/** 网关接入统计: totals, tags the gateway sends that no point is bound to, and refusals by reason. */
export function GatewayStatsDrawer({ id, onClose, now }: { id: number | undefined; onClose: () => void; now: number }) {
  const q = useCommGatewayStats(id);
  const s: GatewayStats | undefined = q.data?.gateway.id === id ? q.data : undefined;
  return (
    <Drawer open={id !== undefined} onClose={onClose} size={720} title={s ? `${s.gateway.name}（${s.gateway.code}）` : '网关接入统计'} destroyOnHidden>
      {q.isError && <Alert type="error" showIcon title={(q.error as Error)?.message ?? '加载失败'} />}
      {!s && !q.isError && <Skeleton active paragraph={{ rows: 8 }} />}
      {s && (
        <>
          <Descriptions size="small" bordered column={2} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="通讯状态">
              <GatewayCommCell row={s.gateway} now={now} />
            </Descriptions.Item>
            <Descriptions.Item label="上报周期">{s.gateway.reportIntervalS} 秒</Descriptions.Item>
            <Descriptions.Item label="最后上报">{formatTime(s.gateway.lastSeenAt)}</Descriptions.Item>
            <Descriptions.Item label="最后消息">{formatTime(s.totals.lastMessageAt)}</Descriptions.Item>
            <Descriptions.Item label="消息数">{n(s.totals.messages)}</Descriptions.Item>
            <Descriptions.Item label="记录数">{n(s.totals.records)}</Descriptions.Item>
            <Descriptions.Item label="入库采样">{n(s.totals.samples)}</Descriptions.Item>
            <Descriptions.Item label="未知标签采样">{n(s.totals.unknownSamples)}</Descriptions.Item>
            <Descriptions.Item label="拒收" span={2}>
              {s.totals.rejected ? <Typography.Text type="danger">{n(s.totals.rejected)}</Typography.Text> : 0}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>未知标签</Typography.Title>
          <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
            网关上报了、但没有任何已启用测点绑定的原始标签。到 资产管理 › 设备 › 测点 中为对应测点绑定原始标签后，这些数据即可入库。
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="rawTag"
            dataSource={s.unknownTags}
            pagination={s.unknownTags.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有未知标签" /> }}
            columns={[
              { key: 'rawTag', title: '原始标签', dataIndex: 'rawTag', render: (v: string) => <Typography.Text code>{v === '*' ? '*（其余标签合计）' : v}</Typography.Text> },
              { key: 'count', title: '次数', dataIndex: 'count', align: 'right', width: 100, render: n },
              { key: 'first', title: '首次出现', dataIndex: 'firstSeenAt', width: 170, render: (v: number) => formatTime(v) },
              { key: 'last', title: '最近出现', dataIndex: 'lastSeenAt', width: 170, render: (v: number) => formatTime(v) },
            ]}
            style={{ marginBottom: 16 }}
          />
          <Typography.Title level={5}>拒收原因</Typography.Title>
          <Table
            size="small"
            rowKey="reason"
            dataSource={s.rejects}
            pagination={false}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有被拒收的数据" /> }}
            columns={[
              { key: 'reason', title: '原因', dataIndex: 'reasonText' },
              { key: 'count', title: '次数', dataIndex: 'count', align: 'right', width: 90, render: n },
              { key: 'lastAt', title: '最近一次', dataIndex: 'lastAt', width: 170, render: (v: number) => formatTime(v) },
              { key: 'detail', title: '最近详情', dataIndex: 'lastDetail', ellipsis: true, render: (v: string | null) => v ?? '-' },
            ]}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, fontSize: 12 }}>
            每10秒自动刷新 · 更新于 {formatTime(q.dataUpdatedAt)}
          </Typography.Paragraph>
        </>
      )}
    </Drawer>
  );
}
