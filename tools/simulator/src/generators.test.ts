import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStations, readGatewaysFile, type SimEquipment } from './fleet';
import { GatewaySim } from './gateway';
import { lineOf, threePhase, unbalanceFromLine } from './electrical';
import { advance, initState, powerAt, readings } from './equipment';
import { chinaTime, profileAt } from './profiles';
import { overTempEpisode } from './environment';
import { loadState, saveState, type SimState } from './state';

const FIXTURE = path.join(import.meta.dirname, '../test/fleet-fixture.json');
const doc = readGatewaysFile(FIXTURE);
const H = 3_600_000;
// Wednesday 2026-07-15 00:00 China time, a hot summer working day.
const SUMMER = Date.UTC(2026, 6, 14, 16);
// Sunday 2026-11-22 00:00 China time.
const AUTUMN_SUNDAY = Date.UTC(2026, 10, 21, 16);

const fleet = () => buildStations(doc);
const all = (role: string) => [...fleet().values()].flatMap((s) => s.equipment.filter((e) => e.role === role));

describe('three-phase arithmetic (domain.md §1, §4)', () => {
  it('U_L = 400 V, I = 100 A, PF 0.85: P 58.890 kW, Q 36.497 kvar, S 69.282 kVA', () => {
    const u = 400 / Math.sqrt(3);
    const r = threePhase([u, u, u], [100, 100, 100], [0.85, 0.85, 0.85]);
    expect(r.P).toBeCloseTo(58.89, 2);
    expect(r.Q).toBeCloseTo(36.497, 2);
    expect(r.S).toBeCloseTo(69.282, 2);
    expect(r.PF).toBeCloseTo(0.85, 4);
    expect(r.Uab).toBeCloseTo(400, 6);
    expect(r.In).toBeLessThan(1e-9);
    expect(r.Uunb).toBeLessThan(1e-6);
  });

  it('unbalance of 230∠0°, 220∠−120°, 235∠+120° is 1.931 % from the line magnitudes', () => {
    const [ab, bc, ca] = [lineOf(230, 220), lineOf(220, 235), lineOf(235, 230)];
    expect(ab).toBeCloseTo(389.744, 2);
    expect(bc).toBeCloseTo(394.113, 2);
    expect(ca).toBeCloseTo(402.71, 2);
    expect(unbalanceFromLine(ab, bc, ca)).toBeCloseTo(1.931, 3);
  });
});

describe('generated meter readings', () => {
  it('are consistent: P = ΣPφ ≈ √3·U_L·I·PF, S = √(P²+Q²), PF = P/S, within GB/T 12325 and ±0.2 Hz', () => {
    const meters = [...all('lvIncomer'), ...all('hvIncomer'), ...all('feeder')];
    expect(meters.length).toBeGreaterThan(20);
    for (const e of meters) {
      for (let ts = SUMMER; ts < SUMMER + 24 * H; ts += 3 * H) {
        const st = initState(e, ts);
        const r = readings(e, st);
        expect(r.P).toBeCloseTo(r.Pa + r.Pb + r.Pc, 6);
        const uL = (r.Uab + r.Ubc + r.Uca) / 3;
        const i = (r.Ia + r.Ib + r.Ic) / 3;
        expect(Math.abs(r.P - (Math.sqrt(3) * uL * i * r.PF) / 1000) / r.P).toBeLessThan(0.02);
        if (r.S !== undefined) expect(r.S).toBeCloseTo(Math.hypot(r.P, r.Q), 6);
        expect(r.PF).toBeGreaterThanOrEqual(0.85);
        expect(r.PF).toBeLessThanOrEqual(1);
        const hv = e.ptRatio > 1;
        for (const u of [r.Ua, r.Ub, r.Uc]) {
          if (hv) expect(Math.abs(u * Math.sqrt(3) - 10_000) / 10_000).toBeLessThan(0.07);
          else {
            expect(u).toBeGreaterThan(220 * 0.9);
            expect(u).toBeLessThan(220 * 1.07);
          }
        }
        expect(Math.abs(r.F - 50)).toBeLessThan(0.2);
        expect(r.Uunb).toBeLessThan(2);
        if (r.THDu !== undefined) expect(r.THDu).toBeLessThan(hv ? 4 : 5);
        if (e.ratedCurrent) expect(i).toBeLessThan(e.ratedCurrent * 0.85);
      }
    }
  });

  it('follow a daily curve: night valley below the morning peak on a working day, weekends lower in offices', () => {
    const office = [...fleet().values()].find((s) => s.profile === 'office')!;
    const incomer = office.equipment.find((e) => e.role === 'lvIncomer')!;
    const p = (ts: number) => powerAt(incomer, ts).P;
    expect(p(SUMMER + 3 * H)).toBeLessThan(p(SUMMER + 10.5 * H) * 0.5);
    expect(p(SUMMER + 19.5 * H)).toBeLessThan(p(SUMMER + 10.5 * H));
    expect(p(AUTUMN_SUNDAY + 10.5 * H)).toBeLessThan(p(AUTUMN_SUNDAY - 4 * 24 * H + 10.5 * H));
    expect(profileAt('commercial', chinaTime(SUMMER + 19 * H))).toBeGreaterThan(profileAt('commercial', chinaTime(SUMMER + 4 * H)) * 3);
  });

  it('are reproducible: the same fleet file and time give the same record', () => {
    const a = new GatewaySim(doc.gateways[0], fleet()).record(SUMMER + 11 * H);
    const b = new GatewaySim(doc.gateways[0], fleet()).record(SUMMER + 11 * H);
    expect(a).toEqual(b);
  });

  it('know every point key of the fixture models (unknown keys are listed)', () => {
    const g = new GatewaySim(doc.gateways[0], fleet());
    g.record(SUMMER);
    expect(g.unknown).toEqual([]);
    expect(g.tagCount).toBeGreaterThan(300);
  });
});

describe('energy registers', () => {
  it('grow by ∫P dt (trapezoid) and never decrease, also across a gap', () => {
    const e = all('lvIncomer')[0];
    const st = initState(e, SUMMER);
    const e0 = st.acc['Ep+'];
    let integral = 0;
    let prev = powerAt(e, SUMMER).P;
    let last = e0;
    for (let ts = SUMMER + 60_000; ts <= SUMMER + 24 * H; ts += 60_000) {
      const p = powerAt(e, ts).P;
      integral += ((prev + p) / 2) * (60_000 / H);
      prev = p;
      advance(e, st, ts);
      expect(st.acc['Ep+']).toBeGreaterThanOrEqual(last);
      last = st.acc['Ep+'];
    }
    expect(st.acc['Ep+'] - e0).toBeCloseTo(integral, 6);
    // A day's energy of a transformer side: between 10 % and 80 % of kVA × 24 h.
    expect(integral).toBeGreaterThan(e.station.transformerKva[e.side] * 24 * 0.1);
    expect(integral).toBeLessThan(e.station.transformerKva[e.side] * 24 * 0.8);
    // A 6-hour gap is integrated in 5-minute sub-steps: close to the minute-by-minute sum.
    const fine = initState(e, SUMMER);
    const coarse = initState(e, SUMMER);
    for (let ts = SUMMER + 60_000; ts <= SUMMER + 6 * H; ts += 60_000) advance(e, fine, ts);
    advance(e, coarse, SUMMER + 6 * H);
    expect(Math.abs(coarse.acc['Ep+'] - fine.acc['Ep+']) / (fine.acc['Ep+'] - e0)).toBeLessThan(0.01);
  });

  it('resume from the state file and from higher server readings; a meter never goes backwards', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-state-'));
    const file = path.join(dir, 'simulator-state.json');
    const g = new GatewaySim(doc.gateways[0], fleet());
    let last = g.record(SUMMER);
    for (let i = 1; i <= 30; i++) last = g.record(SUMMER + i * 60_000);
    const state: SimState = { version: 1, savedAt: Date.now(), gateways: { [g.code]: { seq: g.seq, lastTs: g.lastTs } }, equipment: g.states() };
    saveState(file, state);
    const loaded = loadState(file)!;
    expect(loaded.gateways[g.code].seq).toBe(31);

    const ym = Object.keys(last.values).filter((k) => /\.(Ep|Eq)[+-]$/.test(k));
    expect(ym.length).toBeGreaterThan(10);
    const again = new GatewaySim(doc.gateways[0], fleet());
    const bumped = ym[0];
    again.restore(SUMMER + 2 * H, loaded.equipment, new Map([[bumped, last.values[bumped] + 1000]]));
    const next = again.record(SUMMER + 2 * H);
    for (const k of ym) expect(next.values[k]).toBeGreaterThanOrEqual(last.values[k]);
    expect(next.values[bumped]).toBeGreaterThanOrEqual(last.values[bumped] + 1000);
    // Two hours later the register has grown by about two hours of load.
    const m = ym.find((k) => k.endsWith('M02.Ep+'))!;
    expect(next.values[m] - last.values[m]).toBeGreaterThan(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('temperatures, humidity and events', () => {
  // Hourly over a year (the thermal lag is integrated in 5-minute sub-steps in between).
  const sampleYear = (e: SimEquipment, fn: (r: Record<string, number>, ts: number) => void, from = SUMMER - 200 * 24 * H, to = from + 365 * 24 * H, step = H) => {
    const st = initState(e, from);
    for (let ts = from + step; ts < to; ts += step) {
      advance(e, st, ts);
      fn(readings(e, st), ts);
    }
  };

  it('winding temperatures follow load with a lag, stay below the trip; rare episodes pass the 155 °C alarm', () => {
    let alarms = 0;
    let trips = 0;
    let max = 0;
    let min = Infinity;
    const check = (r: Record<string, number>) => {
      max = Math.max(max, r.Ta, r.Tb, r.Tc);
      min = Math.min(min, r.Ta, r.Tb, r.Tc);
      alarms += r.OverTemp;
      trips += r.OverTempTrip;
      expect(r.LoadRate).toBeGreaterThan(0);
      expect(r.LoadRate).toBeLessThan(100);
    };
    const from = SUMMER - 200 * 24 * H;
    let episodes = 0;
    for (const e of all('transformer')) {
      sampleYear(e, check);
      // Days with an episode, every 5 minutes from 10:00 to 20:00.
      for (let day = from; day < from + 365 * 24 * H; day += 24 * H) {
        if (![...Array(60).keys()].some((m) => overTempEpisode(e.seed, day + 11 * H + m * 5 * 60_000) >= 0)) continue;
        episodes++;
        sampleYear(e, check, day + 10 * H, day + 20 * H, 5 * 60_000);
      }
    }
    // About one day in 25 per transformer.
    expect(episodes).toBeGreaterThan(20);
    expect(episodes).toBeLessThan(150);
    expect(min).toBeGreaterThan(5);
    expect(max).toBeLessThan(170);
    expect(max).toBeGreaterThan(155);
    expect(trips).toBe(0);
    expect(alarms).toBeGreaterThan(0);
  });

  it('room temperature and humidity drift within believable bounds; doors open a few times a day', () => {
    const th = all('thSensor')[0];
    let tMin = Infinity;
    let tMax = -Infinity;
    sampleYear(th, (r) => {
      tMin = Math.min(tMin, r.T);
      tMax = Math.max(tMax, r.T);
      expect(r.RH).toBeGreaterThanOrEqual(28);
      expect(r.RH).toBeLessThanOrEqual(82);
    });
    expect(tMin).toBeGreaterThan(5);
    expect(tMax).toBeLessThan(40);
    expect(tMax - tMin).toBeGreaterThan(8);

    const door = all('door').find((e) => !/后门/.test(e.name))!;
    let openings = 0;
    let prev = 0;
    for (let ts = SUMMER; ts < SUMMER + 7 * 24 * H; ts += 30_000) {
      const v = readings(door, initState(door, ts)).Door;
      if (v && !prev) openings++;
      prev = v;
    }
    expect(openings).toBeGreaterThanOrEqual(7);
    expect(openings).toBeLessThanOrEqual(30);
  });
});
