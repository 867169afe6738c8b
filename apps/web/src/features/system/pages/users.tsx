import { useState } from 'react';
import { Col, Form, Input, Row, Select, Space, Tag, Tooltip } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { PERMS, type UserRow } from '@pdz/contracts';
import {
  AddButton,
  CrudPage,
  CrudTable,
  DeleteAction,
  EditAction,
  ExportButton,
  QueryBar,
  RemoveButton,
  RowAction,
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
import { changeUserStatus, fetchUsers, removeUsers, USER_EXPORT_URL, USER_KEY } from '../api/user';
import { DeptTreePanel } from '../components/DeptTreePanel';
import { UserFormModal } from '../components/UserFormModal';
import { ResetPwdModal } from '../components/ResetPwdModal';
import { STATUS_OPTIONS } from '../components/common';

interface UserQuery extends Record<string, unknown> {
  userName?: string;
  phone?: string;
  enabled?: string;
  deptId?: number;
}

const P = PERMS.user;
/** The number means little to operators; 列设置 can show it. */
const DEFAULT_HIDDEN = ['id'];

/** 用户管理: department tree, query, list, add/edit, reset password, status, delete, export. */
export default function UsersPage() {
  const list = useCrudList<UserRow, UserQuery>(USER_KEY, fetchUsers, {});
  const [showSearch, setShowSearch] = useState(true);
  const editor = useEditor<UserRow>();
  const pwd = useEditor<UserRow>();

  const remove = useCrudMutation((ids: number[]) => removeUsers(ids), {
    invalidate: [USER_KEY],
    success: '删除成功',
    onSuccess: (_r, ids) => list.afterRemove(ids.length),
  });
  const status = useCrudMutation((v: { id: number; enabled: boolean }) => changeUserStatus(v.id, v.enabled), {
    invalidate: [USER_KEY],
    success: (_r, v) => (v.enabled ? '启用成功' : '停用成功'),
  });

  const selected = list.list.filter((u) => list.selectedRowKeys.includes(u.id));

  const columns: CrudColumn<UserRow>[] = [
    { key: 'id', title: '用户编号', dataIndex: 'id', sorter: true, width: 100 },
    { key: 'userName', title: '用户名', dataIndex: 'userName', sorter: true, ellipsis: true },
    { key: 'nickName', title: '姓名', dataIndex: 'nickName', render: orDash },
    { key: 'deptName', title: '部门', dataIndex: 'deptName', render: orDash },
    { key: 'phone', title: '手机号码', dataIndex: 'phone', render: orDash },
    {
      key: 'roles',
      title: '角色',
      dataIndex: 'roleNames',
      render: (names: string[]) =>
        names.length ? (
          <Space size={[0, 4]} wrap>
            {names.map((n) => (
              <Tag key={n}>{n}</Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    {
      key: 'enabled',
      title: '状态',
      dataIndex: 'enabled',
      align: 'center',
      render: (_v, u) => (
        <StatusSwitch
          perms={[P.edit]}
          checked={u.enabled}
          disabled={u.builtIn}
          what={`用户${quoted(u.userName)}`}
          onChange={(enabled) => status.mutateAsync({ id: u.id, enabled })}
        />
      ),
    },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', sorter: true, render: (v: number) => formatTime(v) },
    {
      key: 'lastLoginAt',
      title: '最近登录',
      dataIndex: 'lastLoginAt',
      sorter: true,
      render: (v: number | null, u) => (v ? <Tooltip title={u.lastLoginIp ? `IP：${u.lastLoginIp}` : undefined}>{formatTime(v)}</Tooltip> : '从未登录'),
    },
    {
      key: 'actions',
      title: '操作',
      hideable: false,
      fixed: 'right',
      render: (_v, u) => (
        <Space size={0}>
          <EditAction perms={[P.edit]} onClick={() => editor.openEdit(u)} />
          <RowAction perms={[P.resetPwd]} icon={<KeyOutlined />} onClick={() => pwd.openEdit(u)}>
            重置密码
          </RowAction>
          <DeleteAction perms={[P.remove]} disabled={u.builtIn} what={`用户${quoted(u.userName)}`} onConfirm={() => remove.mutateAsync([u.id])} />
        </Space>
      ),
    },
  ];

  return (
    <Row gutter={[12, 12]} className="system-users">
      <Col xs={24} md={7} lg={6} xl={5}>
        <CrudPage>
          <DeptTreePanel value={list.filters.deptId} onChange={(deptId) => list.search({ deptId })} />
        </CrudPage>
      </Col>
      <Col xs={24} md={17} lg={18} xl={19}>
        <CrudPage>
          <QueryBar<UserQuery>
            hidden={!showSearch}
            onSearch={(v) => list.replaceFilters({ ...v, deptId: list.filters.deptId })}
            onReset={list.reset}
          >
            <Form.Item name="userName" label="用户名">
              <Input placeholder="请输入用户名或姓名" allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="phone" label="手机号码">
              <Input placeholder="请输入手机号码" allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="enabled" label="状态">
              <Select placeholder="用户状态" allowClear options={STATUS_OPTIONS} style={{ width: 120 }} />
            </Form.Item>
          </QueryBar>
          <CrudTable<UserRow>
            pageKey="system/users"
            defaultHidden={DEFAULT_HIDDEN}
            columns={columns}
            state={list}
            selectable={(u) => !u.builtIn}
            onToggleSearch={() => setShowSearch((s) => !s)}
            toolbar={
              <>
                <AddButton perms={[P.add]} onClick={() => editor.openAdd()} />
                <RemoveButton
                  perms={[P.remove]}
                  count={selected.length}
                  what={describeSelection('用户', selected.map((u) => u.userName))}
                  onConfirm={() => remove.mutateAsync(selected.map((u) => u.id))}
                />
                <ExportButton perms={[P.export]} url={USER_EXPORT_URL} params={list.exportParams} baseName="用户数据" />
              </>
            }
          />
        </CrudPage>
      </Col>
      <UserFormModal open={editor.open} record={editor.record} deptId={list.filters.deptId} onClose={editor.close} />
      <ResetPwdModal open={pwd.open} user={pwd.record} onClose={pwd.close} />
    </Row>
  );
}
