import { advance, initState, readings, type EquipState } from './equipment';
import type { FileGateway, SimEquipment, SimStation } from './fleet';
import { seedOf } from './noise';

/** One record as a gateway sends it (design.md §6). */
export interface UpRecord {
  seq: number;
  ts: number;
  values: Record<string, number>;
}

/** Decimals a real meter reports per unit (domain §1 scaling examples); states are 0/1. */
function decimalsOf(unit: string, kind: string): number {
  if (kind === 'yx') return 0;
  switch (unit) {
    case 'V':
    case '°C':
    case '%RH':
    case 'mA':
      return 1;
    case 'kW':
    case 'kvar':
    case 'kVA':
    case '':
      return 3;
    default:
      return 2;
  }
}

interface Tag {
  tag: string;
  key: string;
  factor: number;
}

/**
 * A simulated gateway: its equipment (with roles from their station), their states, and the
 * tags `<equipmentCode>.<pointKey>` it reports. Control points (遥控 yk) are commands, not
 * readings, and are never sent. Keys no generator knows are sent as 0 and listed in `unknown`.
 */
export class GatewaySim {
  readonly code: string;
  readonly secret: string;
  readonly seed: number;
  readonly reportIntervalS: number;
  readonly equipment: { e: SimEquipment; tags: Tag[]; state?: EquipState }[];
  readonly unknown: string[] = [];
  seq = 0;
  /** Time of the last record made (ms); the next one follows it. */
  lastTs = 0;
  readonly tagCount: number;

  constructor(g: FileGateway, stations: Map<string, SimStation>, intervalOverrideS?: number) {
    this.code = g.code;
    this.secret = g.secret;
    this.seed = seedOf(g.code);
    this.reportIntervalS = intervalOverrideS ?? g.reportIntervalS ?? 60;
    const byCode = new Map(stations.get(g.stationCode)!.equipment.map((e) => [e.code, e]));
    this.equipment = g.equipment.map((fe) => {
      const e = byCode.get(fe.code)!;
      const tags = fe.points
        .filter(([, kind]) => kind !== 'yk')
        .map(([key, kind, unit]) => ({ tag: `${fe.code}.${key}`, key, factor: 10 ** decimalsOf(unit, kind) }));
      return { e, tags };
    });
    this.tagCount = this.equipment.reduce((a, x) => a + x.tags.length, 0);
  }

  /** Energy registers and states per equipment code, for the state file. */
  states(): Record<string, EquipState> {
    const out: Record<string, EquipState> = {};
    for (const x of this.equipment) if (x.state) out[x.e.code] = x.state;
    return out;
  }

  /**
   * Restores states: saved ones as they are (their registers raised to any higher reading the
   * server holds), others fresh at `ts` with the server's readings when known.
   */
  restore(ts: number, saved: Record<string, EquipState> | undefined, serverRegisters: Map<string, number>) {
    for (const x of this.equipment) {
      const fromServer: Record<string, number> = {};
      for (const t of x.tags) {
        const v = serverRegisters.get(t.tag);
        if (v !== undefined) fromServer[t.key] = v;
      }
      const s = saved?.[x.e.code];
      if (s) {
        x.state = s;
        for (const [k, v] of Object.entries(fromServer)) if (k in s.acc && v > s.acc[k]) s.acc[k] = v;
      } else {
        x.state = initState(x.e, ts, fromServer);
      }
    }
  }

  /** Makes the record for `ts`: every equipment advanced to it, every tag read and rounded. */
  record(ts: number): UpRecord {
    const values: Record<string, number> = {};
    for (const x of this.equipment) {
      if (!x.state) x.state = initState(x.e, ts);
      advance(x.e, x.state, ts);
      const r = readings(x.e, x.state);
      for (const t of x.tags) {
        let v = r[t.key];
        if (v === undefined) {
          if (!this.unknown.includes(t.tag)) this.unknown.push(t.tag);
          v = 0;
        }
        values[t.tag] = Math.round(v * t.factor) / t.factor;
      }
    }
    this.lastTs = ts;
    return { seq: ++this.seq, ts, values };
  }
}
