import type { Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/** Dense arrays for ids up to this bound (16 MiB per table); larger ids fall back to a Map. */
const DENSE_MAX = 1 << 22;
const POINT_CHUNK = 50_000;

/**
 * id → id for positive integer ids: a typed array indexed by id (ids are dense sequences), so
 * 200,000 points cost ~1 MiB and a lookup on the sample path allocates nothing. 0 means unknown.
 */
export class IdTable {
  private a = new Int32Array(1024);
  private big: Map<number, number> | null = null;

  get(id: number): number {
    return id < this.a.length ? this.a[id] : (this.big?.get(id) ?? 0);
  }

  set(id: number, value: number) {
    if (id >= this.a.length) {
      if (id >= DENSE_MAX) {
        (this.big ??= new Map()).set(id, value);
        return;
      }
      let n = this.a.length;
      while (n <= id) n *= 2;
      const grown = new Int32Array(Math.min(n, DENSE_MAX));
      grown.set(this.a);
      this.a = grown;
    }
    this.a[id] = value;
  }
}

export interface CommSeen {
  online: boolean;
  at: number;
}

interface Tables {
  pointEquipment: IdTable;
  equipmentStation: Map<number, number>;
  stationCustomer: Map<number, number>;
  gatewayCustomer: Map<number, number>;
  equipmentPoints: Map<number, number[]>;
  stationEquipment: Map<number, number[]>;
  max: { point: number; equipment: number; station: number; gateway: number };
}

const emptyTables = (): Tables => ({
  pointEquipment: new IdTable(),
  equipmentStation: new Map(),
  stationCustomer: new Map(),
  gatewayCustomer: new Map(),
  equipmentPoints: new Map(),
  stationEquipment: new Map(),
  max: { point: 0, equipment: 0, station: 0, gateway: 0 },
});

function push(map: Map<number, number[]>, key: number, value: number) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Where each point, equipment, station and gateway belongs (point → equipment → station →
 * customer, gateway → customer), for routing samples to station/equipment channels and checking
 * subscriptions against the data scope. Loaded whole at start and on a timer (moves, deletions);
 * rows created since are picked up by `refreshNew` (ids above the largest known), which a
 * subscription to an unknown id awaits and an unknown point on the sample path triggers at most
 * every few seconds. Also keeps the communication state the websocket reports (seeded from the
 * asset tables, then moved by the bus events of every process).
 */
export class AssetIndex {
  private t: Tables = emptyTables();
  readonly equipmentComm = new Map<number, CommSeen>();
  readonly gatewayComm = new Map<number, CommSeen>();
  private tail: Promise<void> = Promise.resolve();
  private queuedNew: Promise<void> | null = null;
  private lastUnknownRefresh = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (err: unknown) => void,
    private readonly unknownEveryMs = 5_000,
  ) {}

  equipmentOfPoint(pointId: number): number {
    return this.t.pointEquipment.get(pointId);
  }
  stationOfEquipment(equipmentId: number): number {
    return this.t.equipmentStation.get(equipmentId) ?? 0;
  }
  customerOfStation(stationId: number): number {
    return this.t.stationCustomer.get(stationId) ?? 0;
  }
  customerOfGateway(gatewayId: number): number {
    return this.t.gatewayCustomer.get(gatewayId) ?? 0;
  }
  pointsOfEquipment(equipmentId: number): readonly number[] {
    return this.t.equipmentPoints.get(equipmentId) ?? [];
  }
  equipmentOfStation(stationId: number): readonly number[] {
    return this.t.stationEquipment.get(stationId) ?? [];
  }
  gateways(): IterableIterator<[number, number]> {
    return this.t.gatewayCustomer.entries();
  }

  /** Reads everything and swaps the tables in at once. */
  loadAll(): Promise<void> {
    return this.enqueue(async () => {
      const t = emptyTables();
      await this.readInto(t);
      this.t = t;
    });
  }

  /** Adds rows created since the last read; callers waiting meanwhile share one read that starts after their call. */
  refreshNew(): Promise<void> {
    if (this.queuedNew) return this.queuedNew;
    const p = this.enqueue(async () => {
      this.queuedNew = null;
      await this.readInto(this.t);
    });
    this.queuedNew = p;
    return p;
  }

  /** Reads run one at a time, so a full reload never races an incremental one. */
  private enqueue(job: () => Promise<void>): Promise<void> {
    const p = this.tail.then(job);
    this.tail = p.catch(() => undefined);
    return p;
  }

  /** A sample's point is unknown: read new rows, at most every few seconds. */
  noteUnknownPoint() {
    const now = Date.now();
    if (now - this.lastUnknownRefresh < this.unknownEveryMs) return;
    this.lastUnknownRefresh = now;
    this.refreshNew().catch(this.onError);
  }

  private async readInto(t: Tables) {
    const db = this.db;
    const stations = await db.selectFrom('asset_station').select(['id', 'customer_id']).where('id', '>', t.max.station).execute();
    for (const s of stations) {
      t.stationCustomer.set(s.id, s.customer_id);
      if (s.id > t.max.station) t.max.station = s.id;
    }
    const gateways = await db
      .selectFrom('asset_gateway')
      .select(['id', 'customer_id', 'online', 'last_seen_at', 'offline_since'])
      .where('id', '>', t.max.gateway)
      .execute();
    for (const g of gateways) {
      t.gatewayCustomer.set(g.id, g.customer_id);
      if (g.id > t.max.gateway) t.max.gateway = g.id;
      if (!this.gatewayComm.has(g.id)) this.gatewayComm.set(g.id, { online: !!g.online, at: (g.online ? g.last_seen_at : g.offline_since) ?? 0 });
    }
    const equipment = await db
      .selectFrom('asset_equipment')
      .select(['id', 'station_id', 'online', 'last_seen_at'])
      .where('id', '>', t.max.equipment)
      .execute();
    for (const e of equipment) {
      const before = t.equipmentStation.get(e.id);
      t.equipmentStation.set(e.id, e.station_id);
      if (before === undefined) push(t.stationEquipment, e.station_id, e.id);
      if (e.id > t.max.equipment) t.max.equipment = e.id;
      // Equipment keeps no offline time: the last message is the best "since" there is.
      if (!this.equipmentComm.has(e.id)) this.equipmentComm.set(e.id, { online: !!e.online, at: e.last_seen_at ?? 0 });
    }
    // Points in keyset chunks: a 200,000-point fleet never holds one huge result (nor the event loop).
    for (;;) {
      const rows = await db
        .selectFrom('asset_point')
        .select(['id', 'equipment_id'])
        .where('id', '>', t.max.point)
        .orderBy('id')
        .limit(POINT_CHUNK)
        .execute();
      for (const p of rows) {
        t.pointEquipment.set(p.id, p.equipment_id);
        push(t.equipmentPoints, p.equipment_id, p.id);
      }
      if (rows.length) t.max.point = rows[rows.length - 1].id;
      if (rows.length < POINT_CHUNK) break;
    }
  }
}
