import fs from 'node:fs';
import { profileOfCustomer, profileOfName, type ProfileKind } from './profiles';
import { seedOf } from './noise';

/** DATA_DIR/demo-gateways.json, as apps/server/src/modules/assets/demo/gateways-file.ts writes it. */
export interface GatewaysFile {
  gateways: FileGateway[];
}

export interface FileGateway {
  code: string;
  secret: string;
  customerCode: string;
  stationCode: string;
  stationName?: string;
  /** Not written by the seed today (it stores 60 s in the database); honoured when present. */
  reportIntervalS?: number;
  equipment: FileEquipment[];
}

export interface FileEquipment {
  code: string;
  name: string;
  model: string;
  equipmentType: string;
  ratedKva: number | null;
  ratedCurrent: number | null;
  ctRatio: number;
  ptRatio: number;
  /** [pointKey, kind (yc|yx|ym|yk), unit] */
  points: [string, string, string][];
}

/** What an equipment is in its station: decides its generator and who it is tied to. */
export type Role = 'hvIncomer' | 'transformer' | 'lvIncomer' | 'capacitor' | 'busTie' | 'feeder' | 'breaker' | 'thSensor' | 'door' | 'water' | 'smoke' | 'other';

export interface SimEquipment extends FileEquipment {
  seed: number;
  role: Role;
  station: SimStation;
  /** lvIncomer, transformer, capacitor: which transformer side (0-based). */
  side: number;
  profile: ProfileKind;
  /** th_sensor: warmer when it stands in the transformer room. */
  room: 'hv' | 'lv' | 'transformer';
}

export interface SimStation {
  code: string;
  customerCode: string;
  seed: number;
  profile: ProfileKind;
  /** Rated kVA of each transformer (in side order). */
  transformerKva: number[];
  equipment: SimEquipment[];
}

export function readGatewaysFile(file: string): GatewaysFile {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as GatewaysFile;
  if (!Array.isArray(doc.gateways)) throw new Error(`${file}: 没有 gateways 列表 (not a demo-gateways.json)`);
  return doc;
}

const LV_MAIN_FACTOR = 1.443; // rated LV current per kVA at 0.4 kV (fleet-plan.ts)

/**
 * Groups all equipment by station (a station's equipment may sit on two gateways) and gives each
 * one its role: the 10 kV meter (PT > 1), transformers, each transformer's LV incomer (the
 * MFM-3P rated at kVA × 1.443) and compensation controller, the bus tie (SCM-3P at that rating,
 * normally open), feeders, breakers and room sensors.
 */
export function buildStations(doc: GatewaysFile): Map<string, SimStation> {
  const stations = new Map<string, SimStation>();
  for (const g of doc.gateways) {
    let st = stations.get(g.stationCode);
    if (!st) {
      st = { code: g.stationCode, customerCode: g.customerCode, seed: seedOf(g.stationCode), profile: profileOfCustomer(g.customerCode), transformerKva: [], equipment: [] };
      stations.set(g.stationCode, st);
    }
    for (const e of g.equipment) st.equipment.push({ ...e, seed: seedOf(e.code), role: 'other', station: st, side: 0, profile: st.profile, room: 'lv' });
  }
  for (const st of stations.values()) {
    st.equipment.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const transformers = st.equipment.filter((e) => e.equipmentType === 'transformer');
    st.transformerKva = transformers.map((t) => t.ratedKva ?? 1000);
    transformers.forEach((t, i) => Object.assign(t, { role: 'transformer', side: i }));
    const mainCurrent = Math.round((st.transformerKva[0] ?? 0) * LV_MAIN_FACTOR);
    let incomers = 0;
    let caps = 0;
    let th = 0;
    for (const e of st.equipment) {
      if (e.role === 'transformer') continue;
      switch (e.equipmentType) {
        case 'meter':
        case 'circuit_meter':
          if (e.ptRatio > 1) e.role = 'hvIncomer';
          else if (e.ratedCurrent === mainCurrent && e.equipmentType === 'meter' && incomers < transformers.length) Object.assign(e, { role: 'lvIncomer', side: incomers++ });
          else if (e.ratedCurrent === mainCurrent && e.equipmentType === 'circuit_meter') e.role = 'busTie';
          else Object.assign(e, { role: 'feeder', profile: profileOfName(e.name, st.profile) });
          break;
        case 'capacitor':
          Object.assign(e, { role: 'capacitor', side: Math.min(caps++, Math.max(0, transformers.length - 1)) });
          break;
        case 'breaker':
          Object.assign(e, { role: 'breaker', profile: profileOfName(e.name, 'lighting') });
          break;
        case 'th_sensor':
          Object.assign(e, { role: 'thSensor', room: /变压器/.test(e.name) ? 'transformer' : /高压/.test(e.name) ? 'hv' : th === 0 ? 'hv' : 'lv' });
          th++;
          break;
        case 'door':
        case 'water':
        case 'smoke':
          e.role = e.equipmentType;
          break;
      }
    }
  }
  return stations;
}
