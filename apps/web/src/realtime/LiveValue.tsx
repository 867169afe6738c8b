import { useEffect, useRef } from 'react';
import { Tag, Tooltip } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { useConnectionState, useLivePoint } from './hooks';
import './realtime.css';

export interface LiveValueProps {
  pointId: number;
  precision?: number;
  unit?: string | null;
  className?: string;
}

/** `230.5 V`; '--' before the first value. */
export function formatLive(value: number | undefined, precision?: number, unit?: string | null): string {
  if (value === undefined || !Number.isFinite(value)) return '--';
  const text = precision === undefined ? String(value) : value.toFixed(Math.max(0, Math.min(precision, 10)));
  return unit ? `${text} ${unit}` : text;
}

/** A live number: formatted with precision and unit, briefly highlighted when it changes, '--' before the first value. */
export function LiveValue({ pointId, precision, unit, className }: LiveValueProps): React.JSX.Element {
  const live = useLivePoint(pointId);
  const el = useRef<HTMLSpanElement>(null);
  const prev = useRef<{ pointId: number; value: number } | null>(null);
  useEffect(() => {
    if (!live) return;
    const p = prev.current;
    const node = el.current;
    // The first value and a new point do not flash; a changed value swaps between two equal
    // animations so each change restarts it (no re-render, no forced layout).
    if (node && p && p.pointId === pointId && p.value !== live.value) {
      const next = node.classList.contains('is-flash-a') ? 'is-flash-b' : 'is-flash-a';
      node.classList.remove('is-flash-a', 'is-flash-b');
      node.classList.add(next);
    }
    prev.current = { pointId, value: live.value };
  }, [pointId, live]);
  return (
    <span ref={el} className={className ? `pdz-live-value ${className}` : 'pdz-live-value'}>
      {formatLive(live?.value, precision, unit)}
    </span>
  );
}

/** Navbar: nothing while connected; an amber tag while the live connection is down and retrying. */
export function ConnectionIndicator(): React.JSX.Element | null {
  const state = useConnectionState();
  if (state !== 'offline') return null;
  return (
    <Tooltip title="实时数据暂停更新，连接恢复后会自动刷新" placement="bottom">
      <Tag color="warning" icon={<DisconnectOutlined />} className="pdz-live-offline" role="status">
        实时连接中断，正在重连…
      </Tag>
    </Tooltip>
  );
}
