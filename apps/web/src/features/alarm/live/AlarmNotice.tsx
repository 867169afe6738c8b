import { Tag, Typography } from 'antd';
import type { AlarmRow } from '@pdz/contracts';
import { formatTime } from '@/utils/date';
import { alarmLevel } from '../levels';

/** The pop-up's title: level, and whether it is new or a reminder. */
export function NoticeTitle({ alarm, reminder }: { alarm: AlarmRow; reminder: boolean }) {
  const level = alarmLevel(alarm.level);
  return (
    <span>
      <Tag color={level.tag} style={{ marginInlineEnd: 8 }}>
        {level.label}
      </Tag>
      {reminder ? '告警尚未确认' : '新告警'}
    </span>
  );
}

/** What happened, where and when. */
export function NoticeBody({ alarm }: { alarm: AlarmRow }) {
  return (
    <div>
      <Typography.Paragraph strong style={{ marginBottom: 4 }} ellipsis={{ rows: 2, tooltip: alarm.title }}>
        {alarm.title}
      </Typography.Paragraph>
      <div style={{ color: 'rgba(0,0,0,0.65)', lineHeight: 1.8 }}>
        <div>站点：{alarm.stationName}</div>
        <div>设备：{alarm.equipmentName}</div>
        <div>时间：{formatTime(alarm.raisedAt)}</div>
      </div>
    </div>
  );
}
