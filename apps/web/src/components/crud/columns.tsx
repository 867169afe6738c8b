import type { ReactNode } from 'react';
import { Space } from 'antd';
import type { CrudColumn } from './CrudTable';
import { formatTime, orDash } from './format';

/**
 * Columns most lists share, built the same way everywhere: the record id, 显示顺序, 备注,
 * 创建时间 and the 操作 column (fixed right, never hidden by 列设置).
 */
export function idColumn<Row>(title = 'ID', width = 70): CrudColumn<Row> {
  return { key: 'id', title, dataIndex: 'id', sorter: true, width };
}

export function orderNumColumn<Row>(): CrudColumn<Row> {
  return { key: 'orderNum', title: '显示顺序', dataIndex: 'orderNum', sorter: true, align: 'right' };
}

export function remarkColumn<Row>(): CrudColumn<Row> {
  return { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: true, render: orDash };
}

export function createdAtColumn<Row>(): CrudColumn<Row> {
  return { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', sorter: true, render: (v: number) => formatTime(v) };
}

/** 操作: the row's actions side by side (each hides itself without its permission). */
export function actionsColumn<Row>(actions: (row: Row) => ReactNode): CrudColumn<Row> {
  return { key: 'actions', title: '操作', hideable: false, fixed: 'right', render: (_v, row) => <Space size={0}>{actions(row)}</Space> };
}
