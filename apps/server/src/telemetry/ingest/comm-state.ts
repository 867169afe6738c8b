import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../platform/bus';
import type { TelDb } from '../store/store';
import { gatewayRows, infoOf, type GatewayInfo } from './gateways';

interface State {
  online: boolean;
  lastSeen: number;
  /** last_seen_at as last written */
  persisted: number;
  intervalMs: number;
}

export interface CommOptions {
  /** Offline after this many report intervals without a message. */
  offlineFactor: number;
  /** last_seen_at is written at most this often while online (state changes are written at once). */
  persistEveryMs: number;
}

/**
 * Communication state of gateways and equipment (asset_gateway / asset_equipment: online,
 * last_seen_at, offline_since). Any authenticated message marks its gateway online, and the
 * equipment whose points it carried; `tick` (a timer) marks them offline after `offlineFactor`
 * report intervals of silence, re-reading last_seen_at first so a gateway heard by another server
 * process is not marked offline. Changes are announced on the bus for the websocket and alarms.
 */
export class CommState {
  private readonly gateways = new Map<number, State>();
  private readonly equipment = new Map<number, State>();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: TelDb,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    private readonly opts: CommOptions,
  ) {}

  /** Loads what the database says, so a restart does not forget who was online. */
  async load() {
    const gws = await gatewayRows(this.db).select(['g.online', 'g.last_seen_at']).execute();
    const interval = new Map(gws.map((g) => [g.id, infoOf(g).equipmentSilentMs]));
    for (const g of gws) {
      if (g.online || g.last_seen_at) this.gateways.set(g.id, { online: !!g.online, lastSeen: g.last_seen_at ?? 0, persisted: g.last_seen_at ?? 0, intervalMs: infoOf(g).silentMs });
    }
    const eqs = await this.db.selectFrom('asset_equipment').select(['id', 'online', 'last_seen_at', 'gateway_id']).where('online', '=', 1).execute();
    for (const e of eqs) {
      this.equipment.set(e.id, { online: true, lastSeen: e.last_seen_at ?? 0, persisted: e.last_seen_at ?? 0, intervalMs: interval.get(e.gateway_id ?? -1) ?? 60_000 });
    }
  }

  /** A message arrived from `gw` carrying values of `equipmentIds`. */
  seen(gw: GatewayInfo, equipmentIds: Iterable<number>, now = Date.now()) {
    this.touch('gateway', gw.id, this.gateways, gw.silentMs, now);
    for (const id of equipmentIds) this.touch('equipment', id, this.equipment, gw.equipmentSilentMs, now);
  }

  private touch(kind: 'gateway' | 'equipment', id: number, map: Map<number, State>, intervalMs: number, now: number) {
    let s = map.get(id);
    if (!s) map.set(id, (s = { online: false, lastSeen: 0, persisted: 0, intervalMs }));
    s.intervalMs = intervalMs;
    if (now > s.lastSeen) s.lastSeen = now;
    if (!s.online) {
      s.online = true;
      s.persisted = now;
      this.write(kind, id, { online: 1, last_seen_at: now, ...(kind === 'gateway' ? { offline_since: null } : {}) });
      this.bus.emit(kind === 'gateway' ? 'gateway.status' : 'equipment.status', { id, online: true, at: now });
    }
  }

  /** Writes last_seen_at of those heard lately and marks the silent ones offline. */
  async tick(now = Date.now()) {
    for (const [kind, map] of [
      ['gateway', this.gateways],
      ['equipment', this.equipment],
    ] as const) {
      for (const [id, s] of map) {
        if (!s.online) continue;
        if (now - s.lastSeen > this.opts.offlineFactor * s.intervalMs) {
          const stored = await this.storedLastSeen(kind, id);
          if (stored && stored > s.lastSeen) s.lastSeen = stored;
          if (now - s.lastSeen > this.opts.offlineFactor * s.intervalMs) {
            s.online = false;
            this.write(kind, id, { online: 0, ...(kind === 'gateway' ? { offline_since: now } : {}) });
            this.bus.emit(kind === 'gateway' ? 'gateway.status' : 'equipment.status', { id, online: false, at: now });
            continue;
          }
        }
        if (s.lastSeen - s.persisted >= this.opts.persistEveryMs) {
          s.persisted = s.lastSeen;
          this.write(kind, id, { last_seen_at: s.lastSeen });
        }
      }
    }
    await this.writes;
  }

  private async storedLastSeen(kind: 'gateway' | 'equipment', id: number): Promise<number | null> {
    const table = kind === 'gateway' ? 'asset_gateway' : 'asset_equipment';
    const row = await this.db.selectFrom(table).select('last_seen_at').where('id', '=', id).executeTakeFirst();
    return row?.last_seen_at ?? null;
  }

  /** Writes in order, off the ingest path; a failure is logged and the next tick writes again. */
  private write(kind: 'gateway' | 'equipment', id: number, values: { online?: number; last_seen_at?: number; offline_since?: number | null }) {
    const table = kind === 'gateway' ? 'asset_gateway' : 'asset_equipment';
    this.writes = this.writes
      .then(() => this.db.updateTable(table).set(values).where('id', '=', id).execute())
      .catch((err) => this.log.warn({ err, kind, id }, 'telemetry: communication state not written'));
  }

  /** Waits for state writes in flight (shutdown, tests). */
  settle() {
    return this.writes;
  }

  isOnline(kind: 'gateway' | 'equipment', id: number): boolean {
    return (kind === 'gateway' ? this.gateways : this.equipment).get(id)?.online ?? false;
  }
}
