import { Tag, Tooltip } from 'antd';
import { useCommState } from '@/realtime';
import { formatTime } from '@/components/crud';

export type CommKind = 'equipment' | 'gateway';

/** The state to show: the websocket's when it has spoken, else what the page loaded. */
export function commOf(live: { online: boolean; at: number } | undefined, loaded: { online: boolean; lastSeenAt: number | null }) {
  if (live) return { online: live.online, at: live.at, never: false };
  return { online: loaded.online, at: loaded.lastSeenAt, never: !loaded.online && loaded.lastSeenAt === null };
}

/** 在线 / 离线 / 未上报, kept live by the subscribed channel (`equipment:{id}` or `gateways`). */
export function CommTag({ kind, id, online, lastSeenAt }: { kind: CommKind; id: number; online: boolean; lastSeenAt: number | null }) {
  const live = useCommState(kind, id);
  const s = commOf(live, { online, lastSeenAt });
  const tag = s.never ? <Tag>未上报</Tag> : s.online ? <Tag color="success">在线</Tag> : <Tag color="error">离线</Tag>;
  const tip = s.never ? '尚未收到数据' : live ? `${s.online ? '上线' : '离线'}于 ${formatTime(s.at)}` : `最后通讯 ${formatTime(s.at)}`;
  return <Tooltip title={tip}>{tag}</Tooltip>;
}
