import { Tag, Tooltip } from 'antd';
import type { AlarmChannel, DeliveryRow } from '@pdz/contracts';

export const CHANNEL_LABELS: Record<AlarmChannel, string> = { site: '站内消息', email: '邮件', sms: '短信', webhook: 'Webhook' };
const CHANNEL_COLORS: Record<AlarmChannel, string> = { site: 'default', email: 'blue', sms: 'cyan', webhook: 'purple' };

export const STATUS_OPTIONS = [
  { value: 'pending', label: '待发送' },
  { value: 'sent', label: '已发送' },
  { value: 'failed', label: '发送失败' },
];

export function ChannelTag({ channel }: { channel: AlarmChannel }) {
  return <Tag color={CHANNEL_COLORS[channel]}>{CHANNEL_LABELS[channel] ?? channel}</Tag>;
}

/** A pending row that already failed once waits for its retry: say so, with the reason on hover. */
export function DeliveryStatusTag({ row }: { row: Pick<DeliveryRow, 'status' | 'attempts' | 'error'> }) {
  if (row.status === 'sent') return <Tag color="success">已发送</Tag>;
  if (row.status === 'failed')
    return (
      <Tooltip title={row.error ?? undefined}>
        <Tag color="error">发送失败</Tag>
      </Tooltip>
    );
  return row.attempts > 0 ? (
    <Tooltip title={row.error ?? undefined}>
      <Tag color="warning">等待重试</Tag>
    </Tooltip>
  ) : (
    <Tag color="processing">待发送</Tag>
  );
}
