import { drift, jitter, trait } from './noise';
import { profileAt, seasonFactor } from './profiles';
import { breakerTripped, doorOpen, overTempEpisode, roomHumidity } from './environment';
import { currentOf, threePhase, type Triple } from './electrical';
import { stationAt, type StationCtx } from './station';
import type { SimEquipment } from './fleet';

/**
 * Per-equipment generators. Instantaneous values are pure functions of (equipment, time); what
 * needs memory lives in EquipState: energy registers (∫P dt, trapezoidal, never decreasing),
 * winding temperatures (first-order thermal lag), the fan's hysteresis and the month's maximum
 * demand. `sample()` advances the state to `ts` and returns { pointKey: value }.
 */

export interface EquipState {
  /** Time of the last sample (ms). */
  ts: number;
  /** Energy registers by point key (kWh / kvarh), full precision. */
  acc: Record<string, number>;
  /** P and Q at `ts` (kW, kvar), the left side of the next trapezoid. */
  p: number;
  q: number;
  theta?: Triple;
  fan?: number;
  /** Current 15-minute demand block: start (ms), kWh and hours in it so far. */
  block?: [number, number, number];
  /** China-time month (YYYYMM) of `pdmd`. */
  month?: number;
  pdmd?: number;
}

const SUBSTEP_MS = 5 * 60_000;
const MAX_SUBSTEPS = 2000;
const BLOCK_MS = 15 * 60_000;
/** Dry-type winding: rise 100 K at rated load (class F, domain §5), exponent 1.4, τ 45 min (⚠ typical). */
const RATED_RISE_K = 100;
const RISE_EXP = 1.4;
const TAU_MS = 45 * 60_000;
export const FAN_ON_C = 90;
export const FAN_OFF_C = 75;
export const OVERTEMP_ALARM_C = 155;
export const OVERTEMP_TRIP_C = 170;
/** During an episode (fan failed) the windings head for this temperature: alarm (155) yes, trip (170) no. */
const EPISODE_TARGET_C = 168;

const meterRoles = new Set(['hvIncomer', 'lvIncomer', 'feeder', 'busTie']);

type MeterReading = ReturnType<typeof computeMeter>;
const meterCache = new WeakMap<SimEquipment, { ts: number; r: MeterReading }>();

/** Three-phase reading of a meter at a moment (pure; the last one is kept, readings() asks again). */
export function meterAt(e: SimEquipment, ctx: StationCtx, ts: number): MeterReading {
  const hit = meterCache.get(e);
  if (hit && hit.ts === ts) return hit.r;
  const r = computeMeter(e, ctx, ts);
  meterCache.set(e, { ts, r });
  return r;
}

function computeMeter(e: SimEquipment, ctx: StationCtx, ts: number) {
  const seed = e.seed;
  const w = [0, 1, 2].map((k) => 1 + trait(seed, 60 + k, -0.05, 0.05) + 0.015 * jitter(seed, ts, 10 + k));
  const mean = (w[0] + w[1] + w[2]) / 3;
  const weights = w.map((x) => x / mean) as Triple;
  const pfJit = (pf: number) => [0, 1, 2].map((k) => Math.min(0.999, pf + trait(seed, 70 + k, -0.008, 0.008))) as Triple;
  let u: Triple = ctx.lv;
  let iBal = 0;
  let pf = 1;
  let leading = false;
  let thdI = 0;
  let loadFrac = 0;
  if (e.role === 'lvIncomer' || e.role === 'hvIncomer') {
    const sides = e.role === 'lvIncomer' ? [ctx.sides[e.side]].filter(Boolean) : ctx.sides;
    let P = 0;
    let Q = 0;
    for (const s of sides) {
      P += s.P;
      Q += s.Q;
      if (e.role === 'hvIncomer') {
        // Transformer losses seen on the 10 kV side: ΔP = P0 + β²·Pk, ΔQ = Q0 + β²·Qk (domain §5).
        P += s.kva * 0.0012 + s.beta * s.beta * s.kva * 0.0065;
        Q += s.kva * 0.008 + s.beta * s.beta * s.kva * 0.06;
      }
    }
    if (e.role === 'hvIncomer') u = ctx.hv;
    const S = Math.hypot(P, Q);
    const uLine = ((u[0] + u[1] + u[2]) / 3) * Math.sqrt(3);
    iBal = currentOf(S, uLine);
    pf = S > 0 ? P / S : 1;
    leading = Q < 0;
    loadFrac = e.ratedCurrent ? iBal / e.ratedCurrent : 0.5;
    thdI = trait(seed, 80, 4, 8) * (1 + 0.5 * (1 - Math.min(1, loadFrac)));
  } else if (e.role === 'feeder') {
    const t = ctx.t;
    const standby = e.profile === 'standby';
    const peak = standby ? 0.02 : trait(seed, 1, 0.3, 0.68);
    loadFrac = peak * profileAt(e.profile, t) * seasonFactor(t.dayOfYear, e.profile) * (1 + 0.08 * drift(seed, ts, 25 * 60_000) + 0.02 * jitter(seed, ts, 20));
    loadFrac = Math.max(0.005, loadFrac);
    iBal = (e.ratedCurrent ?? 100) * loadFrac;
    pf = e.equipmentType === 'meter' ? trait(seed, 2, 0.91, 0.97) : trait(seed, 2, 0.86, 0.96);
    pf += 0.01 * drift(seed ^ 0x3, ts, 60 * 60_000);
    const base = e.profile === 'lighting' || e.profile === 'charging' ? trait(seed, 80, 18, 30) : e.profile === 'datacenter' ? trait(seed, 80, 10, 16) : trait(seed, 80, 6, 12);
    thdI = base * (1 + 0.6 * (1 - Math.min(1, loadFrac)));
    // A feeder's voltage: the busbar minus a small drop along its cable.
    u = ctx.lv.map((x) => x * (1 - 0.004 * loadFrac)) as Triple;
  }
  // busTie: normally open, no current.
  const i = weights.map((x) => iBal * x) as Triple;
  const tp = threePhase(u, i, pfJit(Math.min(0.999, pf)), leading);
  if (iBal === 0) tp.PF = tp.PFa = tp.PFb = tp.PFc = 1;
  return { tp, thdI, thdU: e.role === 'hvIncomer' ? ctx.thdUhv : ctx.thdU, loadFrac };
}

/** A smart miniature breaker: single phase on its own phase, tripping now and then. */
export function breakerAt(e: SimEquipment, ctx: StationCtx, ts: number) {
  const seed = e.seed;
  const closed = !breakerTripped(seed, ts);
  const rated = e.ratedCurrent ?? 32;
  const t = ctx.t;
  const frac = Math.max(0.01, trait(seed, 1, 0.15, 0.6) * profileAt(e.profile, t) * seasonFactor(t.dayOfYear, e.profile) * (1 + 0.1 * drift(seed, ts, 20 * 60_000) + 0.03 * jitter(seed, ts, 1)));
  const U = ctx.lv[seed % 3] * (1 - 0.006 * frac);
  const I = closed ? rated * frac : 0;
  const pf = trait(seed, 2, 0.9, 0.98);
  const P = (U * I * pf) / 1000;
  const IL = closed ? trait(seed, 3, 1.5, 6) * (0.6 + 0.4 * frac) + 0.3 * drift(seed ^ 0x5, ts, 30 * 60_000) : 0;
  const T = ctx.roomTemp.lv + (closed ? 35 * frac * frac : 0) + 0.3 * drift(seed ^ 0x6, ts, 20 * 60_000);
  return { Switch: closed ? 1 : 0, U, I, IL: Math.max(0, IL), T, P, Q: P * Math.tan(Math.acos(pf)) };
}

/** P and Q of an equipment at a moment (kW, kvar), for the energy integral; 0 for non-meters. */
export function powerAt(e: SimEquipment, ts: number): { P: number; Q: number } {
  if (meterRoles.has(e.role)) {
    const { tp } = meterAt(e, stationAt(e.station, ts), ts);
    return { P: tp.P, Q: tp.Q };
  }
  if (e.role === 'breaker') {
    const b = breakerAt(e, stationAt(e.station, ts), ts);
    return { P: b.P, Q: b.Q };
  }
  return { P: 0, Q: 0 };
}

/** Energy registers a new meter starts with: years of service at part load (pure, per seed). */
export function initialRegisters(e: SimEquipment): Record<string, number> {
  const s = e.seed;
  const kw =
    e.role === 'hvIncomer' || e.role === 'lvIncomer'
      ? e.station.transformerKva.reduce((a, b) => a + b, 0) * (e.role === 'lvIncomer' ? 0.45 : 0.9)
      : e.role === 'breaker'
        ? 0.23 * (e.ratedCurrent ?? 32) * 0.95
        : 0.4 * Math.sqrt(3) * (e.ratedCurrent ?? 100) * 0.9;
  const ep = Math.round(kw * trait(s, 40, 1500, 9000) * 100) / 100;
  return { 'Ep+': ep, 'Eq+': Math.round(ep * trait(s, 41, 0.25, 0.45) * 100) / 100, 'Ep-': Math.round(trait(s, 42, 0, 50) * 100) / 100, 'Eq-': Math.round(ep * 0.01 * 100) / 100 };
}

function windingTargets(e: SimEquipment, ctx: StationCtx, ts: number): { target: Triple; episode: boolean } {
  const beta = ctx.sides[e.side]?.beta ?? 0.4;
  const amb = ctx.roomTemp.transformer;
  const rise = RATED_RISE_K * beta ** RISE_EXP;
  const episode = overTempEpisode(e.seed, ts) >= 0;
  // B phase sits in the middle and runs a few kelvin warmer.
  const target = [0.97, 1.05, 0.99].map((f) => (episode ? Math.max(EPISODE_TARGET_C, amb + rise * f) : amb + rise * f + 0.4 * drift(e.seed, ts, 15 * 60_000))) as Triple;
  return { target, episode };
}

/** Month key in China time (YYYYMM). */
const monthOf = (ctx: StationCtx) => {
  const d = new Date(ctx.t.day * 86_400_000);
  return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
};

/** Creates the state of an equipment at `ts` (registers from `registers` when resuming). */
export function initState(e: SimEquipment, ts: number, registers?: Record<string, number>): EquipState {
  const { P, Q } = powerAt(e, ts);
  const st: EquipState = { ts, acc: { ...initialRegisters(e), ...(registers ?? {}) }, p: P, q: Q };
  if (e.role === 'transformer') {
    st.theta = windingTargets(e, stationAt(e.station, ts), ts).target;
    st.fan = 0;
  }
  return st;
}

/** Moves the state forward to `ts`: energy by ∫P dt, winding temperatures by the thermal lag. */
export function advance(e: SimEquipment, st: EquipState, ts: number): void {
  if (ts <= st.ts) return;
  const { P, Q } = powerAt(e, ts);
  const dt = ts - st.ts;
  const n = dt <= SUBSTEP_MS ? 1 : Math.min(MAX_SUBSTEPS, Math.ceil(dt / SUBSTEP_MS));
  let prev = { P: st.p, Q: st.q };
  let kwh = 0;
  for (let k = 1; k <= n; k++) {
    const at = k === n ? ts : st.ts + Math.round((dt * k) / n);
    const cur = k === n ? { P, Q } : powerAt(e, at);
    const h = (at - (k === 1 ? st.ts : st.ts + Math.round((dt * (k - 1)) / n))) / 3_600_000;
    const dE = ((Math.max(0, prev.P) + Math.max(0, cur.P)) / 2) * h;
    kwh += dE;
    st.acc['Ep+'] = (st.acc['Ep+'] ?? 0) + dE;
    st.acc['Ep-'] = (st.acc['Ep-'] ?? 0) + ((Math.max(0, -prev.P) + Math.max(0, -cur.P)) / 2) * h;
    st.acc['Eq+'] = (st.acc['Eq+'] ?? 0) + ((Math.max(0, prev.Q) + Math.max(0, cur.Q)) / 2) * h;
    st.acc['Eq-'] = (st.acc['Eq-'] ?? 0) + ((Math.max(0, -prev.Q) + Math.max(0, -cur.Q)) / 2) * h;
    if (st.theta) {
      const { target } = windingTargets(e, stationAt(e.station, at), at);
      const a = 1 - Math.exp(-(h * 3_600_000) / TAU_MS);
      st.theta = st.theta.map((x, j) => x + (target[j] - x) * a) as Triple;
    }
    prev = cur;
  }
  // Maximum demand (domain §2): the month's largest 15-minute block average.
  if (meterRoles.has(e.role)) {
    const ctx = stationAt(e.station, ts);
    const month = monthOf(ctx);
    if (st.month !== month) Object.assign(st, { month, pdmd: 0, block: undefined });
    const start = Math.floor(ts / BLOCK_MS) * BLOCK_MS;
    if (!st.block || st.block[0] !== start) {
      if (st.block && st.block[2] > 0) st.pdmd = Math.max(st.pdmd ?? 0, st.block[1] / st.block[2]);
      st.block = [start, 0, 0];
    }
    st.block[1] += kwh;
    st.block[2] += dt / 3_600_000;
  }
  st.ts = ts;
  st.p = P;
  st.q = Q;
}

/** Reading of every point the simulator knows for this equipment at `st.ts` (after `advance`). */
export function readings(e: SimEquipment, st: EquipState): Record<string, number> {
  const ts = st.ts;
  const ctx = stationAt(e.station, ts);
  const seed = e.seed;
  switch (e.role) {
    case 'hvIncomer':
    case 'lvIncomer':
    case 'feeder':
    case 'busTie': {
      const { tp, thdI, thdU } = meterAt(e, ctx, ts);
      return { ...tp, Pdmd: st.pdmd ?? 0, F: ctx.freq, THDu: thdU + 0.05 * jitter(seed, ts, 30), THDi: tp.Ia > 0 ? thdI : 0, ...st.acc };
    }
    case 'transformer': {
      const theta = st.theta ?? [0, 0, 0];
      const hottest = Math.max(...theta);
      const episode = overTempEpisode(seed, ts) >= 0;
      // Fan with hysteresis; during an episode the fan has failed (the cause of the heat).
      st.fan = episode ? 0 : hottest >= FAN_ON_C ? 1 : hottest < FAN_OFF_C ? 0 : (st.fan ?? 0);
      return {
        Ta: theta[0] + 0.1 * jitter(seed, ts, 1),
        Tb: theta[1] + 0.1 * jitter(seed, ts, 2),
        Tc: theta[2] + 0.1 * jitter(seed, ts, 3),
        Fan: st.fan,
        OverTemp: hottest >= OVERTEMP_ALARM_C ? 1 : 0,
        OverTempTrip: hottest >= OVERTEMP_TRIP_C ? 1 : 0,
        LoadRate: (ctx.sides[e.side]?.beta ?? 0) * 100,
      };
    }
    case 'capacitor': {
      const s = ctx.sides[e.side];
      if (!s) return { PF: 1, Q: 0, U: 400, I: 0, THDu: ctx.thdU, Auto: 1 };
      const uLine = ((ctx.lv[0] + ctx.lv[1] + ctx.lv[2]) / 3) * Math.sqrt(3);
      const steps = Object.fromEntries(Array.from({ length: 8 }, (_, k) => [`C${k + 1}`, k < s.steps ? 1 : 0]));
      return { PF: s.S > 0 ? s.P / s.S : 1, Q: s.Q, U: uLine, I: currentOf(s.S, uLine), THDu: ctx.thdU + 0.05 * jitter(seed, ts, 30), Auto: 1, ...steps };
    }
    case 'breaker': {
      const b = breakerAt(e, ctx, ts);
      return { Switch: b.Switch, U: b.U, I: b.I, IL: b.IL, T: b.T, P: b.P, 'Ep+': st.acc['Ep+'] };
    }
    case 'thSensor': {
      const T = ctx.roomTemp[e.room] + 0.3 * drift(seed, ts, 90 * 60_000);
      return { T, RH: roomHumidity(seed, ts, T, ctx.t) };
    }
    case 'door':
      return { Door: doorOpen(seed, ts, /后门/.test(e.name)) ? 1 : 0 };
    case 'water':
      return { Water: 0 };
    case 'smoke':
      return { Smoke: 0 };
    default:
      return {};
  }
}
