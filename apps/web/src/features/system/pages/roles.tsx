import { useState } from 'react';
import { Form, Input, Select, Space, Tag, Typography } from 'antd';
import { DATA_SCOPE_LABELS, PERMS, type RoleRow } from '@pdz/contracts';
import {
  AddButton,
  CrudPage,
  CrudTable,
  DeleteAction,
  EditAction,
  QueryBar,
  RemoveButton,
  StatusSwitch,
  describeSelection,
  formatTime,
  orDash,
  quoted,
  useCrudList,
  useCrudMutation,
  useEditor,
  type CrudColumn,
} from '@/components/crud';
import { changeRoleStatus, fetchRoles, removeRoles, ROLE_KEY } from '../api/role';
import { USER_KEY } from '../api/user';
import { RoleDrawer } from '../components/RoleDrawer';
import { STATUS_OPTIONS } from '../components/common';

interface RoleQuery extends Record<string, unknown> {
  roleName?: string;
  roleKey?: string;
  enabled?: string;
}

const P = PERMS.role;

/** 角色管理: roles with their menu permissions and data scope. */
export default function RolesPage() {
  const list = useCrudList<RoleRow, RoleQuery>(ROLE_KEY, fetchRoles, {}, { sort: { orderBy: 'orderNum', order: 'asc' } });
  const [showSearch, setShowSearch] = useState(true);
  const editor = useEditor<RoleRow>();

  const remove = useCrudMutation((ids: number[]) => removeRoles(ids), {
    invalidate: [ROLE_KEY, USER_KEY],
    success: '删除成功',
    onSuccess: (_r, ids) => list.afterRemove(ids.length),
  });
  const status = useCrudMutation((v: { id: number; enabled: boolean }) => changeRoleStatus(v.id, v.enabled), {
    invalidate: [ROLE_KEY],
    success: (_r, v) => (v.enabled ? '启用成功' : '停用成功'),
  });
  const selected = list.list.filter((r) => list.selectedRowKeys.includes(r.id));

  const columns: CrudColumn<RoleRow>[] = [
    { key: 'id', title: '角色编号', dataIndex: 'id', sorter: true, width: 100 },
    {
      key: 'roleName',
      title: '角色名称',
      dataIndex: 'roleName',
      render: (v: string, r) => (
        <Space size={4}>
          {v}
          {r.builtIn && <Tag color="gold">内置</Tag>}
        </Space>
      ),
    },
    { key: 'roleKey', title: '权限字符', dataIndex: 'roleKey', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { key: 'orderNum', title: '显示顺序', dataIndex: 'orderNum', sorter: true, align: 'center' },
    { key: 'dataScope', title: '数据范围', dataIndex: 'dataScope', render: (v: RoleRow['dataScope']) => DATA_SCOPE_LABELS[v] ?? v },
    { key: 'userCount', title: '用户数', dataIndex: 'userCount', align: 'center' },
    {
      key: 'enabled',
      title: '状态',
      dataIndex: 'enabled',
      align: 'center',
      render: (_v, r) => (
        <StatusSwitch
          perms={[P.edit]}
          checked={r.enabled}
          disabled={r.builtIn}
          what={`角色${quoted(r.roleName)}`}
          onChange={(enabled) => status.mutateAsync({ id: r.id, enabled })}
        />
      ),
    },
    { key: 'remark', title: '备注', dataIndex: 'remark', ellipsis: true, render: orDash },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', sorter: true, render: (v: number) => formatTime(v) },
    {
      key: 'actions',
      title: '操作',
      hideable: false,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={0}>
          <EditAction perms={[P.edit]} onClick={() => editor.openEdit(r)} />
          <DeleteAction perms={[P.remove]} disabled={r.builtIn} what={`角色${quoted(r.roleName)}`} onConfirm={() => remove.mutateAsync([r.id])} />
        </Space>
      ),
    },
  ];

  return (
    <CrudPage>
      <QueryBar<RoleQuery> hidden={!showSearch} onSearch={list.replaceFilters} onReset={list.reset}>
        <Form.Item name="roleName" label="角色名称">
          <Input placeholder="请输入角色名称" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="roleKey" label="权限字符">
          <Input placeholder="请输入权限字符" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="enabled" label="状态">
          <Select placeholder="角色状态" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
        </Form.Item>
      </QueryBar>
      <CrudTable<RoleRow>
        pageKey="system/roles"
        columns={columns}
        state={list}
        selectable={(r) => !r.builtIn}
        onToggleSearch={() => setShowSearch((s) => !s)}
        toolbar={
          <>
            <AddButton perms={[P.add]} onClick={() => editor.openAdd()} />
            <RemoveButton
              perms={[P.remove]}
              count={selected.length}
              what={describeSelection('角色', selected.map((r) => r.roleName))}
              onConfirm={() => remove.mutateAsync(selected.map((r) => r.id))}
            />
          </>
        }
      />
      <RoleDrawer open={editor.open} record={editor.record} onClose={editor.close} />
    </CrudPage>
  );
}
