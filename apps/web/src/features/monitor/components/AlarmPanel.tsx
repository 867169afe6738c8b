import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Empty, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { PERMS, type AlarmRow } from '@pdz/contracts';
import { useAlarmEvents } from '@/realtime';
import { usePerm } from '@/access/Auth';
import { formatTime } from '@/components/crud';
import { MONITOR_KEY, useActiveAlarms } from '../api';
import { applyAlarmEvent, type AlarmEventKind } from './monitorModel';
import { AlarmLevelTag, AlarmStateTag } from '@/features/alarm/components/AlarmTags';

/** A burst of alarms (dozens raised by one reading) re-reads the counts once. */
const RECOUNT_DELAY_MS = 1_000;

/**
 * The station's latest alarms that are not closed: read once, then kept current by the
 * websocket's alarm events (new ones on top, confirmed/recovered ones updated, closed ones gone).
 * An event of this station also re-reads, shortly after, the counts the websocket does not carry
 * (this card's total and the strip's 未结束告警 per level), so they never disagree with the list
 * for the 30 s of the regular refresh.
 */
export function AlarmPanel({ stationId }: { stationId: number }) {
  const allowed = usePerm([PERMS.alarm.list]);
  const query = useActiveAlarms(stationId, allowed);
  const [list, setList] = useState<AlarmRow[]>([]);
  useEffect(() => setList(query.data?.list ?? []), [query.data]);
  const queryClient = useQueryClient();
  const recount = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(recount.current), []);
  const onEvent = useCallback(
    (kind: AlarmEventKind, alarm: AlarmRow) => {
      setList((l) => applyAlarmEvent(l, kind, alarm, stationId));
      if (alarm.stationId !== stationId || recount.current !== undefined) return;
      recount.current = setTimeout(() => {
        recount.current = undefined;
        void queryClient.invalidateQueries({ queryKey: [...MONITOR_KEY, 'alarms', stationId] });
        void queryClient.invalidateQueries({ queryKey: [...MONITOR_KEY, 'station', stationId] });
      }, RECOUNT_DELAY_MS);
    },
    [stationId, queryClient],
  );
  useAlarmEvents(onEvent);

  return (
    <Card
      size="small"
      title={
        <span>
          最新告警 <Badge count={query.data?.total ?? 0} overflowCount={999} style={{ marginLeft: 4 }} />
        </span>
      }
      extra={allowed ? <Link to={`/alarm/active?stationId=${stationId}`}>全部告警</Link> : null}
      styles={{ body: { paddingTop: 4, paddingBottom: 4, maxHeight: 420, overflowY: 'auto' } }}
    >
      {!allowed ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有查看告警的权限" />
      ) : query.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前没有未结束的告警" />
      ) : (
        list.map((a) => (
          <div className="mon-alarm" key={a.id}>
            <div className="mon-alarm-title">
              <AlarmLevelTag level={a.level} style={{ marginInlineEnd: 6 }} />
              <Typography.Text>{a.title}</Typography.Text>
            </div>
            <div className="mon-alarm-meta">
              <span>{formatTime(a.raisedAt)}</span>
              <AlarmStateTag state={a.state} bordered={false} style={{ marginInlineEnd: 0 }} />
            </div>
          </div>
        ))
      )}
    </Card>
  );
}
