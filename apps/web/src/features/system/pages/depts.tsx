import { useMemo, useState } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { NodeCollapseOutlined, NodeExpandOutlined, PlusOutlined } from '@ant-design/icons';
import { PERMS, type DeptTreeNode } from '@pdz/contracts';
import {
  AddButton,
  CrudPage,
  CrudTable,
  DeleteAction,
  EditAction,
  QueryBar,
  RowAction,
  flattenTree,
  formatTime,
  orDash,
  queryToParams,
  quoted,
  useCrudMutation,
  useEditor,
  type CrudColumn,
} from '@/components/crud';
import { DEPT_KEY, removeDept, useDeptTree } from '../api/dept';
import { USER_KEY } from '../api/user';
import { DeptFormModal } from '../components/DeptFormModal';
import { STATUS_OPTIONS, StatusTag } from '../components/common';

interface DeptQuery {
  deptName?: string;
  enabled?: string;
}

/** Leaves keep no `children`: an empty array would draw an expand arrow. */
function prune(nodes: DeptTreeNode[]): DeptTreeNode[] {
  return nodes.map((n) => (n.children?.length ? { ...n, children: prune(n.children) } : ({ ...n, children: undefined } as unknown as DeptTreeNode)));
}

const P = PERMS.dept;

/** 部门管理: the department tree as a table. */
export default function DeptsPage() {
  const [filters, setFilters] = useState<DeptQuery>({});
  const [showSearch, setShowSearch] = useState(true);
  const params = useMemo(() => queryToParams(filters as Record<string, unknown>) as { deptName?: string; enabled?: boolean }, [filters]);
  const query = useDeptTree(params);
  const rows = useMemo(() => prune(query.data ?? []), [query.data]);
  const allKeys = useMemo(() => flattenTree(rows).filter((n) => n.children?.length).map((n) => n.id), [rows]);
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  // Open everything until the operator folds something: department trees are shallow.
  const expandedKeys = expanded ?? allKeys;
  const editor = useEditor<DeptTreeNode>();
  const [addUnder, setAddUnder] = useState<number | undefined>();

  const remove = useCrudMutation((id: number) => removeDept(id), { invalidate: [DEPT_KEY, USER_KEY], success: '删除成功' });

  const columns: CrudColumn<DeptTreeNode>[] = [
    { key: 'deptName', title: '部门名称', dataIndex: 'deptName', hideable: false },
    { key: 'leader', title: '负责人', dataIndex: 'leader', render: orDash },
    { key: 'phone', title: '联系电话', dataIndex: 'phone', render: orDash },
    { key: 'email', title: '邮箱', dataIndex: 'email', render: orDash },
    { key: 'orderNum', title: '显示顺序', dataIndex: 'orderNum', align: 'center' },
    { key: 'enabled', title: '状态', dataIndex: 'enabled', align: 'center', render: (v: boolean) => <StatusTag enabled={v} /> },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', render: (v: number) => formatTime(v) },
    {
      key: 'actions',
      title: '操作',
      hideable: false,
      fixed: 'right',
      render: (_v, d) => (
        <Space size={0}>
          <EditAction perms={[P.edit]} onClick={() => editor.openEdit(d)} />
          <RowAction
            perms={[P.add]}
            icon={<PlusOutlined />}
            disabled={!d.enabled}
            title={d.enabled ? undefined : '部门已停用，不能新增下级部门'}
            onClick={() => {
              setAddUnder(d.id);
              editor.openAdd();
            }}
          >
            新增
          </RowAction>
          {d.parentId !== 0 && <DeleteAction perms={[P.remove]} what={`部门${quoted(d.deptName)}`} onConfirm={() => remove.mutateAsync(d.id)} />}
        </Space>
      ),
    },
  ];

  return (
    <CrudPage>
      <QueryBar<DeptQuery> hidden={!showSearch} onSearch={(v) => setFilters({ ...v })} onReset={() => setFilters({})}>
        <Form.Item name="deptName" label="部门名称">
          <Input placeholder="请输入部门名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="enabled" label="状态">
          <Select placeholder="部门状态" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<DeptTreeNode>
        pageKey="system/depts"
        columns={columns}
        state={{ list: rows, fetching: query.isFetching, refetch: query.refetch }}
        onToggleSearch={() => setShowSearch((s) => !s)}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        toolbar={
          <>
            <AddButton
              perms={[P.add]}
              onClick={() => {
                setAddUnder(undefined);
                editor.openAdd();
              }}
            />
            <Button icon={expandedKeys.length ? <NodeCollapseOutlined /> : <NodeExpandOutlined />} onClick={() => setExpanded(expandedKeys.length ? [] : allKeys)}>
              {expandedKeys.length ? '折叠全部' : '展开全部'}
            </Button>
          </>
        }
      />
      <DeptFormModal open={editor.open} record={editor.record} parentId={addUnder} onClose={editor.close} />
    </CrudPage>
  );
}
