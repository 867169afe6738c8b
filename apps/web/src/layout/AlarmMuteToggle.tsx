import { Tooltip } from 'antd';
import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { PERMS } from '@pdz/contracts';
import { usePerm } from '@/access/Auth';
import { useAlarmMute } from '@/features/alarm/live/prefs';

/** 告警声音 on/off beside the bell, saved per user (/api/alarm/prefs); only for alarm viewers. */
export function AlarmMuteToggle() {
  const allowed = usePerm([PERMS.alarm.list]);
  return allowed ? <Toggle /> : null;
}

function Toggle() {
  const { muted, setMuted, saving, loaded } = useAlarmMute();
  const tip = muted ? '告警声音已关闭，点击开启' : '告警声音已开启，点击关闭';
  return (
    <Tooltip title={tip} placement="bottom">
      <button type="button" className="pdz-nav-action" aria-label={tip} aria-pressed={muted} disabled={!loaded || saving} onClick={() => setMuted(!muted)}>
        {muted ? <MutedOutlined style={{ color: '#8c8c8c' }} /> : <SoundOutlined />}
      </button>
    </Tooltip>
  );
}
