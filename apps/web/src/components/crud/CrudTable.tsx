import { useMemo, type ReactNode } from 'react';
import { Button, Flex, Grid, Space, Table, Tooltip, type TablePaginationConfig, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { ColumnSettings } from './ColumnSettings';
import { columnKeyOf, useColumnSettings, visibleColumns } from './columnSettings';
import { antSortOrder, type SortState } from './params';

/**
 * A column of a CRUD table. `key` names the column for the settings and, when `sorter: true`,
 * the server's `orderBy` (it must be in that entity's sort whitelist). `hideable: false` keeps it
 * out of the column settings (e.g. 操作).
 */
export type CrudColumn<Row> = ColumnType<Row> & { key: string; hideable?: boolean };

/** What the table needs from useCrudList (or from a hand-made list for trees and small sets). */
export interface CrudTableState<Row> {
  list: Row[];
  fetching?: boolean;
  sort?: SortState;
  pagination?: TablePaginationConfig | false;
  onTableChange?: TableProps<Row>['onChange'];
  selectedRowKeys?: React.Key[];
  setSelectedRowKeys?: (keys: React.Key[]) => void;
  refetch?: () => unknown;
}

export interface CrudTableProps<Row> extends Omit<TableProps<Row>, 'columns' | 'dataSource' | 'pagination' | 'onChange' | 'title'> {
  columns: CrudColumn<Row>[];
  state: CrudTableState<Row>;
  /** localStorage key of the column settings, e.g. "system/users". */
  pageKey?: string;
  /** Column keys hidden until the operator shows them (keep this a constant). */
  defaultHidden?: string[];
  /** Left side of the toolbar: 新增 / 删除 / 导出 … (each wrapped in <Auth>). */
  toolbar?: ReactNode;
  /** Tick boxes for batch actions. */
  selectable?: boolean | ((row: Row) => boolean);
  /** Show / hide the query form (the toolbar's magnifier). */
  onToggleSearch?: () => void;
}

/** Server-paged, server-sorted table with toolbar, refresh, column settings and 共 N 条. */
export function CrudTable<Row extends object>({
  columns,
  state,
  pageKey,
  defaultHidden,
  toolbar,
  selectable,
  onToggleSearch,
  rowKey = 'id',
  ...rest
}: CrudTableProps<Row>) {
  const settings = useColumnSettings(pageKey, defaultHidden);
  const sort = state.sort;
  // On a phone a fixed 操作 column would cover most of the row: let it scroll with the rest.
  const narrow = Grid.useBreakpoint().md === false;
  const shown = useMemo(() => {
    const cols = visibleColumns(columns, settings.hidden).map((c) => (narrow && c.fixed ? { ...c, fixed: undefined } : c));
    // Controlled sort arrows follow the server sort, so a reset clears them too.
    return sort ? cols.map((c) => (c.sorter ? { ...c, sortOrder: antSortOrder(sort, columnKeyOf(c)) } : c)) : cols;
  }, [columns, settings.hidden, sort, narrow]);

  const rowSelection: TableProps<Row>['rowSelection'] =
    selectable && state.setSelectedRowKeys
      ? {
          selectedRowKeys: state.selectedRowKeys ?? [],
          onChange: (keys) => state.setSelectedRowKeys!(keys),
          getCheckboxProps: typeof selectable === 'function' ? (row) => ({ disabled: !selectable(row) }) : undefined,
        }
      : undefined;

  return (
    <div className="crud-table">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>{toolbar}</Space>
        <Space>
          {onToggleSearch && (
            <Tooltip title="显示/隐藏搜索">
              <Button shape="circle" icon={<SearchOutlined />} onClick={onToggleSearch} aria-label="显示/隐藏搜索" />
            </Tooltip>
          )}
          {state.refetch && (
            <Tooltip title="刷新">
              <Button shape="circle" icon={<ReloadOutlined />} onClick={() => void state.refetch!()} aria-label="刷新" />
            </Tooltip>
          )}
          {pageKey && <ColumnSettings columns={columns} hidden={settings.hidden} onToggle={settings.toggle} onReset={settings.reset} />}
        </Space>
      </Flex>
      <Table<Row>
        rowKey={rowKey}
        scroll={{ x: 'max-content' }}
        {...rest}
        columns={shown}
        dataSource={state.list}
        loading={state.fetching}
        pagination={state.pagination ?? false}
        onChange={state.onTableChange}
        rowSelection={rowSelection}
      />
    </div>
  );
}
