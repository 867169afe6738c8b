import { memo } from 'react';
import { Empty, Tooltip, Typography } from 'antd';
import { LineChartOutlined } from '@ant-design/icons';
import type { SensorPoint } from '@pdz/contracts';
import { LiveValue } from '@/realtime';
import { LiveStatus } from './LiveStatus';
import styles from './env.module.css';

export const KIND_SECTIONS = [
  { kind: 'yc', label: '遥测' },
  { kind: 'yx', label: '遥信' },
  { kind: 'ym', label: '遥脉' },
] as const;

/** Points of each kind, in display order; kinds without points are left out. */
export function groupByKind<T extends { kind: string }>(points: readonly T[]) {
  return KIND_SECTIONS.map((s) => ({ ...s, points: points.filter((p) => p.kind === s.kind) })).filter((s) => s.points.length);
}

interface Props {
  points: readonly SensorPoint[];
  /** Charted point ids: their tiles are marked; a click adds or removes a point. */
  charted: ReadonlySet<number>;
  onToggle: (pointId: number) => void;
}

/**
 * Every point's live value, grouped 遥测 / 遥信 / 遥脉. Memoised on its props: a live value
 * re-renders only its own <LiveValue/>, never this grid or the page.
 */
export const PointValueGrid = memo(function PointValueGrid({ points, charted, onToggle }: Props) {
  const groups = groupByKind(points);
  if (!groups.length) return <Empty description="该设备没有可显示的测点" />;
  return (
    <div className={styles.kindGroups}>
      {groups.map((g) => (
        <section key={g.kind} aria-label={g.label}>
          <Typography.Title level={5} className={styles.kindTitle}>
            {g.label}
            <Typography.Text type="secondary" className={styles.kindCount}>
              {g.points.length} 个测点
            </Typography.Text>
          </Typography.Title>
          <div className={styles.tiles}>
            {g.points.map((p) => {
              const on = charted.has(p.pointId);
              return (
                <Tooltip key={p.pointId} title={on ? '点击从曲线中移除' : '点击加入历史曲线'} mouseEnterDelay={0.6}>
                  <button type="button" className={`${styles.tile} ${p.kind === 'ym' ? styles.tileWide : ''} ${on ? styles.tileOn : ''}`} onClick={() => onToggle(p.pointId)} aria-pressed={on}>
                    <span className={styles.tileName}>
                      {p.name}
                      {on && <LineChartOutlined className={styles.tileIcon} />}
                    </span>
                    <span className={styles.tileValue}>
                      {p.kind === 'yx' ? <LiveStatus pointId={p.pointId} pointKey={p.pointKey} /> : <LiveValue pointId={p.pointId} precision={p.precision} unit={p.unit} />}
                    </span>
                  </button>
                </Tooltip>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
});
