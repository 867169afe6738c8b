import { CLIMATE_POINT_KEYS, humidityLevel, temperatureLevel, worseLevel, type ClimateLevel, type SensorPoint, type SensorResult, type SensorRow } from '@pdz/contracts';

export const LEVEL_COLORS: Record<ClimateLevel, string> = { normal: '#52c41a', warning: '#faad14', alarm: '#ff4d4f', unknown: '#bfbfbf' };

export interface ClimateSensorPoints {
  temperature?: SensorPoint;
  humidity?: SensorPoint;
}

export function climatePoints(sensor: Pick<SensorRow, 'points'>): ClimateSensorPoints {
  return {
    temperature: sensor.points.find((p) => p.pointKey === CLIMATE_POINT_KEYS.temperature),
    humidity: sensor.points.find((p) => p.pointKey === CLIMATE_POINT_KEYS.humidity),
  };
}

/** The card's level: the worse of temperature and humidity (unknown only when both are). */
export function climateLevel(t: number | null | undefined, rh: number | null | undefined): ClimateLevel {
  return worseLevel(temperatureLevel(t), humidityLevel(rh));
}

/** Websocket channels for the sensors on screen: one per equipment, or per station when there are very many. */
export function sensorChannels(result: SensorResult | undefined, max = 1_500): string[] {
  if (!result) return [];
  const sensors = result.stations.reduce((n, s) => n + s.sensors.length, 0);
  if (sensors > max) return result.stations.map((s) => `station:${s.stationId}`);
  return result.stations.flatMap((s) => s.sensors.map((x) => `equipment:${x.id}`));
}

/**
 * Levels of the cards on screen, kept outside React state: each card reports its own level when
 * it changes and only the summary line re-renders (useSyncExternalStore), never the page.
 */
export function createLevelStore() {
  const levels = new Map<number, ClimateLevel>();
  const listeners = new Set<() => void>();
  let snapshot: Record<ClimateLevel, number> = { normal: 0, warning: 0, alarm: 0, unknown: 0 };
  const recount = () => {
    const next: Record<ClimateLevel, number> = { normal: 0, warning: 0, alarm: 0, unknown: 0 };
    for (const l of levels.values()) next[l]++;
    snapshot = next;
    for (const f of listeners) f();
  };
  return {
    set(id: number, level: ClimateLevel) {
      if (levels.get(id) === level) return;
      levels.set(id, level);
      recount();
    },
    remove(id: number) {
      if (levels.delete(id)) recount();
    },
    subscribe(f: () => void) {
      listeners.add(f);
      return () => listeners.delete(f);
    },
    getSnapshot: () => snapshot,
  };
}
export type LevelStore = ReturnType<typeof createLevelStore>;
