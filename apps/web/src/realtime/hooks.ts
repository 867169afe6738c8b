import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { AlarmEventKind, AlarmRow } from '@pdz/contracts';
import type { ConnectionState } from './client';
import type { CommSeen, LivePointValue, SeriesSnapshot } from './live-store';
import { realtime } from './connection';

const noop = () => undefined;
const EMPTY: SeriesSnapshot = Object.freeze([]) as SeriesSnapshot;

export function useConnectionState(): ConnectionState {
  const c = realtime();
  return useSyncExternalStore(
    useCallback((fn: () => void) => c.onState(fn), [c]),
    () => c.state,
  );
}

/** Subscribes the channels while the component is mounted (ref-counted across components; resubscribed after reconnect). */
export function useChannels(channels: readonly string[]): void {
  const key = channels.join('\n');
  useEffect(() => {
    if (!key) return;
    return realtime().retain(key.split('\n'));
  }, [key]);
}

/** Latest value of one point; re-renders only when that point changes. */
export function useLivePoint(pointId: number | null | undefined): LivePointValue | undefined {
  const store = realtime().store;
  const subscribe = useCallback((fn: () => void) => (pointId == null ? noop : store.subscribePoint(pointId, fn)), [store, pointId]);
  return useSyncExternalStore(subscribe, () => (pointId == null ? undefined : store.point(pointId)));
}

/** Comm state of one equipment or gateway from status frames (undefined until known). */
export function useCommState(kind: 'equipment' | 'gateway', id: number | null | undefined): CommSeen | undefined {
  const store = realtime().store;
  const subscribe = useCallback((fn: () => void) => (id == null ? noop : store.subscribeComm(kind, id, fn)), [store, kind, id]);
  return useSyncExternalStore(subscribe, () => (id == null ? undefined : store.commState(kind, id)));
}

/** Called for every alarm frame while mounted (the latest handler; no need to memoise it). */
export function useAlarmEvents(handler: (kind: AlarmEventKind, alarm: AlarmRow) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => realtime().onAlarm((kind, alarm) => ref.current(kind, alarm)), []);
}

/** Bounded live series of one point for small live charts (keeps at most `max` [ts, value] pairs, default 600). */
export function useLiveSeries(pointId: number | null | undefined, max = 600): ReadonlyArray<readonly [number, number]> {
  const store = realtime().store;
  const cap = Math.max(1, Math.floor(max));
  const subscribe = useCallback((fn: () => void) => (pointId == null ? noop : store.subscribeSeries(pointId, cap, fn)), [store, pointId, cap]);
  return useSyncExternalStore(subscribe, () => (pointId == null ? EMPTY : store.seriesSnapshot(pointId, cap)));
}
