import type { WsCommState, WsPointValue } from '@pdz/contracts';

export interface LivePointValue {
  ts: number;
  value: number;
}

export interface CommSeen {
  online: boolean;
  at: number;
}

type Listener = () => void;
export type SeriesSnapshot = ReadonlyArray<readonly [number, number]>;

/** Ring buffer of one point's recent values, shared by every chart of that point. */
interface Series {
  cap: number;
  ts: Float64Array;
  values: Float64Array;
  start: number;
  len: number;
  version: number;
  users: Map<Listener, number>;
  /** Snapshot per requested length, rebuilt only when the version moved. */
  cache: Map<number, { version: number; data: SeriesSnapshot }>;
}

function keyed<K>(map: Map<K, Set<Listener>>, key: K, fn: Listener): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(fn);
  return () => {
    set.delete(fn);
    if (!set.size && map.get(key) === set) map.delete(key);
  };
}

const EMPTY: SeriesSnapshot = Object.freeze([]) as SeriesSnapshot;

/**
 * What the websocket told us, with listeners per key so a component re-renders only when its own
 * point (or equipment, gateway) changes. Values only move forward in time: a late sample never
 * replaces a newer one.
 */
export class LiveStore {
  private readonly points = new Map<number, LivePointValue>();
  private readonly pointListeners = new Map<number, Set<Listener>>();
  private readonly series = new Map<number, Series>();
  private readonly comm = { equipment: new Map<number, CommSeen>(), gateway: new Map<number, CommSeen>() };
  private readonly commListeners = { equipment: new Map<number, Set<Listener>>(), gateway: new Map<number, Set<Listener>>() };

  point(id: number): LivePointValue | undefined {
    return this.points.get(id);
  }

  subscribePoint(id: number, fn: Listener): () => void {
    return keyed(this.pointListeners, id, fn);
  }

  applyPoints(values: readonly WsPointValue[]) {
    for (const [id, ts, value] of values) {
      const cur = this.points.get(id);
      if (cur && (cur.ts > ts || (cur.ts === ts && cur.value === value))) continue;
      this.points.set(id, { ts, value });
      const s = this.series.get(id);
      if (s) this.append(s, ts, value);
      const listeners = this.pointListeners.get(id);
      if (listeners) for (const fn of listeners) fn();
    }
  }

  commState(kind: 'equipment' | 'gateway', id: number): CommSeen | undefined {
    return this.comm[kind].get(id);
  }

  subscribeComm(kind: 'equipment' | 'gateway', id: number, fn: Listener): () => void {
    return keyed(this.commListeners[kind], id, fn);
  }

  applyStatus(kind: 'equipment' | 'gateway', states: readonly WsCommState[]) {
    for (const { id, online, at } of states) {
      const cur = this.comm[kind].get(id);
      if (cur && (cur.at > at || (cur.at === at && cur.online === online))) continue;
      this.comm[kind].set(id, { online, at });
      const listeners = this.commListeners[kind].get(id);
      if (listeners) for (const fn of listeners) fn();
    }
  }

  /** Keeps a series of the point while `fn` is registered (at least `max` values). */
  subscribeSeries(id: number, max: number, fn: Listener): () => void {
    let s = this.series.get(id);
    if (!s) {
      s = { cap: 0, ts: new Float64Array(0), values: new Float64Array(0), start: 0, len: 0, version: 0, users: new Map(), cache: new Map() };
      this.series.set(id, s);
      this.grow(s, max);
      const latest = this.points.get(id);
      if (latest) this.append(s, latest.ts, latest.value);
    } else if (max > s.cap) this.grow(s, max);
    s.users.set(fn, max);
    const off = this.subscribePoint(id, fn);
    return () => {
      off();
      s.users.delete(fn);
      if (!s.users.size && this.series.get(id) === s) this.series.delete(id);
    };
  }

  /** The last `max` values, oldest first; the same array until a value arrives. */
  seriesSnapshot(id: number, max: number): SeriesSnapshot {
    const s = this.series.get(id);
    if (!s || !s.len) return EMPTY;
    const hit = s.cache.get(max);
    if (hit && hit.version === s.version) return hit.data;
    const n = Math.min(max, s.len);
    const data: (readonly [number, number])[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const j = (s.start + s.len - n + i) % s.cap;
      data[i] = [s.ts[j], s.values[j]];
    }
    s.cache.set(max, { version: s.version, data });
    return data;
  }

  /** Forgets everything (sign-out). */
  clear() {
    this.points.clear();
    this.comm.equipment.clear();
    this.comm.gateway.clear();
  }

  private grow(s: Series, cap: number) {
    const ts = new Float64Array(cap);
    const values = new Float64Array(cap);
    for (let i = 0; i < s.len; i++) {
      const j = (s.start + i) % s.cap;
      ts[i] = s.ts[j];
      values[i] = s.values[j];
    }
    Object.assign(s, { cap, ts, values, start: 0 });
  }

  private append(s: Series, ts: number, value: number) {
    // A late value older than the newest kept one is not a chart point.
    if (s.len && s.ts[(s.start + s.len - 1) % s.cap] >= ts) return;
    if (s.len < s.cap) {
      const j = (s.start + s.len) % s.cap;
      s.ts[j] = ts;
      s.values[j] = value;
      s.len++;
    } else {
      s.ts[s.start] = ts;
      s.values[s.start] = value;
      s.start = (s.start + 1) % s.cap;
    }
    s.version++;
  }
}
