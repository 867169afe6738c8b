import { drift, jitter, trait } from './noise';
import { chinaTime, profileAt, seasonFactor, type ChinaTime } from './profiles';
import { gridFrequency, roomTemp } from './environment';
import type { SimStation } from './fleet';
import type { Triple } from './electrical';

/**
 * The state of one station at one moment, shared by all its equipment (pure function of time):
 * the LV busbar and 10 kV voltages, THDu, frequency, and per transformer side the load after
 * compensation — what the LV incomer measures, what the transformer carries, what the capacitor
 * controller switched, and (summed with losses) what the 10 kV meter sees.
 */
export interface SideFlow {
  /** Load rate S/S_rated after compensation. */
  beta: number;
  P: number;
  /** After compensation; negative when over-compensated (leading). */
  Q: number;
  S: number;
  /** Uncompensated reactive demand of the load (kvar). */
  Qload: number;
  steps: number;
  stepKvar: number;
  kva: number;
}

export interface StationCtx {
  ts: number;
  t: ChinaTime;
  /** LV phase voltages at the busbar (V), nominal 230.9 (0.4 kV winding). */
  lv: Triple;
  /** 10 kV phase voltages (V, primary). */
  hv: Triple;
  thdU: number;
  thdUhv: number;
  freq: number;
  sides: SideFlow[];
  /** Load rate of the station as a whole (for room heat). */
  beta: number;
  roomTemp: { hv: number; lv: number; transformer: number };
}

const LV_PHASE = 400 / Math.sqrt(3);
const HV_PHASE = 10_000 / Math.sqrt(3);
const TARGET_PF = 0.96;

/** Reactive compensation of a transformer side: 30 % of kVA in 8 steps (fleet-plan.ts). */
export const bankKvar = (kva: number) => Math.round((kva * 0.3) / 40) * 40;

/** Load rate before compensation at a moment: the station's curve × its personality × noise. */
export function sideLoad(st: SimStation, side: number, ts: number, t: ChinaTime): { s0: number; pf0: number } {
  const seed = st.seed + side * 7919;
  const peak = trait(seed, 1, 0.5, 0.72);
  const shape = profileAt(st.profile, t) * seasonFactor(t.dayOfYear, st.profile);
  const s0 = peak * shape * (1 + 0.06 * drift(seed, ts, 40 * 60_000) + 0.015 * jitter(seed, ts));
  const pf0 = trait(seed, 2, 0.8, 0.87) + 0.02 * drift(seed ^ 0x99, ts, 90 * 60_000);
  return { s0: Math.max(0.03, s0), pf0 };
}

export function sideFlow(st: SimStation, side: number, ts: number, t: ChinaTime): SideFlow {
  const kva = st.transformerKva[side] ?? 1000;
  const { s0, pf0 } = sideLoad(st, side, ts, t);
  const S0 = s0 * kva;
  const P = S0 * pf0;
  const Qload = S0 * Math.sqrt(1 - pf0 * pf0);
  const stepKvar = bankKvar(kva) / 8;
  // The controller switches in whole steps towards cosφ = 0.96 without overshooting by much.
  const wanted = Qload - P * Math.tan(Math.acos(TARGET_PF));
  const steps = stepKvar > 0 ? Math.max(0, Math.min(8, Math.round(wanted / stepKvar))) : 0;
  const Q = Qload - steps * stepKvar;
  const S = Math.hypot(P, Q);
  return { beta: S / kva, P, Q, S, Qload, steps, stepKvar, kva };
}

/** A few recent moments per station: equipment of one station are advanced through the same sub-steps. */
const cache = new WeakMap<SimStation, Map<number, StationCtx>>();
const CACHE_SIZE = 16;

export function stationAt(st: SimStation, ts: number): StationCtx {
  let recent = cache.get(st);
  if (!recent) cache.set(st, (recent = new Map()));
  const hit = recent.get(ts);
  if (hit) return hit;
  const t = chinaTime(ts);
  const sides = st.transformerKva.length ? st.transformerKva.map((_, i) => sideFlow(st, i, ts, t)) : [];
  const beta = sides.length ? sides.reduce((a, s) => a + s.beta, 0) / sides.length : 0.4;
  const seed = st.seed;
  // The busbar sags under load: ~+0.6 % at night, ~−1 % at a heavy peak (alarm at 235.4 V = 220 V + 7 %); a little drift and unbalance.
  const level = 1 + 0.01 - 0.03 * beta + 0.004 * drift(seed ^ 0x51, ts, 20 * 60_000);
  const lv = [0, 1, 2].map((k) => LV_PHASE * level * (1 + trait(seed, 10 + k, -0.004, 0.004) + 0.0008 * jitter(seed, ts, k))) as Triple;
  const hvLevel = 1 + 0.02 + 0.01 * drift(0x10cc, ts, 60 * 60_000) - 0.006 * beta;
  const hv = [0, 1, 2].map((k) => HV_PHASE * hvLevel * (1 + trait(seed, 20 + k, -0.002, 0.002) + 0.0005 * jitter(seed, ts, 3 + k))) as Triple;
  const thdU = trait(seed, 30, 1.8, 3.2) + 0.8 * beta + 0.3 * drift(seed ^ 0x7a, ts, 30 * 60_000);
  const thdUhv = trait(seed, 31, 0.8, 1.4) + 0.2 * drift(seed ^ 0x7b, ts, 30 * 60_000);
  const ctx: StationCtx = {
    ts,
    t,
    lv,
    hv,
    thdU,
    thdUhv,
    freq: gridFrequency(ts),
    sides,
    beta,
    roomTemp: { hv: roomTemp(seed, ts, 'hv', beta, t), lv: roomTemp(seed + 1, ts, 'lv', beta, t), transformer: roomTemp(seed + 2, ts, 'transformer', beta, t) },
  };
  recent.set(ts, ctx);
  if (recent.size > CACHE_SIZE) recent.delete(recent.keys().next().value!);
  return ctx;
}
