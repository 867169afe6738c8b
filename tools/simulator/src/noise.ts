/**
 * Deterministic randomness: every value the simulator makes is a pure function of (seed, time),
 * so a run can be reproduced, a gap can be integrated after the fact, and a restart continues the
 * same curves. No Math.random anywhere.
 */

/** 32-bit FNV-1a of a string: the seed of an equipment, station or gateway from its code. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Mixes a seed with up to two integers into a uniform number in [0, 1) (splitmix-like avalanche). */
export function hash01(seed: number, a: number, b = 0): number {
  let h = (seed ^ Math.imul(a | 0, 0x9e3779b1) ^ Math.imul((a / 4294967296) | 0, 0x85ebca77) ^ Math.imul(b | 0, 0xc2b2ae3d)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** A fixed per-seed value in [lo, hi): the personality of an equipment (base load, unbalance, …). */
export function trait(seed: number, slot: number, lo: number, hi: number): number {
  return lo + hash01(seed, 0x5eed, slot) * (hi - lo);
}

/**
 * Smooth value noise in [-1, 1]: random knots every `periodMs`, cosine-interpolated, so a reading
 * drifts instead of jumping. Two octaves keep it from looking periodic.
 */
export function drift(seed: number, ts: number, periodMs: number): number {
  const knot = (x: number) => {
    const i = Math.floor(x);
    const f = x - i;
    const w = (1 - Math.cos(Math.PI * f)) / 2;
    const a = hash01(seed, i) * 2 - 1;
    const b = hash01(seed, i + 1) * 2 - 1;
    return a + (b - a) * w;
  };
  const x = ts / periodMs;
  return knot(x) * 0.7 + knot(x * 3.1 + 17) * 0.3;
}

/** Sample noise in [-1, 1] that changes every second (the jitter of a real measurement). */
export function jitter(seed: number, ts: number, slot = 0): number {
  return hash01(seed ^ 0xa5a5a5a5, Math.floor(ts / 1000), slot) * 2 - 1;
}
