import { useMemo } from 'react';
import { Select, TreeSelect, type SelectProps, type TreeSelectProps } from 'antd';
import type { CustomerTreeNode } from '@pdz/contracts';
import { useCustomerTree } from '../api/tree';
import { useStationCabinets } from '../api/cabinet';
import { useStationGateways } from '../api/gateway';

/**
 * Site pickers of the equipment and capacitor forms and query bars: station (customer → station
 * tree), cabinet and gateway of a station, labelled "名称（编号）" and valued by number. They read
 * the same cached lists as the site screens' pickers (api/tree, cabinet, gateway), so a change on
 * the site screens refreshes these too.
 */

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

/** 所属站点: searchable tree of the customers the operator sees and their stations. */
export function StationSelect(props: Omit<TreeSelectProps<number>, 'treeData'>) {
  const tree = useCustomerTree();
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
  const q = useStationCabinets(stationId);
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
  const q = useStationGateways(stationId);
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
