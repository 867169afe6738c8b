import { z } from 'zod';
import { text, optionalText, optionalId, id, int } from '../fields';
import { pageQuery } from '../envelope';
import { assetCode } from './customer';

/** Bays (间隔): the sections of a station's switchgear that group its cabinets. */
export const BAY_SORT_COLUMNS = ['id', 'code', 'name', 'orderNum', 'createdAt'] as const;

/** GET /api/bay/pageList */
export const bayQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  customerId: optionalId('客户').optional(),
  stationId: optionalId('站点').optional(),
});

const bayFields = {
  stationId: id('所属站点'),
  code: assetCode('间隔编号'),
  name: text('间隔名称', { max: 100 }),
  voltageLevel: optionalText('电压等级', 16),
  orderNum: int('显示顺序', { min: 0, max: 99999 }).default(0),
  remark: optionalText('备注'),
};
export const bayAddBody = z.object(bayFields);
export const bayEditBody = z.object({ id: id('间隔'), ...bayFields });

export interface BayRow {
  id: number;
  customerId: number;
  customerName: string;
  stationId: number;
  stationName: string;
  code: string;
  name: string;
  voltageLevel: string | null;
  orderNum: number;
  remark: string | null;
  cabinetCount: number;
  createdAt: number;
  updatedAt: number;
}
