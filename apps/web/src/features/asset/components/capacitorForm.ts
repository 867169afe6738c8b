import type { Dayjs } from 'dayjs';
import type { CapacitorFormValues } from '../api/capacitor';

/** Capacity of one switched group (kvar), as the list shows it; null until both are known. */
export function stepKvar(capacity: number | null | undefined, steps: number | null | undefined): number | null {
  if (typeof capacity !== 'number' || typeof steps !== 'number' || !(capacity > 0) || !(steps >= 1)) return null;
  return Math.round((capacity / steps) * 100) / 100;
}

const blank = <T,>(v: T | null | undefined | '') => (v === undefined || v === '' ? null : v);

/** Form values → POST add/edit body. */
export function capacitorRequest(v: Omit<CapacitorFormValues, 'installDate'> & { installDate?: Dayjs | null }): CapacitorFormValues {
  return {
    stationId: v.stationId,
    cabinetId: blank(v.cabinetId),
    equipmentId: blank(v.equipmentId),
    code: v.code.trim(),
    name: v.name.trim(),
    capacityKvar: v.capacityKvar,
    steps: v.steps,
    ratedVoltageKv: v.ratedVoltageKv,
    connection: v.connection,
    manufacturer: blank(v.manufacturer?.trim()),
    installDate: v.installDate ? v.installDate.format('YYYY-MM-DD') : null,
    remark: blank(v.remark?.trim()),
  };
}
