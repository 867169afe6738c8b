import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, TreeSelect, type SelectProps, type TreeSelectProps } from 'antd';
import type { CabinetRow, CustomerTreeNode, GatewayRow, Page } from '@pdz/contracts';
import { get, post } from '@/api/request';

/**
 * Site pickers of the equipment and capacitor forms and query bars: station (customer → station
 * tree), cabinet and gateway of a station. The keys sit under the site entities' own keys
 * (['asset', 'cabinet'] …), so a change on the site screens refreshes these lists too.
 */
const CUSTOMER_TREE_KEY = ['asset', 'customerTree'] as const;
const PICKER_PAGE = { pageNum: 1, pageSize: 500 } as const;

interface StationTreeOption {
  value: string | number;
  title: string;
  selectable: boolean;
  children?: StationTreeOption[];
}

/** Customers are headings (not selectable, values kept apart from station ids); stations are leaves. */
export function stationTreeOptions(nodes: CustomerTreeNode[]): StationTreeOption[] {
  return nodes.map((c) => ({
    value: c.id,
    title: c.label,
    selectable: false,
    children: (c.children ?? []).filter((s) => s.type === 'station').map((s) => ({ value: s.value, title: s.label, selectable: true })),
  }));
}

export function useStationTree(enabled = true) {
  return useQuery({
    queryKey: CUSTOMER_TREE_KEY,
    queryFn: () => get<CustomerTreeNode[]>('/api/customer/initTreeData'),
    enabled,
    staleTime: 60_000,
  });
}

export function useCabinetOptions(stationId: number | null | undefined) {
  return useQuery({
    queryKey: ['asset', 'cabinet', 'options', stationId],
    queryFn: async () => (await get<Page<CabinetRow>>('/api/cabinet/pageList', { ...PICKER_PAGE, stationId, orderBy: 'orderNum', order: 'asc' })).list,
    enabled: !!stationId,
  });
}

export function useGatewayOptions(stationId: number | null | undefined) {
  return useQuery({
    queryKey: ['asset', 'gateway', 'options', stationId],
    queryFn: async () => (await post<Page<GatewayRow>>('/api/pdfznjkpt/gateway/select', { ...PICKER_PAGE, stationId, orderBy: 'code', order: 'asc' })).list,
    enabled: !!stationId,
  });
}

/** 所属站点: searchable tree of the customers the operator sees and their stations. */
export function StationSelect(props: Omit<TreeSelectProps<number>, 'treeData'>) {
  const tree = useStationTree();
  const treeData = useMemo(() => stationTreeOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect<number>
      placeholder="请选择站点"
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      loading={tree.isLoading}
      treeData={treeData as TreeSelectProps<number>['treeData']}
      notFoundContent="暂无站点"
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
      {...props}
    />
  );
}

/** 柜体 of one station; disabled until a station is chosen. */
export function CabinetSelect({ stationId, ...props }: SelectProps<number> & { stationId: number | null | undefined }) {
  const q = useCabinetOptions(stationId);
  const options = useMemo(() => (q.data ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.code}）` })), [q.data]);
  return (
    <Select<number>
      placeholder={stationId ? '请选择柜体' : '请先选择站点'}
      disabled={!stationId}
      loading={q.isLoading && !!stationId}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent="该站点暂无柜体"
      {...props}
    />
  );
}

/** 网关 of one station (a device is read through a gateway of its own station). */
export function GatewaySelect({ stationId, ...props }: SelectProps<number> & { stationId: number | null | undefined }) {
  const q = useGatewayOptions(stationId);
  const options = useMemo(() => (q.data ?? []).map((g) => ({ value: g.id, label: `${g.name}（${g.code}）` })), [q.data]);
  return (
    <Select<number>
      placeholder={stationId ? '请选择网关' : '请先选择站点'}
      disabled={!stationId}
      loading={q.isLoading && !!stationId}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent="该站点暂无网关"
      {...props}
    />
  );
}
