import { CHINA_LATITUDE, CHINA_LONGITUDE } from '@pdz/contracts';

/**
 * Coordinates of stations: validation of what is typed, and the flat projection of the offline
 * map picker. No tiles and no map data: the picker draws a degree grid, a scale bar and the
 * other stations around the chosen point, which is what an operator needs to place a station
 * next to its neighbours (and to notice swapped or mistyped coordinates at a glance).
 */
export const COORD_DECIMALS = 6;

export function roundCoord(v: number): number {
  const f = 10 ** COORD_DECIMALS;
  return Math.round(v * f) / f;
}

/** The same texts the server gives (contract: optionalNum('经度', CHINA_LONGITUDE)). */
export function coordinateError(kind: 'longitude' | 'latitude', v: number | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  const label = kind === 'longitude' ? '经度' : '纬度';
  const range = kind === 'longitude' ? CHINA_LONGITUDE : CHINA_LATITUDE;
  if (!Number.isFinite(v)) return `${label}必须是有效数字`;
  if (v < range.min) return `${label}不能小于${range.min}`;
  if (v > range.max) return `${label}不能大于${range.max}`;
  return null;
}

/** Both halves or neither: one coordinate alone cannot be placed (the server says the same). */
export function pairError(lng: number | null | undefined, lat: number | null | undefined): string | null {
  const hasLng = lng !== null && lng !== undefined;
  const hasLat = lat !== null && lat !== undefined;
  return hasLng === hasLat ? null : '经度和纬度需同时填写或同时留空';
}

/**
 * "120.7319, 31.3052" (as copied from a map app or a survey sheet) → the pair. A first value that
 * only fits as a latitude is taken as "lat, lng" and swapped. Null when it is not two numbers.
 */
export function parseCoordinatePair(text: string): { longitude: number; latitude: number } | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*[,，\s]\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  let a = Number(m[1]);
  let b = Number(m[2]);
  if (a <= CHINA_LATITUDE.max && b > CHINA_LATITUDE.max) [a, b] = [b, a];
  return { longitude: roundCoord(a), latitude: roundCoord(b) };
}

export interface LngLat {
  longitude: number;
  latitude: number;
}

/** The visible window: its centre and how many pixels one degree of longitude spans. */
export interface MapView {
  lng: number;
  lat: number;
  pxPerDeg: number;
}

export const MIN_PX_PER_DEG = 20;
export const MAX_PX_PER_DEG = 2_000_000;
const KM_PER_DEG_LNG_EQUATOR = 111.32;

/** One degree of latitude is longer on screen than one of longitude by 1/cos(lat): km stay square. */
const latStretch = (lat: number) => 1 / Math.cos((lat * Math.PI) / 180);

export function project(view: MapView, size: { width: number; height: number }, p: LngLat): { x: number; y: number } {
  return {
    x: size.width / 2 + (p.longitude - view.lng) * view.pxPerDeg,
    y: size.height / 2 - (p.latitude - view.lat) * view.pxPerDeg * latStretch(view.lat),
  };
}

export function unproject(view: MapView, size: { width: number; height: number }, x: number, y: number): LngLat {
  return {
    longitude: view.lng + (x - size.width / 2) / view.pxPerDeg,
    latitude: view.lat - (y - size.height / 2) / (view.pxPerDeg * latStretch(view.lat)),
  };
}

const clampScale = (s: number) => Math.min(MAX_PX_PER_DEG, Math.max(MIN_PX_PER_DEG, s));

/** Zoom by `factor` keeping the point under (x, y) where it is. */
export function zoomAt(view: MapView, size: { width: number; height: number }, x: number, y: number, factor: number): MapView {
  const anchor = unproject(view, size, x, y);
  let next = { ...view, pxPerDeg: clampScale(view.pxPerDeg * factor) };
  // The latitude stretch depends on the centre, which moves: a few corrections converge.
  for (let i = 0; i < 4; i++) {
    const moved = unproject(next, size, x, y);
    next = { ...next, lng: next.lng + anchor.longitude - moved.longitude, lat: next.lat + anchor.latitude - moved.latitude };
  }
  return next;
}

export function panBy(view: MapView, dx: number, dy: number): MapView {
  return { ...view, lng: view.lng - dx / view.pxPerDeg, lat: view.lat + dy / (view.pxPerDeg * latStretch(view.lat)) };
}

/**
 * A view showing every point with a margin; one point (or none spread out) gets a city-block
 * zoom (about 4 km across). No points: mainland China.
 */
export function fitView(points: LngLat[], size: { width: number; height: number }, margin = 40): MapView {
  if (points.length === 0) {
    const lng = (CHINA_LONGITUDE.min + CHINA_LONGITUDE.max) / 2;
    const lat = (CHINA_LATITUDE.min + CHINA_LATITUDE.max) / 2;
    return { lng, lat, pxPerDeg: clampScale(size.width / (CHINA_LONGITUDE.max - CHINA_LONGITUDE.min)) };
  }
  const lngs = points.map((p) => p.longitude);
  const lats = points.map((p) => p.latitude);
  const [minLng, maxLng, minLat, maxLat] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const lng = (minLng + maxLng) / 2;
  const lat = (minLat + maxLat) / 2;
  const spanLng = Math.max(maxLng - minLng, 0.04);
  const spanLat = Math.max(maxLat - minLat, 0.03) * latStretch(lat);
  const w = Math.max(size.width - 2 * margin, 50);
  const h = Math.max(size.height - 2 * margin, 50);
  return { lng, lat, pxPerDeg: clampScale(Math.min(w / spanLng, h / spanLat)) };
}

/** Grid lines at a round step giving about `target` lines across `span` degrees. */
export function gridStep(spanDeg: number, target = 6): number {
  const raw = spanDeg / target;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const n = raw / pow;
  return (n < 1.5 ? 1 : n < 3.5 ? 2 : n < 7.5 ? 5 : 10) * pow;
}

export function gridLines(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = Math.ceil(from / step) * step; v <= to + step * 1e-9; v += step) out.push(Number(v.toFixed(8)));
  return out;
}

/** Decimals a grid label needs for `step` (0.01 → 2). */
export const stepDecimals = (step: number) => Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));

/** The longest round distance (1, 2, 5 × 10ⁿ km or m) fitting in `maxPx`, and its width. */
export function scaleBar(view: MapView, maxPx = 120): { label: string; px: number } {
  const kmPerPx = (KM_PER_DEG_LNG_EQUATOR * Math.cos((view.lat * Math.PI) / 180)) / view.pxPerDeg;
  const maxKm = kmPerPx * maxPx;
  const pow = 10 ** Math.floor(Math.log10(maxKm));
  const km = [5, 2, 1].map((m) => m * pow).find((d) => d <= maxKm) ?? pow;
  return { label: km >= 1 ? `${Number(km.toPrecision(3))} 公里` : `${Math.round(km * 1000)} 米`, px: km / kmPerPx };
}

/** Great-circle distance in km (haversine). */
export function distanceKm(a: LngLat, b: LngLat): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const dLat = r(b.latitude - a.latitude);
  const dLng = r(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(r(a.latitude)) * Math.cos(r(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "1.2 公里" / "350 米". */
export function formatDistance(km: number): string {
  return km >= 1 ? `${km.toFixed(km >= 10 ? 0 : 1)} 公里` : `${Math.round(km * 1000)} 米`;
}

/**
 * Which names to draw beside their dots without overlapping (greedy, in the given order, so
 * earlier points win). A name is about `charPx` per character wide and `linePx` tall.
 */
export function placeLabels<T extends { x: number; y: number; label: string }>(points: T[], charPx = 11, linePx = 14): Set<T> {
  const boxes: { x1: number; x2: number; y1: number; y2: number }[] = [];
  const shown = new Set<T>();
  for (const p of points) {
    const box = { x1: p.x + 6, x2: p.x + 8 + p.label.length * charPx, y1: p.y - linePx / 2 - 1, y2: p.y + linePx / 2 + 1 };
    if (boxes.some((b) => box.x1 < b.x2 && b.x1 < box.x2 && box.y1 < b.y2 && b.y1 < box.y2)) continue;
    boxes.push(box);
    shown.add(p);
  }
  return shown;
}
