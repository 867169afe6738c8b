import { useMemo } from 'react';
import { Select, TreeSelect, type SelectProps } from 'antd';
import {
  ASSET_STATUSES,
  CABINET_TYPES,
  DICT_ASSET_STATUS,
  DICT_CABINET_TYPE,
  DICT_STATION_TYPE,
  STATION_TYPES,
  type CustomerTreeNode,
  type DictItem,
} from '@pdz/contracts';
import { useDict } from '@/hooks/useDict';
import { useCustomerTree } from '../api/tree';
import { useStationBays } from '../api/bay';
import { useStationCabinets } from '../api/cabinet';

/**
 * Pickers shared by the site screens (list filters and forms). The station pickers read the
 * customer → station tree once (cached), so forms open without waiting.
 */

type Option = { label: string; value: string };
const DICT_DYDJ = 'dict_dydj';

/** Built-in lists stand in while a dictionary loads or when an administrator emptied it. */
const FALLBACK: Record<string, readonly Option[]> = {
  [DICT_STATION_TYPE]: STATION_TYPES,
  [DICT_CABINET_TYPE]: CABINET_TYPES,
  [DICT_ASSET_STATUS]: ASSET_STATUSES,
  [DICT_DYDJ]: [],
};

export type SiteDict = typeof DICT_DYDJ | typeof DICT_STATION_TYPE | typeof DICT_CABINET_TYPE | typeof DICT_ASSET_STATUS;

function toOptions(items: DictItem[], fallback: readonly Option[]): Option[] {
  return items.length ? items.map((i) => ({ label: i.label, value: String(i.value) })) : [...fallback];
}

/** Options and labels of the site dictionaries (电压等级, 站点类型, 柜体类型, 运行状态). */
export function useSiteDicts() {
  const d = useDict(DICT_DYDJ, DICT_STATION_TYPE, DICT_CABINET_TYPE, DICT_ASSET_STATUS);
  return useMemo(() => {
    const options = Object.fromEntries(Object.entries(d).map(([k, items]) => [k, toOptions(items, FALLBACK[k] ?? [])])) as Record<SiteDict, Option[]>;
    const label = (dict: SiteDict, v: string | null | undefined) => (v ? (options[dict].find((o) => o.value === v)?.label ?? v) : '');
    return { options, label };
  }, [d]);
}

export function DictSelect({ dict, ...rest }: { dict: SiteDict } & Omit<SelectProps, 'options'>) {
  const { options } = useSiteDicts();
  return <Select allowClear options={options[dict]} {...rest} />;
}

interface PickerNode {
  title: string;
  value: string;
  selectable: boolean;
  children?: PickerNode[];
}

/** Customers as unselectable groups with their stations; values are station ids as strings. */
function stationNodes(tree: CustomerTreeNode[] | undefined, customerId?: number): PickerNode[] {
  return (tree ?? [])
    .filter((c) => customerId === undefined || c.value === customerId)
    .map((c) => ({
      title: c.label,
      value: c.id,
      selectable: false,
      children: (c.children ?? []).map((s) => ({ title: s.label, value: String(s.value), selectable: true })),
    }));
}

/** 所属站点: customers → stations (only stations can be picked). Value: the station id. */
export function StationTreeSelect({
  value,
  onChange,
  customerId,
  placeholder = '请选择站点',
  ...rest
}: { id?: string; value?: number | null; onChange?: (v: number | undefined) => void; customerId?: number; placeholder?: string; style?: React.CSSProperties; disabled?: boolean; allowClear?: boolean }) {
  const tree = useCustomerTree();
  const data = useMemo(() => stationNodes(tree.data, customerId), [tree.data, customerId]);
  return (
    <TreeSelect
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      placeholder={placeholder}
      loading={tree.isLoading}
      treeData={data}
      value={value === null || value === undefined ? undefined : String(value)}
      onChange={(v: string | undefined) => onChange?.(v ? Number(v) : undefined)}
      popupMatchSelectWidth={false}
      allowClear
      {...rest}
    />
  );
}

/** 所属客户. */
export function CustomerSelect({ value, onChange, ...rest }: { value?: number | null; onChange?: (v: number | undefined) => void } & Omit<SelectProps<number>, 'value' | 'onChange' | 'options'>) {
  const tree = useCustomerTree();
  const options = useMemo(() => (tree.data ?? []).map((c) => ({ label: c.label, value: c.value })), [tree.data]);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择客户"
      loading={tree.isLoading}
      options={options}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      allowClear
      {...rest}
    />
  );
}

/** 所属间隔 of one station (empty: directly under the station). */
export function BaySelect({ stationId, ...rest }: { stationId?: number | null } & Omit<SelectProps<number>, 'options'>) {
  const bays = useStationBays(stationId);
  const options = useMemo(() => (bays.data ?? []).map((b) => ({ label: b.name, value: b.id })), [bays.data]);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      disabled={!stationId}
      placeholder={stationId ? '不选则直接挂在站点下' : '请先选择站点'}
      loading={bays.isLoading}
      options={options}
      {...rest}
    />
  );
}

/** 所属柜体 of one station. */
export function CabinetSelect({ stationId, ...rest }: { stationId?: number | null } & Omit<SelectProps<number>, 'options'>) {
  const cabinets = useStationCabinets(stationId);
  const options = useMemo(() => (cabinets.data ?? []).map((c) => ({ label: c.bayName ? `${c.bayName} / ${c.name}` : c.name, value: c.id })), [cabinets.data]);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      disabled={!stationId}
      placeholder={stationId ? '请选择柜体（可不选）' : '请先选择站点'}
      loading={cabinets.isLoading}
      options={options}
      {...rest}
    />
  );
}
