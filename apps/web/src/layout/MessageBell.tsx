import { Badge, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/stores/session';
import { useNoConfirmPolling } from './useNoConfirmPolling';
import { useChannels } from '@/realtime';

const BELL_CHANNELS = ['messages'];

export const MESSAGES_PATH = '/sysmes/mess';

/** System messages with the count of unconfirmed ones (desktop only). */
export function MessageBell() {
  const navigate = useNavigate();
  const count = useSessionStore((s) => s.noConfirm);
  // The live connection pushes the count; polling stays as a slow fallback.
  useChannels(BELL_CHANNELS);
  useNoConfirmPolling(true);
  return (
    <Tooltip title="系统消息" placement="bottom">
      <button type="button" className="pdz-nav-action pdz-bell" aria-label={`系统消息，${count}条未确认`} onClick={() => navigate(MESSAGES_PATH)}>
        <Badge count={count} size="small" overflowCount={99} offset={[4, -2]}>
          <BellOutlined />
        </Badge>
      </button>
    </Tooltip>
  );
}
