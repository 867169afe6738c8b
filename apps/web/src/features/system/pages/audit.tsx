import { useState } from 'react';
import { DatePicker, Form, Input, Popover, Select, Tag, Typography } from 'antd';
import { AUDIT_CATEGORIES, AUDIT_CATEGORY_LABELS, PERMS, type AuditRow } from '@pdz/contracts';
import { CrudPage, CrudTable, ExportButton, QueryBar, formatTime, orDash, useCrudList, type CrudColumn, type RangeField } from '@/components/crud';
import { AUDIT_EXPORT_URL, AUDIT_KEY, fetchAudit } from '../api/audit';

interface AuditQuery extends Record<string, unknown> {
  userName?: string;
  category?: string;
  action?: string;
  ok?: 'true' | 'false';
  time?: unknown;
}

/** Categories written by modules newer than the contract's list, until it names them. */
const MORE_CATEGORY_LABELS: Record<string, string> = { asset: '资产管理' };
const categoryLabel = (c: string) => (AUDIT_CATEGORY_LABELS as Record<string, string>)[c] ?? MORE_CATEGORY_LABELS[c] ?? c;
const CATEGORY_OPTIONS = [...new Set([...AUDIT_CATEGORIES, ...Object.keys(MORE_CATEGORY_LABELS)])].map((c) => ({ value: c, label: categoryLabel(c) }));
const RESULT_OPTIONS = [
  { value: 'true', label: '成功' },
  { value: 'false', label: '失败' },
];
/** The picked time range goes to the server as from/to epoch ms, both ends included. */
const RANGES: Record<string, RangeField> = { time: { from: 'from', to: 'to', unit: 'minute' } };

/** Details are JSON written by the server; shown indented when they parse. */
function prettyDetail(detail: string): string {
  try {
    return JSON.stringify(JSON.parse(detail), null, 2);
  } catch {
    return detail;
  }
}

/** 审计日志: who did what, when, from where, and whether it worked. */
export default function AuditPage() {
  const list = useCrudList<AuditRow, AuditQuery>(AUDIT_KEY, fetchAudit, {}, { sort: { orderBy: 'ts', order: 'desc' }, ranges: RANGES });
  const [showSearch, setShowSearch] = useState(true);

  const columns: CrudColumn<AuditRow>[] = [
    { key: 'ts', title: '时间', dataIndex: 'ts', sorter: true, width: 170, render: (v: number) => formatTime(v) },
    { key: 'userName', title: '操作人', dataIndex: 'userName', render: orDash },
    { key: 'category', title: '类别', dataIndex: 'category', render: categoryLabel },
    { key: 'action', title: '动作', dataIndex: 'action' },
    { key: 'target', title: '对象', dataIndex: 'target', ellipsis: true, render: orDash },
    {
      key: 'detail',
      title: '详情',
      dataIndex: 'detail',
      width: 260,
      render: (v: string | null) =>
        v ? (
          <Popover
            trigger="click"
            title="详情"
            content={<pre style={{ maxWidth: 520, maxHeight: 360, overflow: 'auto', margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{prettyDetail(v)}</pre>}
          >
            <Typography.Text ellipsis style={{ maxWidth: 240, cursor: 'pointer' }}>
              {v}
            </Typography.Text>
          </Popover>
        ) : (
          '-'
        ),
    },
    { key: 'ip', title: 'IP', dataIndex: 'ip', render: orDash },
    { key: 'ok', title: '结果', dataIndex: 'ok', align: 'center', render: (ok: boolean) => (ok ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>) },
  ];

  return (
    <CrudPage>
      <QueryBar<AuditQuery> hidden={!showSearch} onSearch={list.replaceFilters} onReset={list.reset} collapsedCount={2}>
        <Form.Item name="userName" label="操作人">
          <Input placeholder="请输入操作人" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="category" label="类别">
          <Select placeholder="全部类别" allowClear options={CATEGORY_OPTIONS} style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="action" label="动作">
          <Input placeholder="请输入动作" allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="ok" label="结果">
          <Select placeholder="全部" allowClear options={RESULT_OPTIONS} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item name="time" label="时间">
          <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={['开始时间', '结束时间']} />
        </Form.Item>
      </QueryBar>
      <CrudTable<AuditRow>
        pageKey="system/audit"
        columns={columns}
        state={list}
        onToggleSearch={() => setShowSearch((s) => !s)}
        toolbar={<ExportButton perms={[PERMS.audit.export]} url={AUDIT_EXPORT_URL} params={list.exportParams} baseName="审计日志" />}
      />
    </CrudPage>
  );
}
