import { describe, expect, it } from 'vitest';
import {
  coordinateError,
  distanceKm,
  fitView,
  formatDistance,
  gridLines,
  gridStep,
  pairError,
  panBy,
  placeLabels,
  parseCoordinatePair,
  project,
  roundCoord,
  scaleBar,
  stepDecimals,
  unproject,
  zoomAt,
} from './siteGeo';

const size = { width: 600, height: 400 };

describe('coordinate validation', () => {
  it('accepts mainland coordinates and names the bound that is crossed', () => {
    expect(coordinateError('longitude', 120.7319)).toBeNull();
    expect(coordinateError('latitude', 31.3052)).toBeNull();
    expect(coordinateError('longitude', null)).toBeNull();
    expect(coordinateError('longitude', 31.3)).toBe('经度不能小于73');
    expect(coordinateError('longitude', 1207.3)).toBe('经度不能大于136');
    expect(coordinateError('latitude', 120.7)).toBe('纬度不能大于54');
    expect(coordinateError('latitude', 2)).toBe('纬度不能小于3');
    expect(coordinateError('latitude', Number.NaN)).toBe('纬度必须是有效数字');
  });

  it('wants both halves or neither', () => {
    expect(pairError(120, 31)).toBeNull();
    expect(pairError(null, undefined)).toBeNull();
    expect(pairError(120, null)).toBe('经度和纬度需同时填写或同时留空');
    expect(pairError(undefined, 31)).toBe('经度和纬度需同时填写或同时留空');
  });

  it('reads a pasted pair in either order and rounds to 6 decimals', () => {
    expect(parseCoordinatePair('120.7319, 31.3052')).toEqual({ longitude: 120.7319, latitude: 31.3052 });
    expect(parseCoordinatePair('31.3052，120.7319')).toEqual({ longitude: 120.7319, latitude: 31.3052 });
    expect(parseCoordinatePair('120.12345678 31.1')).toEqual({ longitude: 120.123457, latitude: 31.1 });
    expect(parseCoordinatePair('苏州')).toBeNull();
    expect(parseCoordinatePair('120.7')).toBeNull();
    expect(roundCoord(1.23456789)).toBe(1.234568);
  });
});

describe('map projection', () => {
  const view = { lng: 120.7, lat: 31.3, pxPerDeg: 5000 };

  it('puts the centre in the middle, east right and north up', () => {
    expect(project(view, size, { longitude: 120.7, latitude: 31.3 })).toEqual({ x: 300, y: 200 });
    const ne = project(view, size, { longitude: 120.71, latitude: 31.31 });
    expect(ne.x).toBeCloseTo(350);
    expect(ne.y).toBeLessThan(200);
    // Kilometres stay square: a degree of latitude is 1/cos(lat) longer on screen.
    expect(200 - ne.y).toBeCloseTo(50 / Math.cos((31.3 * Math.PI) / 180));
  });

  it('unproject inverts project', () => {
    const p = { longitude: 120.6543, latitude: 31.2987 };
    const xy = project(view, size, p);
    const back = unproject(view, size, xy.x, xy.y);
    expect(back.longitude).toBeCloseTo(p.longitude, 9);
    expect(back.latitude).toBeCloseTo(p.latitude, 9);
  });

  it('zooms around the cursor and pans with the drag', () => {
    const under = unproject(view, size, 100, 50);
    const zoomed = zoomAt(view, size, 100, 50, 2);
    expect(zoomed.pxPerDeg).toBe(10000);
    const still = unproject(zoomed, size, 100, 50);
    expect(still.longitude).toBeCloseTo(under.longitude, 9);
    expect(still.latitude).toBeCloseTo(under.latitude, 9);
    const panned = panBy(view, 50, 0);
    expect(panned.lng).toBeCloseTo(120.69);
    expect(zoomAt(view, size, 0, 0, 1e9).pxPerDeg).toBe(2_000_000);
  });

  it('fits the stations with a margin; one station gets a city-block view; none: China', () => {
    const pts = [
      { longitude: 120.535, latitude: 31.263 },
      { longitude: 120.7402, latitude: 31.4055 },
    ];
    const v = fitView(pts, size);
    for (const p of pts) {
      const { x, y } = project(v, size, p);
      expect(x).toBeGreaterThanOrEqual(39.9);
      expect(x).toBeLessThanOrEqual(560.1);
      expect(y).toBeGreaterThanOrEqual(39.9);
      expect(y).toBeLessThanOrEqual(360.1);
    }
    const one = fitView([pts[0]], size);
    expect(one.lng).toBe(120.535);
    expect(scaleBar(one).px).toBeGreaterThan(0);
    const china = fitView([], size);
    expect(china.lng).toBeCloseTo(104.5);
  });
});

describe('grid, scale and distance', () => {
  it('grid lines at round steps', () => {
    expect(gridStep(0.3)).toBe(0.05);
    expect(gridStep(63)).toBe(10);
    expect(gridLines(120.53, 120.74, 0.05)).toEqual([120.55, 120.6, 120.65, 120.7]);
    expect(stepDecimals(0.05)).toBe(2);
    expect(stepDecimals(10)).toBe(0);
  });

  it('scale bar picks a round distance', () => {
    const bar = scaleBar({ lng: 120.7, lat: 31.3, pxPerDeg: 5000 }, 120);
    // 1 px ≈ 0.019 km here, so 120 px ≈ 2.28 km: the bar shows 2 公里.
    expect(bar.label).toBe('2 公里');
    expect(bar.px).toBeGreaterThan(100);
    expect(bar.px).toBeLessThanOrEqual(120);
    expect(scaleBar({ lng: 120.7, lat: 31.3, pxPerDeg: 500000 }, 120).label).toBe('20 米');
  });

  it('great-circle distance', () => {
    // 观前街 → 金鸡湖: about 5.6 km.
    const d = distanceKm({ longitude: 120.6215, latitude: 31.3105 }, { longitude: 120.6795, latitude: 31.3178 });
    expect(d).toBeGreaterThan(5.4);
    expect(d).toBeLessThan(5.8);
    expect(formatDistance(d)).toBe('5.6 公里');
    expect(formatDistance(0.35)).toBe('350 米');
    expect(formatDistance(23.4)).toBe('23 公里');
  });
});

describe('labels', () => {
  it('leaves out names that would overlap one already drawn', () => {
    const a = { x: 100, y: 100, label: '星湖街1号' };
    const b = { x: 110, y: 104, label: '星湖街2号' };
    const c = { x: 100, y: 140, label: '独墅湖' };
    const shown = placeLabels([a, b, c]);
    expect(shown.has(a)).toBe(true);
    expect(shown.has(b)).toBe(false);
    expect(shown.has(c)).toBe(true);
  });
});
