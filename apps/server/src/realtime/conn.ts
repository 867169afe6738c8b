import type { WebSocket } from 'ws';
import type { WsCommState } from '@pdz/contracts';
import type { Sample } from '../telemetry/types';

export interface ConnLimits {
  /** Deltas are skipped while more than this waits in the socket (a snapshot follows once it drains). */
  sendBufferBytes: number;
}

/** A socket congested this long, or with 4× the buffer bound waiting, is dropped (the client reconnects and gets a snapshot). */
const CONGESTED_DROP_MS = 15_000;
const FLOOD_WINDOW_MS = 10_000;
const FLOOD_FRAMES = 120;
const FLOOD_BAD_FRAMES = 10;

/** `[p,t,v],[p,t,v]` of the values; numbers print the same as JSON for finite values (ingest takes finite ones only). */
export function pointsFragment(values: Iterable<Sample | { p: number; t: number; v: number }>): string {
  let s = '';
  for (const x of values) {
    if (!Number.isFinite(x.v)) continue;
    s += (s ? ',[' : '[') + x.p + ',' + x.t + ',' + x.v + ']';
  }
  return s;
}

export function pointsFrame(values: Iterable<Sample | { p: number; t: number; v: number }>, snapshot: boolean): string {
  return (snapshot ? '{"type":"points","snapshot":true,"values":[' : '{"type":"points","values":[') + pointsFragment(values) + ']}';
}

export function statusFrame(equipment: WsCommState[], gateways: WsCommState[]): string {
  return JSON.stringify({ type: 'status', ...(equipment.length ? { equipment } : {}), ...(gateways.length ? { gateways } : {}) });
}

/**
 * One console connection: its channels, data scope, and what waits to be sent. Point deltas come
 * as ready-made fragments of the channels it holds (serialised once per channel and window by the
 * hub, whoever listens); comm states are coalesced per id. The hub calls `flush` once per window.
 * A socket that cannot keep up gets no deltas meanwhile (memory stays bounded) and, once it
 * drains, a fresh snapshot of its channels instead of what it missed.
 */
export class Conn {
  readonly channels = new Set<string>();
  /** Customers this user may see; null: all. Empty until the scope is read. */
  visible: Set<number> | null = new Set();
  alive = true;
  closed = false;
  /** Client operations run one after another (a sub awaiting the database must not overtake an unsub). */
  queue: Promise<void> = Promise.resolve();
  /** Deltas were skipped while congested: the next flush sends a snapshot instead. */
  resync = false;

  /** `[p,t,v],…` fragments of this window (one per channel that changed). */
  readonly frags: string[] = [];
  /**
   * Set while the connection holds channels inside each other (a point of a station it also
   * holds): its values are merged per point here instead, so a frame names each point once.
   */
  nested: Map<number, Sample> | null = null;
  private readonly pendingEquipment = new Map<number, WsCommState>();
  private readonly pendingGateways = new Map<number, WsCommState>();
  private congestedSince = 0;
  private windowStart = 0;
  private frames = 0;
  private bad = 0;

  constructor(
    readonly socket: WebSocket,
    readonly userId: number,
    readonly tokenHash: string,
    private readonly limits: ConnLimits,
    private readonly onDrop: (conn: Conn, why: string) => void,
  ) {}

  sees(customerId: number): boolean {
    return this.visible === null || this.visible.has(customerId);
  }

  offerStatus(kind: 'equipment' | 'gateway', state: WsCommState) {
    (kind === 'equipment' ? this.pendingEquipment : this.pendingGateways).set(state.id, state);
  }

  /**
   * Sends this window's frames. Returns 'congested' when the socket is behind (the hub tries
   * again next window) and 'resync' when it has drained after that and needs a snapshot.
   */
  flush(): 'sent' | 'congested' | 'resync' {
    if (this.closed) return 'sent';
    const now = Date.now();
    if (this.socket.bufferedAmount > this.limits.sendBufferBytes) {
      this.frags.length = 0;
      this.nested?.clear();
      this.resync = true;
      if (!this.congestedSince) this.congestedSince = now;
      else if (now - this.congestedSince > CONGESTED_DROP_MS) this.drop('slow consumer');
      return 'congested';
    }
    this.congestedSince = 0;
    if (this.nested?.size) {
      this.frags.push(pointsFragment(this.nested.values()));
      this.nested.clear();
    }
    if (this.frags.length) {
      const text = '{"type":"points","values":[' + this.frags.join(',') + ']}';
      this.frags.length = 0;
      if (!this.resync) this.send(text);
    }
    if (this.pendingEquipment.size || this.pendingGateways.size) {
      const text = statusFrame([...this.pendingEquipment.values()], [...this.pendingGateways.values()]);
      this.pendingEquipment.clear();
      this.pendingGateways.clear();
      this.send(text);
    }
    if (this.resync) {
      this.resync = false;
      return 'resync';
    }
    return 'sent';
  }

  /** Sends now (answers, snapshots, alarms, messages); false when the socket is gone or hopelessly behind. */
  send(text: string): boolean {
    if (this.closed) return false;
    if (this.socket.bufferedAmount > 4 * this.limits.sendBufferBytes) {
      this.drop('send buffer full');
      return false;
    }
    this.socket.send(text);
    return true;
  }

  sendJson(frame: object): boolean {
    return this.send(JSON.stringify(frame));
  }

  /**
   * Counts a client frame: false once the client floods (more than 120 frames, or 10 bad ones,
   * within 10 s) and must be closed.
   */
  countFrame(isBad: boolean): boolean {
    const now = Date.now();
    if (now - this.windowStart > FLOOD_WINDOW_MS) {
      this.windowStart = now;
      this.frames = 0;
      this.bad = 0;
    }
    this.frames++;
    if (isBad) this.bad++;
    return this.frames <= FLOOD_FRAMES && this.bad <= FLOOD_BAD_FRAMES;
  }

  close(code: number, reason: string) {
    if (this.closed) return;
    this.stop();
    this.socket.close(code, reason);
  }

  private drop(why: string) {
    if (this.closed) return;
    this.stop();
    this.socket.terminate();
    this.onDrop(this, why);
  }

  terminate() {
    if (this.closed) return;
    this.stop();
    this.socket.terminate();
  }

  /** No more sending; pending values are released. */
  stop() {
    this.closed = true;
    this.frags.length = 0;
    this.nested?.clear();
    this.pendingEquipment.clear();
    this.pendingGateways.clear();
  }
}
