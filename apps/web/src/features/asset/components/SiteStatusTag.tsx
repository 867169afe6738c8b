import { Tag } from 'antd';
import { assetStatusLabel } from '@pdz/contracts';

const COLORS: Record<string, string> = { running: 'success', stopped: 'default', maintenance: 'warning' };

/** 运行 / 停运 / 检修 as a coloured tag. */
export function SiteStatusTag({ value, label }: { value: string; label?: string }) {
  return <Tag color={COLORS[value] ?? 'default'}>{label || assetStatusLabel(value)}</Tag>;
}
