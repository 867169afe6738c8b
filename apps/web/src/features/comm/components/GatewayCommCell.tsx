import { Space, Tag, Typography } from 'antd';
import { useCommState } from '@/realtime';
import { gatewayCommView } from '../state';

/** Comm state of one row, live from the `gateways` channel; only this cell re-renders on a change. */
export function GatewayCommCell({ row, now }: { row: { id: number; online: boolean; lastSeenAt: number | null; offlineSince: number | null }; now: number }) {
  const live = useCommState('gateway', row.id);
  const v = gatewayCommView(row, live, now);
  return (
    <Space orientation="vertical" size={0}>
      <Tag color={v.color}>{v.label}</Tag>
      {v.detail && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {v.detail}
        </Typography.Text>
      )}
    </Space>
  );
}
