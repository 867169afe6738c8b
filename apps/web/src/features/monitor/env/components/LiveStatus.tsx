import { Tag } from 'antd';
import { statusPointText } from '@pdz/contracts';
import { useLivePoint } from '@/realtime';

/** A status point (遥信) as words (合闸 / 分闸, 打开 / 关闭 …), live, in the alarm colour when abnormal. */
export function LiveStatus({ pointId, pointKey, text }: { pointId: number; pointKey: string; text?: (value: number) => { text: string; alarm: boolean } | null }) {
  const v = useLivePoint(pointId);
  if (!v) return <Tag>无数据</Tag>;
  const s = text ? text(v.value) : statusPointText(pointKey, v.value);
  if (!s) return <Tag>无数据</Tag>;
  return <Tag color={s.alarm ? 'error' : 'success'}>{s.text}</Tag>;
}
