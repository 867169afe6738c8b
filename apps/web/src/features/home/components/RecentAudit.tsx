import { Card, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AUDIT_CATEGORY_LABELS, type AuditRow } from '@pdz/contracts';
import { formatTime } from '@/utils/date';

const categoryLabel = (c: string) => AUDIT_CATEGORY_LABELS[c as keyof typeof AUDIT_CATEGORY_LABELS] ?? c;

const columns: ColumnsType<AuditRow> = [
  {
    title: '时间',
    dataIndex: 'ts',
    width: 100,
    render: (ts: number) => <Tooltip title={formatTime(ts)}>{formatTime(ts, 'MM-DD HH:mm')}</Tooltip>,
  },
  { title: '操作人', dataIndex: 'userName', width: 84, ellipsis: true, render: (v: string | null) => v ?? '-' },
  {
    title: '操作',
    key: 'action',
    ellipsis: { showTitle: false },
    render: (_: unknown, r) => {
      const what = `${r.action}${r.target ? `：${r.target}` : ''}`;
      return (
        <Tooltip title={`${categoryLabel(r.category)} · ${what}`} placement="topLeft">
          <span>{what}</span>
        </Tooltip>
      );
    },
  },
  {
    title: '结果',
    dataIndex: 'ok',
    width: 60,
    align: 'center',
    render: (ok: boolean) => (ok ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
  },
];

/** The latest audit records the summary carries (only for users who may read the audit log). */
export function RecentAudit({ rows }: { rows: AuditRow[] }) {
  return (
    <Card title="最近操作" styles={{ body: { padding: '4px 12px 12px' } }}>
      <Table<AuditRow> rowKey="id" size="small" columns={columns} dataSource={rows} pagination={false} tableLayout="fixed" scroll={{ y: 290 }} />
    </Card>
  );
}
