import { Card, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AUDIT_CATEGORY_LABELS, type AuditRow } from '@pdz/contracts';
import { formatTime } from '@/utils/date';

const categoryLabel = (c: string) => AUDIT_CATEGORY_LABELS[c as keyof typeof AUDIT_CATEGORY_LABELS] ?? c;

const columns: ColumnsType<AuditRow> = [
  {
    title: '时间',
    dataIndex: 'ts',
    width: 110,
    render: (ts: number) => <Tooltip title={formatTime(ts)}>{formatTime(ts, 'MM-DD HH:mm')}</Tooltip>,
  },
  { title: '操作人', dataIndex: 'userName', width: 96, ellipsis: true, render: (v: string | null) => v ?? '-' },
  {
    title: '操作',
    key: 'action',
    ellipsis: true,
    render: (_: unknown, r) => (
      <span>
        <span style={{ color: 'rgba(0,0,0,0.45)' }}>{categoryLabel(r.category)} · </span>
        {r.action}
        {r.target ? `：${r.target}` : ''}
      </span>
    ),
  },
  {
    title: '结果',
    dataIndex: 'ok',
    width: 64,
    align: 'center',
    render: (ok: boolean) => (ok ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
  },
];

/** The latest audit records the summary carries (only for users who may read the audit log). */
export function RecentAudit({ rows }: { rows: AuditRow[] }) {
  return (
    <Card title="最近操作" styles={{ body: { padding: '4px 12px 12px' } }}>
      <Table<AuditRow> rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} tableLayout="fixed" />
    </Card>
  );
}
