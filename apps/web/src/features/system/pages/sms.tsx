import { useState } from 'react';
import { Form, Input, Tag, Tooltip } from 'antd';
import type { SmsOutboxRow } from '@pdz/contracts';
import { CrudPage, CrudTable, QueryBar, formatTime, orDash, useCrudList, type CrudColumn } from '@/components/crud';
import { fetchSmsOutbox, SMS_KEY } from '../api/sms';

interface SmsQuery extends Record<string, unknown> {
  phone?: string;
}

/** Purposes of SMS codes (SMS_PURPOSES) and of notifications sent by text. */
const PURPOSE_LABELS: Record<string, string> = {
  login: '登录验证码',
  resetPwd: '重置密码验证码',
  bindPhone: '绑定手机验证码',
  alarm: '告警通知',
  notice: '系统通知',
};

/** outbox: no SMS platform connected, messages are only stored here. */
const PROVIDER_LABELS: Record<string, string> = { outbox: '站内发件箱' };

/** 短信记录: what was sent by text, newest first. With no SMS contract the codes are read here. */
export default function SmsPage() {
  const list = useCrudList<SmsOutboxRow, SmsQuery>(SMS_KEY, fetchSmsOutbox, {}, { sort: { orderBy: 'createdAt', order: 'desc' } });
  const [showSearch, setShowSearch] = useState(true);

  const columns: CrudColumn<SmsOutboxRow>[] = [
    { key: 'phone', title: '手机号码', dataIndex: 'phone' },
    { key: 'purpose', title: '用途', dataIndex: 'purpose', render: (p: string) => PURPOSE_LABELS[p] ?? p },
    { key: 'content', title: '内容', dataIndex: 'content', ellipsis: { showTitle: true }, width: 360 },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      align: 'center',
      render: (s: SmsOutboxRow['status'], r) =>
        s === 'sent' ? (
          <Tag color="success">已发送</Tag>
        ) : (
          <Tooltip title={r.error ?? undefined}>
            <Tag color="error">发送失败</Tag>
          </Tooltip>
        ),
    },
    { key: 'provider', title: '发送渠道', dataIndex: 'provider', render: (p: string) => PROVIDER_LABELS[p] ?? p },
    { key: 'ip', title: '请求IP', dataIndex: 'ip', render: orDash },
    { key: 'createdAt', title: '发送时间', dataIndex: 'createdAt', sorter: true, width: 170, render: (v: number) => formatTime(v) },
  ];

  return (
    <CrudPage>
      <QueryBar<SmsQuery> hidden={!showSearch} onSearch={list.replaceFilters} onReset={list.reset}>
        <Form.Item name="phone" label="手机号码">
          <Input placeholder="请输入手机号码" allowClear style={{ width: 200 }} />
        </Form.Item>
      </QueryBar>
      {/* A fixed scroll width, so the long 内容 column keeps its width and ellipsis instead of pushing 发送时间 off screen. */}
      <CrudTable<SmsOutboxRow> pageKey="system/sms" columns={columns} state={list} scroll={{ x: 1100 }} onToggleSearch={() => setShowSearch((s) => !s)} />
    </CrudPage>
  );
}
