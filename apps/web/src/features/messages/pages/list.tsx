import { useState } from 'react';
import { Badge, Button, Card, Input, Select, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import type { MessageRow } from '@pdz/contracts';
import { antSortOrder, useCrudList, useCrudMutation } from '@/components/crud';
import { formatTime } from '@/utils/date';
import { messagesKey, pageList, readAll, refreshBell, type MessageListParams } from '../api';
import { levelMeta, messageState, STATE_TAGS, TYPE_OPTIONS, typeLabel } from '../levels';
import { MessageDrawer } from '../components/MessageDrawer';

type TabKey = 'unconfirmed' | 'all';
interface Filters extends Record<string, unknown> {
  confirmed?: 'false';
  type?: string;
  keyword?: string;
}

const tabFilter = (tab: TabKey): Filters => (tab === 'unconfirmed' ? { confirmed: 'false' } : { confirmed: undefined });

/** 系统消息 (/sysmes/mess, from the bell): unconfirmed first, open to read, confirm with a note. */
export default function MessagesPage() {
  const [tab, setTab] = useState<TabKey>('unconfirmed');
  const [keyword, setKeyword] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useCrudList<MessageRow, Filters>(messagesKey, (p) => pageList(p as MessageListParams), tabFilter('unconfirmed'), {
    sort: { orderBy: 'createdAt', order: 'desc' },
  });

  const markAll = useCrudMutation(readAll, { invalidate: [messagesKey], success: (n) => (Number(n) > 0 ? `已将 ${n} 条消息标记为已读` : '没有未读的消息'), onSuccess: () => void refreshBell() });

  const changeTab = (key: string) => {
    setTab(key as TabKey);
    list.search(tabFilter(key as TabKey));
  };
  const resetFilters = () => {
    setKeyword('');
    list.replaceFilters(tabFilter(tab));
  };

  const columns: ColumnsType<MessageRow> = [
    {
      title: '级别',
      dataIndex: 'level',
      key: 'level',
      width: 90,
      sorter: true,
      sortOrder: antSortOrder(list.sort, 'level'),
      render: (level: number, row) => {
        const meta = levelMeta(level, row.type);
        return <Tag color={meta.color}>{meta.label}</Tag>;
      },
    },
    { title: '类型', dataIndex: 'type', width: 100, render: (t: string) => typeLabel(t) },
    {
      title: '标题',
      dataIndex: 'title',
      ellipsis: true,
      render: (title: string, row) => (
        <Button type="link" size="small" style={{ padding: 0, height: 'auto', fontWeight: row.readAt ? 400 : 600 }} onClick={() => setOpenId(row.id)}>
          {!row.readAt && <Badge status="processing" aria-label="未读" />}
          {title}
        </Button>
      ),
    },
    {
      title: '时间',
      dataIndex: 'createdAt',
      key: 'createdAt',
      width: 170,
      sorter: true,
      sortOrder: antSortOrder(list.sort, 'createdAt'),
      render: (ts: number) => formatTime(ts),
    },
    {
      title: '状态',
      key: 'state',
      width: 110,
      render: (_: unknown, row) => {
        const s = STATE_TAGS[messageState(row)];
        return <Tag color={s.color}>{s.label}</Tag>;
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setOpenId(row.id)}>
            查看
          </Button>
          {!row.confirmedAt && (
            <Button type="link" size="small" onClick={() => setOpenId(row.id)}>
              确认
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={changeTab}
        items={[
          { key: 'unconfirmed', label: '未确认' },
          { key: 'all', label: '全部' },
        ]}
        tabBarExtraContent={
          <Button icon={<CheckCircleOutlined />} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            全部已读
          </Button>
        }
      />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="消息类型"
          aria-label="消息类型"
          style={{ width: 150 }}
          options={TYPE_OPTIONS}
          value={list.filters.type}
          onChange={(type?: string) => list.search({ type })}
        />
        <Input.Search
          allowClear
          placeholder="搜索标题或内容"
          aria-label="关键字"
          style={{ width: 260 }}
          maxLength={64}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onSearch={(v) => list.search({ keyword: v })}
          enterButton="搜索"
        />
        <Button icon={<ReloadOutlined />} onClick={resetFilters}>
          重置
        </Button>
      </Space>
      <Table<MessageRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.list}
        loading={list.fetching}
        pagination={list.pagination}
        onChange={list.onTableChange}
        locale={{ emptyText: tab === 'unconfirmed' ? '没有未确认的消息' : '暂无消息' }}
        scroll={{ x: 720 }}
      />
      <MessageDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}
