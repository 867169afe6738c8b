import { useMemo, useState, type ReactNode } from 'react';
import { Card, Input, Segmented, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatTime } from '@/components/crud';

export interface FrameFilter<F extends string> {
  value: F;
  label: string;
}

/** The state filter of a gateway list: the chosen state, the count per state (and 'all'), the rows shown. */
export function useStateFilter<R, F extends string>(rows: R[], stateOf: (r: R) => F) {
  const [filter, setFilter] = useState<F | 'all'>('all');
  const counts = useMemo(() => {
    const c = { all: rows.length } as Partial<Record<F | 'all', number>>;
    for (const r of rows) {
      const st = stateOf(r);
      c[st] = (c[st] ?? 0) + 1;
    }
    return c;
  }, [rows, stateOf]);
  const shown = filter === 'all' ? rows : rows.filter((r) => stateOf(r) === filter);
  return { filter, onFilter: setFilter, counts, rows: shown };
}

/**
 * The frame of the 通信管理 pages: search and state filter with counts, when the list was loaded,
 * and the gateway table (one page up to 20 rows).
 */
export function GatewayListFrame<R extends { id: number }, F extends string>(props: {
  filters: FrameFilter<F>[];
  filter: F;
  counts: Partial<Record<F, number>>;
  onFilter: (f: F) => void;
  onSearch: (keyword: string) => void;
  updatedAt: number;
  loading: boolean;
  rows: R[];
  columns: ColumnsType<R>;
  /** The columns' widths: they should add up to what a 1440-wide screen leaves the table. */
  width: number;
  emptyText: string;
  children?: ReactNode;
}) {
  const { filters, filter, counts, rows } = props;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap size={[12, 8]} style={{ width: '100%', justifyContent: 'space-between' }}>
          <Space wrap>
            <Input.Search allowClear placeholder="搜索网关名称、编号或站点" style={{ width: 260 }} onSearch={(v) => props.onSearch(v.trim())} />
            <Segmented value={filter} onChange={(v) => props.onFilter(v as F)} options={filters.map((f) => ({ value: f.value, label: `${f.label} ${counts[f.value] ?? 0}` }))} />
          </Space>
          <Typography.Text type="secondary">每10秒自动刷新 · 更新于 {props.updatedAt ? formatTime(props.updatedAt) : '-'}</Typography.Text>
        </Space>
      </Card>
      <Card size="small">
        <Table<R>
          size="middle"
          rowKey="id"
          loading={props.loading}
          dataSource={rows}
          columns={props.columns}
          scroll={{ x: props.width }}
          pagination={rows.length > 20 ? { pageSize: 20, showSizeChanger: true, showTotal: (t) => `共 ${t} 个网关` } : false}
          locale={{ emptyText: props.emptyText }}
        />
      </Card>
      {props.children}
    </Space>
  );
}

/** A cell of two lines: the value, and a smaller grey note under it. */
export function TwoLine({ main, note }: { main: ReactNode; note?: ReactNode }) {
  return (
    <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
      {main}
      {note !== undefined && note !== null && note !== false && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      )}
    </Space>
  );
}
