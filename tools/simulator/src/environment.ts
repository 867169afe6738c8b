import { drift, hash01, jitter } from './noise';
import { chinaTime, type ChinaTime } from './profiles';

/**
 * Weather and events that are pure functions of time: Suzhou's seasonal and daily temperature,
 * room temperature and humidity, door openings, breaker trips, over-temperature episodes and
 * gateway outages. Being pure, a restart or a backfill gives the same story for the same hour.
 */

const DAY_MS = 86_400_000;
const MIN_MS = 60_000;

/** Outdoor temperature in Suzhou (°C): ~4 °C in January, ~29 °C in late July, warmest at 14:00. */
export function outdoorTemp(seed: number, ts: number, t: ChinaTime = chinaTime(ts)): number {
  const season = 16.5 + 12.5 * Math.cos((2 * Math.PI * (t.dayOfYear - 205)) / 365);
  const day = 4 * Math.cos((2 * Math.PI * (t.hour - 14)) / 24);
  return season + day + 2.5 * drift(seed ^ 0x77, ts, 6 * 3_600_000);
}

/**
 * Room temperature: half way between outdoors and 26 °C, plus the heat of the equipment in it
 * (the transformer room most, and more under load), slow drift and sensor jitter.
 */
export function roomTemp(seed: number, ts: number, room: 'hv' | 'lv' | 'transformer', beta: number, t: ChinaTime = chinaTime(ts)): number {
  const heat = room === 'transformer' ? 3 + 5 * beta : room === 'lv' ? 2 + 2 * beta : 1;
  return 0.5 * outdoorTemp(seed, ts, t) + 12 + heat + 0.8 * drift(seed ^ 0x1234, ts, 2 * 3_600_000) + 0.05 * jitter(seed, ts);
}

/**
 * Relative humidity (%RH): damp in the plum-rain season (June–July), drier in winter, lower when
 * the room warms up by day; kept below the 80 % warning except on the dampest days.
 */
export function roomHumidity(seed: number, ts: number, tempC: number, t: ChinaTime = chinaTime(ts)): number {
  const season = 58 + 12 * Math.exp(-(((t.dayOfYear - 175) / 30) ** 2)) - 6 * Math.exp(-(((t.dayOfYear - 15) / 40) ** 2));
  const rh = season - 1.2 * (tempC - 22) + 7 * drift(seed ^ 0x4242, ts, 8 * 3_600_000) + 0.2 * jitter(seed, ts, 1);
  return Math.min(82, Math.max(28, rh));
}

/** Grid frequency (Hz): one value for the whole grid at a time, within ±0.05 Hz. */
export function gridFrequency(ts: number): number {
  return 50 + 0.03 * drift(0xf00d, ts, 5 * MIN_MS) + 0.004 * jitter(0xf00d, ts);
}

/** Is `ts` inside one of the windows a per-day schedule gives? Windows may not cross midnight. */
function inDailyWindows(ts: number, windows: (day: number, t: ChinaTime) => [number, number][]): boolean {
  const t = chinaTime(ts);
  const minute = t.hour * 60;
  for (const [start, len] of windows(t.day, t)) if (minute >= start && minute < start + len) return true;
  return false;
}

/**
 * Door contacts: the main door opens 2–4 times on a working day and 0–2 times at weekends,
 * between 08:00 and 18:00, for 3–20 minutes (inspection rounds, maintenance); a back door rarely.
 */
export function doorOpen(seed: number, ts: number, backDoor: boolean): boolean {
  return inDailyWindows(ts, (day, t) => {
    const n = backDoor ? (hash01(seed, day, 99) < 0.3 ? 1 : 0) : t.weekend ? Math.floor(hash01(seed, day, 98) * 3) : 2 + Math.floor(hash01(seed, day, 98) * 3);
    return Array.from({ length: n }, (_, k): [number, number] => [8 * 60 + hash01(seed, day, k * 2) * 600, 3 + hash01(seed, day, k * 2 + 1) * 17]);
  });
}

/** A breaker trips on about 1 day in 250 and is closed again 5–40 minutes later. */
export function breakerTripped(seed: number, ts: number): boolean {
  return inDailyWindows(ts, (day) => (hash01(seed, day, 7) < 0.004 ? [[hash01(seed, day, 8) * 1380, 5 + hash01(seed, day, 9) * 35]] : []));
}

/**
 * Over-temperature episode of a dry-type transformer (its fan fails at a hot hour): on about one
 * day in 25, starting between 11:00 and 16:00, lasting 100–140 minutes. Returns the minutes since
 * it began, or -1.
 */
export function overTempEpisode(seed: number, ts: number): number {
  const t = chinaTime(ts);
  if (hash01(seed, t.day, 31) >= 0.04) return -1;
  const start = 11 * 60 + hash01(seed, t.day, 32) * 300;
  const len = 100 + hash01(seed, t.day, 33) * 40;
  const m = t.hour * 60 - start;
  return m >= 0 && m < len ? m : -1;
}

/** A gateway loses its link on about one day in three, for 3–10 minutes, at any hour. */
export function gatewayOutage(seed: number, ts: number): boolean {
  return inDailyWindows(ts, (day) => (hash01(seed, day, 51) < 0.35 ? [[hash01(seed, day, 52) * 1425, 3 + hash01(seed, day, 53) * 7]] : []));
}

export const DAY = DAY_MS;
