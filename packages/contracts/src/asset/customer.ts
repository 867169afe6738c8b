import { z } from 'zod';
import { text, optionalText, optionalPhone, optionalId, id, flag } from '../fields';
import { pageQuery } from '../envelope';

/**
 * Customers (客户): the owners of sites. Every asset belongs to exactly one customer through its
 * station, and a user's data scope reaches customers through their department.
 */

/** Codes of customers, stations, bays, cabinets, cameras and gateways: letters, digits, _ and -. */
export const ASSET_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export function assetCode(label: string, max = 32) {
  return text(label, { max }).regex(ASSET_CODE_PATTERN, `${label}只能包含字母、数字、_ 和 -，且以字母或数字开头`);
}

/** Page queries of the site lists accept a keyword (name or code contains). */
const keyword = z.string().trim().max(64).optional();

export const CUSTOMER_SORT_COLUMNS = ['id', 'code', 'name', 'createdAt'] as const;

/** GET /api/customer/pageList (also the query of GET /api/customer/export). */
export const customerQuery = pageQuery.extend({
  keyword,
  name: z.string().trim().max(100).optional(),
  code: z.string().trim().max(32).optional(),
  deptId: optionalId('所属部门').optional(),
  enabled: flag('状态').optional(),
});

const customerFields = {
  code: assetCode('客户编号'),
  name: text('客户名称', { max: 100 }),
  /** The department whose users see this customer; empty: the caller's own department. */
  deptId: optionalId('所属部门'),
  contact: optionalText('联系人', 32),
  phone: optionalPhone('联系电话'),
  address: optionalText('地址'),
  remark: optionalText('备注'),
  enabled: flag('状态').default(true),
};
export const customerAddBody = z.object(customerFields);
export const customerEditBody = z.object({ id: id('客户'), ...customerFields });
/** The two images a customer shows on its console (large and small logo). */
export const CUSTOMER_IMAGE_FIELDS = ['logo', 'minLogo'] as const;
export const CUSTOMER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export interface CustomerRow {
  id: number;
  code: string;
  name: string;
  deptId: number | null;
  deptName: string | null;
  contact: string | null;
  phone: string | null;
  address: string | null;
  /** Stored file names; shown through /common/download/resource?resource=. */
  logo: string | null;
  minLogo: string | null;
  remark: string | null;
  enabled: boolean;
  stationCount: number;
  createdAt: number;
  updatedAt: number;
}

/** Node of GET /api/customer/initTreeData: customers with their stations, for pickers. */
export interface CustomerTreeNode {
  /** `customer_<id>` or `station_<id>` (the tree's dwid). */
  id: string;
  /** Numeric id of the customer or station. */
  value: number;
  label: string;
  type: 'customer' | 'station';
  customerId: number;
  children?: CustomerTreeNode[];
}
