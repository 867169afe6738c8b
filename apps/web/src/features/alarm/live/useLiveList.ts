import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AlarmEventKind, AlarmRow, Page } from '@pdz/contracts';
import { useAlarmEvents } from '@/realtime';
import { ALARM_EVENTS_KEY, ALARM_SUMMARY_KEY, type AlarmListParams } from '../api';
import { mergeAlarmEvent } from './merge';

/** How long a row that just arrived stays highlighted. */
export const FRESH_MS = 8_000;

/**
 * Keeps the alarm page on screen live: each event is merged into the cached page of the current
 * params (mergeAlarmEvent) and the summary strip is refetched. Answers the ids that just arrived,
 * for a highlight. The 'alarms' channel itself is subscribed by the console-wide notifier.
 */
export function useLiveAlarmList(params: AlarmListParams, enabled = true) {
  const qc = useQueryClient();
  const paramsRef = useRef(params);
  paramsRef.current = params;
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const all = timers.current;
    return () => all.forEach(clearTimeout);
  }, []);

  const onEvent = useCallback(
    (kind: AlarmEventKind, alarm: AlarmRow) => {
      if (!enabled) return;
      const p = paramsRef.current;
      let inserted = false;
      qc.setQueryData<Page<AlarmRow>>([...ALARM_EVENTS_KEY, 'list', p], (old) => {
        if (!old) return old;
        const next = mergeAlarmEvent(old, kind, alarm, p);
        inserted = kind === 'raised' && next !== old && next.list[0]?.id === alarm.id && old.list[0]?.id !== alarm.id;
        return next;
      });
      void qc.invalidateQueries({ queryKey: ALARM_SUMMARY_KEY });
      if (inserted) {
        setFresh((s) => new Set(s).add(alarm.id));
        const t = setTimeout(() => {
          timers.current.delete(t);
          setFresh((s) => {
            const n = new Set(s);
            n.delete(alarm.id);
            return n;
          });
        }, FRESH_MS);
        timers.current.add(t);
      }
    },
    [qc, enabled],
  );
  useAlarmEvents(onEvent);
  return fresh;
}
