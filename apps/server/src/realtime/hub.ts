import { WS_CHANNEL_PATTERN, type AlarmEventKind, type AlarmRow, type WsCommState } from '@pdz/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import { unconfirmedCount } from '../modules/message/message.service';
import type { Sample } from '../telemetry/types';
import type { AssetIndex } from './asset-index';
import { pointsFragment, pointsFrame, statusFrame, type Conn } from './conn';

type EntityKind = 'station' | 'equipment' | 'point';

const REFUSED: Record<EntityKind, string> = {
  station: '站点不存在或无权访问',
  equipment: '设备不存在或无权访问',
  point: '测点不存在或无权访问',
};
export const REFUSED_NAME = '频道名称无效';

function parseEntity(channel: string): { kind: EntityKind; id: number } | null {
  const i = channel.indexOf(':');
  if (i < 0) return null;
  return { kind: channel.slice(0, i) as EntityKind, id: Number(channel.slice(i + 1)) };
}

/**
 * The listeners of one station/equipment/point channel and the newest value of each of its
 * points since the last window. Serialised once per window whoever listens, so the work of a
 * sample does not grow with the number of consoles watching it.
 */
interface ChannelBuf {
  conns: Set<Conn>;
  pending: Map<number, Sample>;
  dirty: boolean;
}

function addTo<K>(map: Map<K, Set<Conn>>, key: K, conn: Conn) {
  const set = map.get(key);
  if (set) set.add(conn);
  else map.set(key, new Set([conn]));
}

function removeFrom<K>(map: Map<K, Set<Conn>>, key: K, conn: Conn) {
  const set = map.get(key);
  if (set?.delete(conn) && set.size === 0) map.delete(key);
}

/**
 * Who listens to what, and the fan-out of bus events to them. Samples are routed by point, by
 * the point's equipment and by that equipment's station (AssetIndex), and handed to each
 * listening connection's coalescing buffer; comm states likewise; alarms and message counts go
 * out at once to the users whose scope covers them.
 */
export class Hub {
  readonly conns = new Set<Conn>();
  private readonly byPoint = new Map<number, ChannelBuf>();
  private readonly byEquipment = new Map<number, ChannelBuf>();
  private readonly byStation = new Map<number, ChannelBuf>();
  private readonly dirtyBufs: ChannelBuf[] = [];
  private readonly dirtyConns = new Set<Conn>();
  private timer: NodeJS.Timeout | null = null;
  private lastTick = 0;
  private readonly gatewaySubs = new Set<Conn>();
  private readonly alarmSubs = new Set<Conn>();
  private readonly messageSubs = new Map<number, Set<Conn>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly index: AssetIndex,
    private readonly latest: () => Map<number, { ts: number; value: number }> | undefined,
    private readonly maxChannels: number,
    private readonly coalesceMs: number,
  ) {}

  /** Customer of a station/equipment/point channel's target; 0 when unknown. */
  private customerOf(kind: EntityKind, id: number): number {
    const ix = this.index;
    if (kind === 'station') return ix.customerOfStation(id);
    const equipmentId = kind === 'equipment' ? id : ix.equipmentOfPoint(id);
    return equipmentId ? ix.customerOfStation(ix.stationOfEquipment(equipmentId)) : 0;
  }

  async subscribe(conn: Conn, requested: string[], id?: number) {
    const wanted = [...new Set(requested)];
    if (wanted.some((ch) => WS_CHANNEL_PATTERN.test(ch) && this.entityUnknown(ch))) await this.index.refreshNew();
    if (conn.closed) return;
    const channels: string[] = [];
    const refused: { channel: string; reason: string }[] = [];
    for (const ch of wanted) {
      if (!WS_CHANNEL_PATTERN.test(ch)) {
        refused.push({ channel: ch, reason: REFUSED_NAME });
        continue;
      }
      const e = parseEntity(ch);
      if (e && !this.allowed(conn, e.kind, e.id)) {
        refused.push({ channel: ch, reason: REFUSED[e.kind] });
        continue;
      }
      if (!conn.channels.has(ch)) {
        if (conn.channels.size >= this.maxChannels) {
          refused.push({ channel: ch, reason: `订阅的频道过多（每个连接最多 ${this.maxChannels} 个）` });
          continue;
        }
        conn.channels.add(ch);
        this.register(conn, ch, true);
      }
      channels.push(ch);
    }
    this.checkNesting(conn);
    conn.sendJson({ type: 'subscribed', ...(id !== undefined ? { id } : {}), channels, refused });
    await this.snapshot(conn, channels);
  }

  unsubscribe(conn: Conn, requested: string[], id?: number) {
    const channels: string[] = [];
    for (const ch of new Set(requested)) {
      if (conn.channels.delete(ch)) this.register(conn, ch, false);
      if (WS_CHANNEL_PATTERN.test(ch)) channels.push(ch);
    }
    this.checkNesting(conn);
    conn.sendJson({ type: 'unsubscribed', ...(id !== undefined ? { id } : {}), channels });
  }

  /** Whether some held point/equipment lies inside another held equipment/station (rare: see Conn.nested). */
  private checkNesting(conn: Conn) {
    const ix = this.index;
    const stations = new Set<number>();
    const equipment = new Set<number>();
    const points: number[] = [];
    for (const ch of conn.channels) {
      const e = parseEntity(ch);
      if (e?.kind === 'station') stations.add(e.id);
      else if (e?.kind === 'equipment') equipment.add(e.id);
      else if (e?.kind === 'point') points.push(e.id);
    }
    let nested = false;
    if (stations.size || equipment.size) {
      for (const eq of equipment) if (stations.has(ix.stationOfEquipment(eq))) nested = true;
      for (const p of points) {
        const eq = ix.equipmentOfPoint(p);
        if (equipment.has(eq) || stations.has(ix.stationOfEquipment(eq))) nested = true;
      }
    }
    if (nested && !conn.nested) conn.nested = new Map();
    if (!nested && conn.nested) {
      // Values merged so far still go out, as a fragment of their own.
      if (conn.nested.size) {
        conn.frags.push(pointsFragment(conn.nested.values()));
        this.touch(conn);
      }
      conn.nested = null;
    }
  }

  add(conn: Conn) {
    this.conns.add(conn);
  }

  remove(conn: Conn) {
    conn.stop();
    this.conns.delete(conn);
    this.dirtyConns.delete(conn);
    for (const ch of conn.channels) this.register(conn, ch, false);
    conn.channels.clear();
  }

  /** The user's scope changed: channels now out of it are dropped and the client told. */
  pruneScope(conn: Conn) {
    const gone: string[] = [];
    for (const ch of conn.channels) {
      const e = parseEntity(ch);
      if (e && !this.allowed(conn, e.kind, e.id)) gone.push(ch);
    }
    if (gone.length) this.unsubscribe(conn, gone);
  }

  private entityUnknown(ch: string): boolean {
    const e = parseEntity(ch);
    return !!e && this.customerOf(e.kind, e.id) === 0;
  }

  private allowed(conn: Conn, kind: EntityKind, id: number): boolean {
    const customer = this.customerOf(kind, id);
    return customer !== 0 && conn.sees(customer);
  }

  private register(conn: Conn, ch: string, on: boolean) {
    const e = parseEntity(ch);
    if (e) {
      const map = e.kind === 'point' ? this.byPoint : e.kind === 'equipment' ? this.byEquipment : this.byStation;
      let buf = map.get(e.id);
      if (on) {
        if (!buf) map.set(e.id, (buf = { conns: new Set(), pending: new Map(), dirty: false }));
        buf.conns.add(conn);
      } else if (buf?.conns.delete(conn) && !buf.conns.size) {
        buf.pending.clear();
        map.delete(e.id);
      }
      return;
    }
    if (ch === 'messages') {
      if (on) addTo(this.messageSubs, conn.userId, conn);
      else removeFrom(this.messageSubs, conn.userId, conn);
      return;
    }
    const set = ch === 'gateways' ? this.gatewaySubs : this.alarmSubs;
    if (on) set.add(conn);
    else set.delete(conn);
  }

  /** Latest values and comm states of channels just taken (also after a reconnect: the client resubscribes). */
  private async snapshot(conn: Conn, channels: Iterable<string>, pointsOnly = false) {
    const ix = this.index;
    const points = new Set<number>();
    const equipment = new Set<number>();
    let withPoints = false;
    let gateways = false;
    let messages = false;
    for (const ch of channels) {
      const e = parseEntity(ch);
      if (!e) {
        if (ch === 'gateways') gateways = true;
        if (ch === 'messages') messages = true;
        continue;
      }
      withPoints = true;
      if (e.kind === 'point') points.add(e.id);
      else {
        const eqs = e.kind === 'equipment' ? [e.id] : ix.equipmentOfStation(e.id);
        for (const eq of eqs) {
          equipment.add(eq);
          for (const p of ix.pointsOfEquipment(eq)) points.add(p);
        }
      }
    }
    if (withPoints) {
      const latest = this.latest();
      const values: { p: number; t: number; v: number }[] = [];
      if (latest) {
        for (const p of points) {
          const l = latest.get(p);
          if (l) values.push({ p, t: l.ts, v: l.value });
        }
      }
      conn.send(pointsFrame(values, true));
    }
    if (pointsOnly) return;
    const eqStates: WsCommState[] = [];
    for (const id of equipment) {
      const s = ix.equipmentComm.get(id);
      eqStates.push({ id, online: s?.online ?? false, at: s?.at ?? 0 });
    }
    const gwStates: WsCommState[] = [];
    if (gateways) {
      for (const [id, customer] of ix.gateways()) {
        if (!conn.sees(customer)) continue;
        const s = ix.gatewayComm.get(id);
        gwStates.push({ id, online: s?.online ?? false, at: s?.at ?? 0 });
      }
    }
    if (eqStates.length || gwStates.length) conn.send(statusFrame(eqStates, gwStates));
    if (messages) conn.sendJson({ type: 'messages', noConfirm: await unconfirmedCount(this.db, conn.userId) });
  }

  /**
   * Hot path: every committed sample of every process (50,000/s in the benchmark). Each sample
   * lands in at most three channel buffers (its point, equipment, station), newest per point;
   * the window's tick serialises each buffer once for all its listeners.
   */
  onSamples(samples: readonly Sample[]) {
    const byPoint = this.byPoint;
    const byEquipment = this.byEquipment;
    const byStation = this.byStation;
    if (byPoint.size === 0 && byEquipment.size === 0 && byStation.size === 0) return;
    const viaAssets = byEquipment.size > 0 || byStation.size > 0;
    const ix = this.index;
    const n = samples.length;
    for (let i = 0; i < n; i++) {
      const s = samples[i];
      // Sorted by (point, time): of a backlog's run of one point only the last (newest) counts.
      if (i + 1 < n && samples[i + 1].p === s.p) continue;
      const a = byPoint.get(s.p);
      if (a !== undefined) this.put(a, s);
      if (viaAssets) {
        const eq = ix.equipmentOfPoint(s.p);
        if (eq === 0) {
          ix.noteUnknownPoint();
          continue;
        }
        const b = byEquipment.get(eq);
        if (b !== undefined) this.put(b, s);
        const c = byStation.get(ix.stationOfEquipment(eq));
        if (c !== undefined) this.put(c, s);
      }
    }
  }

  private put(buf: ChannelBuf, s: Sample) {
    const cur = buf.pending.get(s.p);
    if (cur === undefined || s.t >= cur.t) buf.pending.set(s.p, s);
    if (!buf.dirty) {
      buf.dirty = true;
      this.dirtyBufs.push(buf);
      if (this.timer === null) this.schedule();
    }
  }

  private touch(conn: Conn) {
    this.dirtyConns.add(conn);
    if (this.timer === null) this.schedule();
  }

  /** The next window: at once after a quiet spell, else one window after the last. */
  private schedule() {
    const wait = Math.max(0, this.lastTick + this.coalesceMs - Date.now());
    this.timer = setTimeout(() => this.tick(), wait);
  }

  /** One window: serialise each changed channel once, hand it to its listeners, flush them. */
  tick() {
    this.timer = null;
    this.lastTick = Date.now();
    const bufs = this.dirtyBufs.splice(0);
    for (const buf of bufs) {
      buf.dirty = false;
      if (buf.pending.size && buf.conns.size) {
        let frag: string | null = null;
        for (const conn of buf.conns) {
          if (conn.nested) {
            for (const s of buf.pending.values()) {
              const cur = conn.nested.get(s.p);
              if (cur === undefined || s.t >= cur.t) conn.nested.set(s.p, s);
            }
          } else {
            frag ??= pointsFragment(buf.pending.values());
            if (!frag) continue;
            conn.frags.push(frag);
          }
          this.dirtyConns.add(conn);
        }
      }
      buf.pending.clear();
    }
    const conns = [...this.dirtyConns];
    this.dirtyConns.clear();
    for (const conn of conns) {
      const r = conn.flush();
      if (r === 'congested' && !conn.closed) this.dirtyConns.add(conn); // try again next window
      else if (r === 'resync') void this.snapshot(conn, conn.channels, true).catch(() => undefined);
    }
    if (this.dirtyConns.size && this.timer === null) this.schedule();
  }

  /** Stops the window timer (app close). */
  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  onEquipmentStatus(e: WsCommState) {
    const cur = this.index.equipmentComm.get(e.id);
    if (cur && cur.at > e.at) return; // an older event from another process
    this.index.equipmentComm.set(e.id, { online: e.online, at: e.at });
    const state: WsCommState = { id: e.id, online: e.online, at: e.at };
    for (const buf of [this.byEquipment.get(e.id), this.byStation.get(this.index.stationOfEquipment(e.id))]) {
      if (!buf) continue;
      for (const conn of buf.conns) {
        conn.offerStatus('equipment', state);
        this.touch(conn);
      }
    }
  }

  async onGatewayStatus(e: WsCommState) {
    const cur = this.index.gatewayComm.get(e.id);
    if (cur && cur.at > e.at) return;
    this.index.gatewayComm.set(e.id, { online: e.online, at: e.at });
    if (!this.gatewaySubs.size) return;
    if (this.index.customerOfGateway(e.id) === 0) await this.index.refreshNew();
    const customer = this.index.customerOfGateway(e.id);
    const state: WsCommState = { id: e.id, online: e.online, at: e.at };
    for (const conn of this.gatewaySubs) {
      if (customer === 0 || !conn.sees(customer)) continue;
      conn.offerStatus('gateway', state);
      this.touch(conn);
    }
  }

  onAlarm(kind: AlarmEventKind, alarm: AlarmRow) {
    if (!this.alarmSubs.size) return;
    const text = JSON.stringify({ type: 'alarm', event: kind, alarm });
    for (const conn of this.alarmSubs) if (conn.sees(alarm.customerId)) conn.send(text);
  }

  /** The bell: the user's unconfirmed count, read once per user for all their sockets. */
  async onMessages(userIds: readonly number[], messageId?: number) {
    for (const userId of userIds) {
      const conns = this.messageSubs.get(userId);
      if (!conns) continue;
      const noConfirm = await unconfirmedCount(this.db, userId);
      const text = JSON.stringify({ type: 'messages', noConfirm, ...(messageId !== undefined ? { messageId } : {}) });
      for (const conn of conns) conn.send(text);
    }
  }
}
