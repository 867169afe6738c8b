import type { AlarmRow } from './alarm';

/**
 * The console's one websocket (design.md §6): `GET /ws?token=<session token>`.
 *
 * The client subscribes to channels; the server checks each against the user's data scope and
 * answers with `subscribed` (what was taken, what was refused and why) followed at once by the
 * latest values of the new channels. Afterwards it sends coalesced deltas: per connection at most
 * one `points` frame every {@link WS_COALESCE_MS} (server setting WS_COALESCE_MS, never above
 * {@link WS_COALESCE_MAX_MS}), holding only the newest value of each point that changed since the
 * last frame; a value waits at most one window, so the delay stays small for live pages. Alarm and message events are sent as they happen (they are rare
 * and an operator must see them at once). Text frames, JSON.
 */

/** Channel names: `station:{id}` (every point of the station's equipment + their comm state),
 * `equipment:{id}`, `point:{id}`, `gateways` (gateway comm state in the user's scope),
 * `alarms` (alarm events in the user's scope), `messages` (the user's own site messages). */
export type WsChannel = `station:${number}` | `equipment:${number}` | `point:${number}` | 'gateways' | 'alarms' | 'messages';

export const WS_PATH = '/ws';
export const WS_COALESCE_MS = 100;
export const WS_COALESCE_MAX_MS = 500;
/** The server pings every 25 s; a client that hears nothing for 60 s reconnects. */
export const WS_PING_MS = 25_000;
export const WS_SILENCE_MS = 60_000;
/** Reconnect backoff: 1 s doubling to 30 s, with ±20 % jitter. */
export const WS_BACKOFF_MIN_MS = 1_000;
export const WS_BACKOFF_MAX_MS = 30_000;
/** At most this many channels per connection (a station channel counts once). */
export const WS_MAX_CHANNELS = 2_000;
/** Close codes: 4401 session missing/ended (the console signs out), 4400 bad frame flood. */
export const WS_CLOSE_UNAUTHORIZED = 4401;
export const WS_CLOSE_PROTOCOL = 4400;

export const WS_CHANNEL_PATTERN = /^(station|equipment|point):[1-9]\d{0,15}$|^(gateways|alarms|messages)$/;

/** Client → server. `id` is echoed in the answer so a client can match it. */
export type WsClientFrame =
  | { op: 'sub'; channels: string[]; id?: number }
  | { op: 'unsub'; channels: string[]; id?: number }
  | { op: 'ping' };

/** One point's value: [pointId, ts (epoch ms), value]. Compact because frames carry thousands. */
export type WsPointValue = [number, number, number];

export interface WsCommState {
  id: number;
  online: boolean;
  /** When the state was last noticed to change (epoch ms). */
  at: number;
}

/** Server → client. */
export type WsServerFrame =
  | { type: 'hello'; userId: number; serverTime: number }
  | { type: 'subscribed'; id?: number; channels: string[]; refused: { channel: string; reason: string }[] }
  | { type: 'unsubscribed'; id?: number; channels: string[] }
  /** Latest values (on subscribe: a snapshot of the new channels; afterwards: coalesced deltas). */
  | { type: 'points'; values: WsPointValue[]; snapshot?: boolean }
  /** Communication state of equipment / gateways in subscribed channels. */
  | { type: 'status'; equipment?: WsCommState[]; gateways?: WsCommState[] }
  | { type: 'alarm'; event: AlarmEventKind; alarm: AlarmRow }
  /** The user's unconfirmed message count (the bell) changed; `messageId` is new when one arrived. */
  | { type: 'messages'; noConfirm: number; messageId?: number }
  | { type: 'pong'; serverTime: number }
  | { type: 'error'; msg: string };

export type AlarmEventKind = 'raised' | 'confirmed' | 'recovered';
