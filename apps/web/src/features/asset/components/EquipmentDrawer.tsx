import { Button, Drawer, Grid, Space, Spin, Tabs, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { PERMS, type EquipmentRow } from '@pdz/contracts';
import { Auth, usePerm } from '@/access/Auth';
import { useEquipmentDetail } from '../api/equipment';
import { EquipmentBasicInfo } from './EquipmentBasicInfo';
import { EquipmentStatusTag } from './EquipmentTags';
import { PointTable } from './PointTable';
import { AlarmConfigPanel } from './AlarmConfigPanel';

export type EquipmentTab = 'basic' | 'points' | 'alarms';

export interface EquipmentDrawerProps {
  /** The equipment shown; undefined closes the drawer. */
  id: number | undefined;
  tab: EquipmentTab;
  onTabChange: (tab: EquipmentTab) => void;
  onClose: () => void;
  onEdit: (row: EquipmentRow) => void;
}

/** One equipment: 基本信息, 测点 (with raw-tag binding) and 告警配置. */
export function EquipmentDrawer({ id, tab, onTabChange, onClose, onEdit }: EquipmentDrawerProps) {
  const detail = useEquipmentDetail(id);
  const screens = Grid.useBreakpoint();
  const canAlarms = usePerm([PERMS.alarmConfig.query, PERMS.alarmConfig.edit]);
  const e = detail.data && detail.data.id === id ? detail.data : undefined;

  const items = e
    ? [
        { key: 'basic', label: '基本信息', children: <EquipmentBasicInfo equipment={e} /> },
        { key: 'points', label: `测点（${e.pointCount}）`, children: <PointTable equipment={e} /> },
        ...(canAlarms ? [{ key: 'alarms', label: '告警配置', children: <AlarmConfigPanel equipment={e} /> }] : []),
      ]
    : [];

  return (
    <Drawer
      open={id !== undefined}
      onClose={onClose}
      size={screens.lg ? 1080 : '100%'}
      destroyOnHidden
      title={
        e ? (
          <Space wrap size={8}>
            <span>{e.name}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {e.code}
            </Typography.Text>
            <EquipmentStatusTag status={e.status} />
          </Space>
        ) : (
          '设备详情'
        )
      }
      extra={
        e && (
          <Auth perms={[PERMS.equipment.edit]}>
            <Button icon={<EditOutlined />} onClick={() => onEdit(e)}>
              修改
            </Button>
          </Auth>
        )
      }
      styles={{ body: { paddingTop: 0 } }}
    >
      {!e ? (
        <div style={{ padding: 48, textAlign: 'center' }}>
          <Spin />
        </div>
      ) : (
        <Tabs activeKey={items.some((i) => i.key === tab) ? tab : 'basic'} onChange={(k) => onTabChange(k as EquipmentTab)} items={items} destroyOnHidden />
      )}
    </Drawer>
  );
}
