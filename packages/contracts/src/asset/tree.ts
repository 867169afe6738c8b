import { z } from 'zod';
import { int } from '../fields';

/**
 * The asset tree (spec §3 "Tree node query"): customer → station → bay → cabinet → equipment.
 * Cabinets outside any bay hang directly under their station, and equipment outside any cabinet
 * (room sensors) too. A node's id is its dwid, `<levelType>_<numeric id>`, e.g. `station_12`.
 */
export const ASSET_LEVEL_TYPES = ['customer', 'station', 'bay', 'cabinet', 'equipment'] as const;
export type AssetLevelType = (typeof ASSET_LEVEL_TYPES)[number];
export const ASSET_LEVEL_LABELS: Record<AssetLevelType, string> = {
  customer: '客户',
  station: '站点',
  bay: '间隔',
  cabinet: '柜体',
  equipment: '设备',
};

export const DWID_PATTERN = /^(customer|station|bay|cabinet|equipment)_([1-9]\d{0,9})$/;

export function dwidOf(levelType: AssetLevelType, id: number): string {
  return `${levelType}_${id}`;
}

/** `station_12` → { levelType: 'station', id: 12 }; null for anything else. */
export function parseDwid(dwid: string): { levelType: AssetLevelType; id: number } | null {
  const m = DWID_PATTERN.exec(dwid.trim());
  return m ? { levelType: m[1] as AssetLevelType, id: Number(m[2]) } : null;
}

const dwid = (label: string) =>
  z.string({ error: `请选择${label}` }).trim().regex(DWID_PATTERN, `${label}无效`);

/** Comma-separated codes (`equipmentTypes=meter,transformer`), or repeated parameters. */
const codeList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : Array.isArray(v) ? v : undefined),
  z.array(z.string().max(32)).max(50).optional(),
);

/**
 * GET /api/assetMaintenance/initDataAll. `id`: the start node (a dwid; a bare number means a
 * customer id); absent: every customer the caller sees. `levelType`: the deepest kind of node to
 * include. `level`: how many levels below the start to include (customers count as level 1 when
 * there is no start). `equipmentTypes` / `cabinetTypes`: keep only those kinds of equipment /
 * cabinets (with the equipment inside the kept cabinets).
 */
export const assetTreeQuery = z.object({
  id: z.string().trim().max(32).optional(),
  levelType: z.enum(ASSET_LEVEL_TYPES, { error: '节点类型取值无效' }).optional(),
  level: int('层级', { min: 1, max: 5 }).optional(),
  equipmentTypes: codeList,
  cabinetTypes: codeList,
});
export type AssetTreeQuery = z.infer<typeof assetTreeQuery>;

/** GET /api/assetMaintenance/initDataAllByParentNode?id= (no id: the customers). */
export const assetChildrenQuery = z.object({
  id: z.string().trim().max(32).optional(),
  equipmentTypes: codeList,
  cabinetTypes: codeList,
});

/** GET /api/assetMaintenance/initDataAllByDwid?dwid= */
export const assetDwidQuery = z.object({ dwid: dwid('节点') });

export const ASSET_SEARCH_LIMIT = 200;
/** GET /api/assetMaintenance/search?keyword= (name or code contains, case-insensitive). */
export const assetSearchQuery = z.object({
  keyword: z.string({ error: '请输入搜索关键字' }).trim().min(1, '请输入搜索关键字').max(64, '搜索关键字不能超过64个字符'),
  limit: int('条数', { min: 1, max: ASSET_SEARCH_LIMIT }).default(ASSET_SEARCH_LIMIT),
  levelTypes: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
    z.array(z.enum(ASSET_LEVEL_TYPES, { error: '节点类型取值无效' })).optional(),
  ),
});

/**
 * POST /api/assetManage/move. Allowed: cabinet → bay or station, bay → station, equipment →
 * cabinet or station, station → customer. Everything inside the moved node follows.
 */
export const assetMoveBody = z.object({ dwid: dwid('要移动的节点'), targetDwid: dwid('目标节点') });

export interface AssetTreeNode {
  /** The dwid. */
  id: string;
  dwid: string;
  /** Numeric id of the customer, station, bay, cabinet or equipment. */
  entityId: number;
  parentId: string | null;
  levelType: AssetLevelType;
  /** Depth from the customer (1) down. */
  level: number;
  name: string;
  code: string;
  /** Station type, cabinet type or equipment type code, with its label. */
  type: string | null;
  typeName: string | null;
  customerId: number;
  stationId: number | null;
  hasChildren: boolean;
  /** Customers: their stations; stations: their equipment (within the filters). */
  stationCount?: number;
  equipmentCount?: number;
  /** Equipment: reported recently (telemetry issue). */
  online?: boolean;
  children?: AssetTreeNode[];
}

export interface AssetPathItem {
  dwid: string;
  name: string;
  levelType: AssetLevelType;
}

/** Answer of initDataAllByDwid: the node and its ancestors, the customer first. */
export interface AssetNodePath {
  node: AssetTreeNode;
  path: AssetTreeNode[];
}

export interface AssetSearchHit {
  node: AssetTreeNode;
  /** Ancestors, the customer first (the node itself not included). */
  path: AssetPathItem[];
}

export interface AssetSearchResult {
  list: AssetSearchHit[];
  /** True when more nodes matched than `limit`. */
  truncated: boolean;
}

export interface AssetMoveResult {
  dwid: string;
  targetDwid: string;
  /** How many rows changed with it (cabinets, equipment, gateways, …), for the confirmation. */
  moved: Record<string, number>;
}
