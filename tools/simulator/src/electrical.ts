/**
 * Three-phase arithmetic (domain.md §1, §4): per-phase powers summed (P = Pa+Pb+Pc, which is
 * √3·U_L·I·cosφ when balanced), line voltages from phase magnitudes 120° apart, the GB/T 15543
 * negative-sequence unbalance from line-voltage magnitudes, and the neutral current.
 */

export type Triple = [number, number, number];

export interface ThreePhase {
  Ua: number; Ub: number; Uc: number;
  Uab: number; Ubc: number; Uca: number;
  Ia: number; Ib: number; Ic: number; In: number;
  Pa: number; Pb: number; Pc: number; P: number;
  Qa: number; Qb: number; Qc: number; Q: number;
  S: number;
  PFa: number; PFb: number; PFc: number; PF: number;
  Uunb: number; Iunb: number;
}

const SQRT3 = Math.sqrt(3);

/** |Ux∠0 − Uy∠−120°| for two phase magnitudes. */
export const lineOf = (x: number, y: number) => Math.sqrt(x * x + y * y + x * y);

/** GB/T 15543-2008 Annex A: ε_U2 (%) from the three line-voltage magnitudes, exact in double precision. */
export function unbalanceFromLine(a: number, b: number, c: number): number {
  const s2 = a * a + b * b + c * c;
  const L = (a ** 4 + b ** 4 + c ** 4) / (s2 * s2);
  const r = Math.sqrt(Math.max(0, 3 - 6 * L));
  return Math.sqrt((1 - r) / (1 + r)) * 100;
}

/** Dashboard estimate: max |x − mean| / mean (%). */
export function maxDeviation(v: Triple): number {
  const mean = (v[0] + v[1] + v[2]) / 3;
  if (mean <= 0) return 0;
  return (Math.max(...v.map((x) => Math.abs(x - mean))) / mean) * 100;
}

/**
 * Everything a multifunction meter shows, from phase voltages (V), phase currents (A) and phase
 * power factors (lagging positive; `leading` flips the sign of Q). Powers in kW / kvar / kVA.
 */
export function threePhase(u: Triple, i: Triple, pf: Triple, leading = false): ThreePhase {
  const sign = leading ? -1 : 1;
  const p = u.map((x, k) => (x * i[k] * pf[k]) / 1000) as Triple;
  const q = u.map((x, k) => (sign * x * i[k] * Math.sqrt(Math.max(0, 1 - pf[k] * pf[k]))) / 1000) as Triple;
  const P = p[0] + p[1] + p[2];
  const Q = q[0] + q[1] + q[2];
  const S = Math.sqrt(P * P + Q * Q);
  const Uab = lineOf(u[0], u[1]);
  const Ubc = lineOf(u[1], u[2]);
  const Uca = lineOf(u[2], u[0]);
  // Neutral current: phasor sum of the phase currents, each lagging its voltage by φ.
  let re = 0;
  let im = 0;
  for (let k = 0; k < 3; k++) {
    const angle = (-2 * Math.PI * k) / 3 - sign * Math.acos(Math.min(1, pf[k]));
    re += i[k] * Math.cos(angle);
    im += i[k] * Math.sin(angle);
  }
  return {
    Ua: u[0], Ub: u[1], Uc: u[2], Uab, Ubc, Uca,
    Ia: i[0], Ib: i[1], Ic: i[2], In: Math.hypot(re, im),
    Pa: p[0], Pb: p[1], Pc: p[2], P,
    Qa: q[0], Qb: q[1], Qc: q[2], Q,
    S,
    PFa: pf[0], PFb: pf[1], PFc: pf[2], PF: S > 0 ? P / S : 1,
    Uunb: unbalanceFromLine(Uab, Ubc, Uca),
    Iunb: maxDeviation(i),
  };
}

/** Balanced line current for an apparent power: I = S / (√3·U_L), S in kVA, U_L in V. */
export const currentOf = (kva: number, lineV: number) => (kva * 1000) / (SQRT3 * lineV);
