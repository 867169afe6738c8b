import { Badge, Tooltip } from 'antd';
import { useConnectionState } from '@/realtime';

const TEXT = { connecting: '正在连接实时数据', open: '实时数据已连接', offline: '实时数据已断开，正在重连' } as const;
const STATUS = { connecting: 'processing', open: 'success', offline: 'error' } as const;

/** Whether the live values on screen are live: the websocket's state in a few words. */
export function ConnectionBadge() {
  const state = useConnectionState();
  return (
    <Tooltip title={state === 'offline' ? '页面上的数值可能不是最新的' : undefined}>
      <Badge status={STATUS[state]} text={<span style={{ color: '#8c8c8c', fontSize: 12 }}>{TEXT[state]}</span>} />
    </Tooltip>
  );
}
