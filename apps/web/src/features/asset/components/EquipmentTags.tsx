import { Tag, Tooltip } from 'antd';
import { EQUIPMENT_STATUSES, type EquipmentStatus } from '@pdz/contracts';
import { formatTime } from '@/components/crud';

const STATUS_COLORS: Record<EquipmentStatus, string> = { running: 'success', stopped: 'default', maintenance: 'warning' };

export function EquipmentStatusTag({ status }: { status: EquipmentStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{EQUIPMENT_STATUSES.find((s) => s.value === status)?.label ?? status}</Tag>;
}

/**
 * 在线 / 离线 as the telemetry side reports it. Equipment that has never sent data says so
 * instead of claiming to be offline.
 */
export function EquipmentOnlineTag({ online, lastSeenAt }: { online: boolean; lastSeenAt: number | null }) {
  if (lastSeenAt === null) return <Tag bordered={false}>未接入</Tag>;
  return (
    <Tooltip title={`最近上报：${formatTime(lastSeenAt)}`}>
      {online ? <Tag color="success">在线</Tag> : <Tag color="error">离线</Tag>}
    </Tooltip>
  );
}
