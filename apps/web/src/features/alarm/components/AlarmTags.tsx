import type { CSSProperties } from 'react';
import { Tag } from 'antd';
import type { AlarmState } from '@pdz/contracts';
import { alarmLevel, alarmState } from '../levels';

/** An alarm's level as a tag, in the colours of levels.ts (the same wherever an alarm shows). */
export function AlarmLevelTag({ level, style }: { level: number; style?: CSSProperties }) {
  const l = alarmLevel(level);
  return (
    <Tag color={l.tag} style={style}>
      {l.label}
    </Tag>
  );
}

/** An alarm's state as a tag: 未确认 stands out, 已结束 recedes. */
export function AlarmStateTag({ state, bordered, style }: { state: AlarmState; bordered?: boolean; style?: CSSProperties }) {
  const s = alarmState(state);
  return (
    <Tag bordered={bordered} color={s.color} style={style}>
      {s.label}
    </Tag>
  );
}
