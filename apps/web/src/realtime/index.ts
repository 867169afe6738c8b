/**
 * Live data for the console (design.md §6/§7): one websocket, channels held by the components
 * that show them, latest values per point, comm states, alarm events and the bell count.
 */
export type { ConnectionState } from './client';
export type { AlarmEventKind } from '@pdz/contracts';
export { useConnectionState, useChannels, useLivePoint, useCommState, useAlarmEvents, useLiveSeries } from './hooks';
export { LiveValue, ConnectionIndicator, formatLive, type LiveValueProps } from './LiveValue';
export { realtime } from './connection';
