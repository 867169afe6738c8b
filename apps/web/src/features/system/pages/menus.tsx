import { useMemo, useState } from 'react';
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { NodeCollapseOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { MENU_TYPE_LABELS, PERMS, type MenuRow, type MenuType } from '@pdz/contracts';
import { feedback } from '@/app/feedback';
import { MenuIcon } from '@/components/MenuIcon';
import { AddButton, CrudPage, CrudTable, DeleteAction, EditAction, QueryBar, RowAction, formatTime, orDash, quoted, useCrudMutation, useEditor, type CrudColumn } from '@/components/crud';
import { fetchMenuLevel, fetchMenuPage, fetchMenuSuperiors, MENU_KEY, removeMenu } from '../api/menu';
import { MenuFormModal } from '../components/MenuFormModal';
import { SCOPE_OPTIONS, scopeLabel } from '../components/menuScope';
import { StatusTag } from '../components/common';

type MenuNode = MenuRow & { children?: MenuNode[] };

interface MenuQuery {
  menuName?: string;
  menuScope?: string;
}

const TYPE_COLORS: Record<MenuType, string> = { M: 'blue', C: 'green', F: 'default' };
const P = PERMS.menu;

/**
 * 菜单管理: a tree table loaded one level at a time (GET /api/system/menu/lazy). A name search
 * finds the menus anywhere (pageList), asks for their ancestors (superior) and opens the tree
 * down to them, highlighted.
 */
export default function MenusPage() {
  const [scope, setScope] = useState<string | undefined>();
  /** Expanded rows; each one's children are a loaded level. */
  const [opened, setOpened] = useState<number[]>([]);
  const [matched, setMatched] = useState<Set<number>>(new Set());
  const [locating, setLocating] = useState(false);
  const [showSearch, setShowSearch] = useState(true);
  const editor = useEditor<MenuRow>();
  const [parent, setParent] = useState<MenuRow | undefined>();

  const pids = useMemo(() => [0, ...opened], [opened]);
  const levels = useQueries({
    queries: pids.map((pid) => ({ queryKey: [...MENU_KEY, 'lazy', { pid, scope }], queryFn: () => fetchMenuLevel(pid, scope) })),
  });
  const fetching = levels.some((l) => l.isFetching) || locating;

  // Rebuilt each render from the loaded levels (a few hundred rows at most).
  const byParent = new Map<number, MenuRow[] | undefined>(pids.map((pid, i) => [pid, levels[i]?.data]));
  const build = (pid: number): MenuNode[] =>
    (byParent.get(pid) ?? []).map((m) => {
      if (!m.hasChildren) return m;
      const loaded = byParent.get(m.id);
      // Not loaded yet: an empty list still draws the expand arrow that loads it.
      return { ...m, children: loaded === undefined ? [] : loaded.length ? build(m.id) : undefined };
    });
  const rows = build(0);

  const remove = useCrudMutation((id: number) => removeMenu(id), { invalidate: [MENU_KEY], success: '删除成功' });

  async function locate(values: MenuQuery) {
    const name = values.menuName?.trim();
    setScope(values.menuScope || undefined);
    if (!name) {
      setMatched(new Set());
      return;
    }
    setLocating(true);
    try {
      const found = await fetchMenuPage({ menuName: name, menuScope: values.menuScope ? [values.menuScope] : undefined, pageNum: 1, pageSize: 500 });
      if (!found.list.length) {
        feedback.message.info(`没有名称包含“${name}”的菜单`);
        setMatched(new Set());
        return;
      }
      const ancestors = await fetchMenuSuperiors(found.list.map((m) => m.id));
      setOpened((o) => [...new Set([...o, ...ancestors.map((a) => a.id)])]);
      setMatched(new Set(found.list.map((m) => m.id)));
    } catch {
      // Shown by the HTTP client.
    } finally {
      setLocating(false);
    }
  }

  const openAdd = (under?: MenuRow) => {
    setParent(under);
    editor.openAdd();
  };

  const columns: CrudColumn<MenuNode>[] = [
    {
      key: 'menuName',
      title: '菜单名称',
      dataIndex: 'menuName',
      hideable: false,
      render: (v: string, m) => (
        <Space size={6}>
          {m.menuType !== 'F' && <MenuIcon name={m.icon} />}
          {matched.has(m.id) ? <Typography.Text mark>{v}</Typography.Text> : v}
        </Space>
      ),
    },
    { key: 'menuType', title: '类型', dataIndex: 'menuType', align: 'center', render: (t: MenuType) => <Tag color={TYPE_COLORS[t]}>{MENU_TYPE_LABELS[t]}</Tag> },
    { key: 'menuScope', title: '所属模块', dataIndex: 'menuScope', render: (s: string) => scopeLabel(s) },
    { key: 'orderNum', title: '显示顺序', dataIndex: 'orderNum', align: 'center' },
    { key: 'perms', title: '权限字符', dataIndex: 'perms', render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '-') },
    { key: 'component', title: '组件路径', dataIndex: 'component', render: orDash },
    { key: 'path', title: '路由地址', dataIndex: 'path', ellipsis: true, render: orDash },
    {
      key: 'enabled',
      title: '状态',
      dataIndex: 'enabled',
      align: 'center',
      render: (v: boolean, m) => (
        <Space size={4}>
          <StatusTag enabled={v} />
          {m.hidden && <Tag>隐藏</Tag>}
        </Space>
      ),
    },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', render: (v: number) => formatTime(v) },
    {
      key: 'actions',
      title: '操作',
      hideable: false,
      fixed: 'right',
      render: (_v, m) => (
        <Space size={0}>
          <EditAction perms={[P.edit]} onClick={() => editor.openEdit(m)} />
          {m.menuType !== 'F' && (
            <RowAction perms={[P.add]} icon={<PlusOutlined />} onClick={() => openAdd(m)}>
              新增
            </RowAction>
          )}
          <DeleteAction perms={[P.remove]} what={`菜单${quoted(m.menuName)}`} onConfirm={() => remove.mutateAsync(m.id)} />
        </Space>
      ),
    },
  ];

  return (
    <CrudPage>
      <QueryBar<MenuQuery>
        hidden={!showSearch}
        onSearch={locate}
        onReset={() => {
          setScope(undefined);
          setMatched(new Set());
          setOpened([]);
        }}
      >
        <Form.Item name="menuName" label="菜单名称">
          <Input placeholder="请输入菜单名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="menuScope" label="所属模块">
          <Select placeholder="全部模块" allowClear options={SCOPE_OPTIONS} style={{ width: 140 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<MenuNode>
        pageKey="system/menus"
        columns={columns}
        state={{ list: rows, fetching, refetch: () => Promise.all(levels.map((l) => l.refetch())) }}
        onToggleSearch={() => setShowSearch((s) => !s)}
        expandable={{
          expandedRowKeys: opened,
          onExpand: (open, m) => setOpened((o) => (open ? [...new Set([...o, m.id])] : o.filter((id) => id !== m.id))),
        }}
        toolbar={
          <>
            <AddButton perms={[P.add]} onClick={() => openAdd()} />
            <Button icon={<NodeCollapseOutlined />} disabled={!opened.length} onClick={() => setOpened([])}>
              折叠全部
            </Button>
          </>
        }
      />
      <MenuFormModal open={editor.open} record={editor.record} parent={editor.isEdit ? undefined : parent} onClose={editor.close} />
    </CrudPage>
  );
}
