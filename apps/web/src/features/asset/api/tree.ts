import { useQuery } from '@tanstack/react-query';
import type { AssetLevelType, AssetMoveResult, AssetNodePath, AssetSearchResult, AssetTreeNode, CustomerTreeNode, EquipmentRow } from '@pdz/contracts';
import { get, post } from '@/api/request';

/** Every asset-tree query lives under this key; site changes invalidate it. */
export const TREE_KEY = ['asset', 'tree'] as const;
/** The customer → station picker tree (forms and query bars). */
export const CUSTOMER_TREE_KEY = ['asset', 'customerTree'] as const;

/** The top of the tree: the customers the caller sees (with counts). */
export const fetchTreeRoots = () => get<AssetTreeNode[]>('/api/assetMaintenance/initData');
/** The children of one node (lazy loading); no id: the customers. */
export const fetchTreeChildren = (id?: string) => get<AssetTreeNode[]>('/api/assetMaintenance/initDataAllByParentNode', id ? { id } : {});
/** One node with its ancestors, the customer first (to locate it in the tree). */
export const fetchNodePath = (dwid: string) => get<AssetNodePath>('/api/assetMaintenance/initDataAllByDwid', { dwid });
/** Name or code contains the keyword, each hit with its ancestor path. */
export const searchTree = (keyword: string, levelTypes?: AssetLevelType[]) =>
  get<AssetSearchResult>('/api/assetMaintenance/search', { keyword, ...(levelTypes?.length ? { levelTypes: levelTypes.join(',') } : {}) });
/** Move a node under another parent; the server refuses moves that would break the hierarchy. */
export const moveNode = (dwid: string, targetDwid: string) => post<AssetMoveResult>('/api/assetManage/move', { dwid, targetDwid });

export const fetchCustomerTree = () => get<CustomerTreeNode[]>('/api/customer/initTreeData');

/** Customers with their stations, for the station pickers of every site form and query bar. */
export function useCustomerTree(enabled = true) {
  return useQuery({ queryKey: CUSTOMER_TREE_KEY, queryFn: fetchCustomerTree, enabled, staleTime: 60_000 });
}

/** The tree's brief view of one equipment (its own screen has the rest). */
export const fetchEquipmentBrief = (id: number) => get<EquipmentRow>(`/api/pdfznjkpt/bjequipment/getById/${id}`);

export function useEquipmentBrief(id: number | undefined) {
  return useQuery({ queryKey: [...TREE_KEY, 'equipment', id], queryFn: () => fetchEquipmentBrief(id!), enabled: id !== undefined, staleTime: 0 });
}
