import { z } from 'zod';
import { text, optionalText, id, optionalId, int, num, oneOf } from '../fields';
import { pageQuery } from '../envelope';
import { EQUIPMENT_CODE_PATTERN, optionalDay } from './equipment';

export const CAPACITOR_CONNECTIONS = [
  { value: 'delta', label: '三角形(△)' },
  { value: 'star', label: '星形(Y)' },
] as const;
export const CAPACITOR_CONNECTION_VALUES = ['delta', 'star'] as const;

export const CAPACITOR_SORT_COLUMNS = ['id', 'code', 'name', 'capacityKvar', 'createdAt'] as const;

/** GET /api/pdfznjkpt/tfcapacitor/list */
export const capacitorQuery = pageQuery.extend({
  customerId: optionalId('客户').optional(),
  stationId: optionalId('站点').optional(),
  cabinetId: optionalId('柜体').optional(),
  keyword: z.string().trim().max(64).optional(),
});

const capacitorFields = {
  stationId: id('所属站点'),
  cabinetId: optionalId('柜体'),
  /** The capacitor compensation controller that switches this bank, if monitored. */
  equipmentId: optionalId('补偿控制器'),
  code: text('电容器编号', { max: 32 }).regex(EQUIPMENT_CODE_PATTERN, '电容器编号只能包含字母、数字、_ 和 -'),
  name: text('电容器名称', { max: 100 }),
  capacityKvar: num('补偿容量', { max: 100_000 }).refine((v) => v > 0, '补偿容量必须大于0'),
  steps: int('投切组数', { min: 1, max: 32 }).default(1),
  ratedVoltageKv: num('额定电压', { max: 220 }).refine((v) => v > 0, '额定电压必须大于0'),
  connection: oneOf('接线方式', CAPACITOR_CONNECTION_VALUES).default('delta'),
  manufacturer: optionalText('生产厂家', 100),
  installDate: optionalDay('安装日期'),
  remark: optionalText('备注'),
};
export const capacitorAddBody = z.object(capacitorFields);
export const capacitorEditBody = z.object({ id: id('电容器'), ...capacitorFields });
export const capacitorRemoveQuery = z.object({ id: id('电容器') });

export interface CapacitorRow {
  id: number;
  customerId: number;
  stationId: number;
  stationName: string;
  cabinetId: number | null;
  cabinetName: string | null;
  equipmentId: number | null;
  equipmentName: string | null;
  code: string;
  name: string;
  capacityKvar: number;
  steps: number;
  /** capacityKvar / steps: the size of one switched group. */
  stepKvar: number;
  ratedVoltageKv: number;
  connection: (typeof CAPACITOR_CONNECTION_VALUES)[number];
  manufacturer: string | null;
  installDate: string | null;
  remark: string | null;
  createdAt: number;
  updatedAt: number;
}
