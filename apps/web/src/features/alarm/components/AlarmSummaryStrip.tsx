import { Card, Flex, Skeleton, Statistic } from 'antd';
import type { AlarmSummary } from '@pdz/contracts';
import { ALARM_LEVELS, alarmLevel } from '../levels';

interface Props {
  summary: AlarmSummary | undefined;
  /** The level the list is filtered by (its card is outlined). */
  level?: number;
  /** A click on a level card filters the list by it (again: clears it). */
  onLevel?: (level: number | undefined) => void;
}

/** Alarms not yet closed per level, then 未确认 and 今日新增: the first thing an operator reads. */
export function AlarmSummaryStrip({ summary, level, onLevel }: Props) {
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }} role="group" aria-label="告警概况">
      {ALARM_LEVELS.map((l) => {
        const meta = alarmLevel(l);
        const count = summary?.activeByLevel[String(l)] ?? 0;
        const chosen = level === l;
        return (
          <Card
            key={l}
            size="small"
            hoverable={!!onLevel}
            onClick={onLevel ? () => onLevel(chosen ? undefined : l) : undefined}
            aria-pressed={onLevel ? chosen : undefined}
            aria-label={`${meta.label}告警 ${count} 条`}
            style={{ flex: '1 1 150px', borderTop: `3px solid ${meta.hex}`, outline: chosen ? `2px solid ${meta.hex}` : undefined, cursor: onLevel ? 'pointer' : undefined }}
          >
            {summary ? (
              <Statistic title={`${meta.label}告警`} value={count} suffix="条" styles={{ content: { color: count ? meta.hex : undefined } }} />
            ) : (
              <Skeleton active paragraph={false} />
            )}
          </Card>
        );
      })}
      <Card size="small" style={{ flex: '1 1 150px', borderTop: '3px solid #d9d9d9' }}>
        {summary ? <Statistic title="未确认" value={summary.unconfirmed} suffix="条" /> : <Skeleton active paragraph={false} />}
      </Card>
      <Card size="small" style={{ flex: '1 1 150px', borderTop: '3px solid #d9d9d9' }}>
        {summary ? <Statistic title="今日新增" value={summary.today} suffix="条" /> : <Skeleton active paragraph={false} />}
      </Card>
    </Flex>
  );
}
