import { ENVIRONMENT_TYPES, type SensorResult } from '@pdz/contracts';

export const envTypeLabel = (type: string) => ENVIRONMENT_TYPES.find((t) => t.type === type)?.label ?? type;

/** Only the sensors of one type (stations without any left out). */
export function filterByType(result: SensorResult | undefined, type: string): SensorResult['stations'] {
  if (!result) return [];
  if (type === 'all') return result.stations;
  return result.stations.map((s) => ({ ...s, sensors: s.sensors.filter((x) => x.equipmentType === type) })).filter((s) => s.sensors.length);
}

/** Types the page knows that no equipment in scope has (said plainly instead of empty tabs). */
export function missingTypes(result: SensorResult | undefined): string[] {
  const present = new Set(result?.types.map((t) => t.type) ?? []);
  return ENVIRONMENT_TYPES.filter((t) => !present.has(t.type)).map((t) => t.label);
}

