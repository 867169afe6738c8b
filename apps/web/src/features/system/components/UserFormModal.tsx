import { useMemo } from 'react';
import { Col, Form, Input, Radio, Row, Select, TreeSelect } from 'antd';
import { userAddBody, type UserRow } from '@pdz/contracts';
import { FormModal, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { addUser, editUser, useUserDetail, USER_KEY, type UserFormValues } from '../api/user';
import { useRoleOptions, useSkipRoles } from '../api/role';
import { useDeptTreeSelect } from '../api/dept';
import { STATUS_RADIO } from './common';

const F = userAddBody.shape;

export interface UserFormModalProps {
  open: boolean;
  /** undefined: 新增. */
  record?: UserRow;
  /** Preset department for 新增 (the one chosen in the tree). */
  deptId?: number;
  onClose: () => void;
}

/** 新增用户 / 修改用户. */
export function UserFormModal({ open, record, deptId, onClose }: UserFormModalProps) {
  const isEdit = !!record;
  const detail = useUserDetail(open && record ? record.id : undefined);
  const roles = useRoleOptions(open);
  const skip = useSkipRoles(open);
  const depts = useDeptTreeSelect(open);
  const save = useCrudMutation((v: UserFormValues & { id?: number }) => (v.id ? editUser({ ...v, id: v.id }) : addUser(v)), {
    invalidate: [USER_KEY],
    success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
  });

  const user = isEdit ? detail.data : undefined;
  const skipIds = useMemo(() => new Set((skip.data ?? []).map((r) => r.id)), [skip.data]);
  // Roles this operator may not grant are left out, except those the user already holds:
  // those show greyed out and are kept on save, so editing a user never strips them.
  const roleOptions = useMemo(
    () =>
      (roles.data ?? [])
        .filter((r) => !skipIds.has(r.id) || user?.roleIds.includes(r.id))
        .map((r) => ({ label: r.roleName, value: r.id, disabled: skipIds.has(r.id) })),
    [roles.data, skipIds, user],
  );

  const initialValues: UserFormValues = user
    ? {
        userName: user.userName,
        nickName: user.nickName,
        deptId: user.deptId,
        phone: user.phone,
        email: user.email,
        remark: user.remark,
        roleIds: user.roleIds,
        enabled: user.enabled,
      }
    : { deptId: deptId ?? null, roleIds: [], enabled: true };

  return (
    <FormModal<UserFormValues>
      title={isEdit ? '修改用户' : '新增用户'}
      open={open}
      onClose={onClose}
      width={720}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={initialValues}
      onSubmit={async (values) => {
        if (!user) return save.mutateAsync(values);
        const { userName: _u, password: _p, ...rest } = values;
        const kept = user.roleIds.filter((id) => skipIds.has(id));
        return save.mutateAsync({ ...rest, id: user.id, roleIds: [...new Set([...(rest.roleIds ?? []), ...kept])] });
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="userName" label="用户名" rules={isEdit ? undefined : schemaRules(F.userName, { required: '用户名' })}>
            <Input placeholder="请输入用户名" maxLength={32} disabled={isEdit} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nickName" label="姓名" rules={schemaRules(F.nickName)}>
            <Input placeholder="请输入姓名" maxLength={64} />
          </Form.Item>
        </Col>
        {!isEdit && (
          <Col xs={24} sm={12}>
            <Form.Item name="password" label="密码" rules={schemaRules(F.password, { required: '密码' })} extra="8–64 位，须同时包含字母和数字">
              <Input.Password placeholder="请输入密码" maxLength={64} autoComplete="new-password" />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="deptId" label="归属部门">
            <TreeSelect
              placeholder="请选择归属部门"
              allowClear
              treeDefaultExpandAll
              showSearch
              treeNodeFilterProp="label"
              loading={depts.isLoading}
              treeData={depts.data ?? []}
              fieldNames={{ label: 'label', value: 'id', children: 'children' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label="手机号码" rules={schemaRules(F.phone)}>
            <Input placeholder="请输入手机号码" maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="email" label="邮箱" rules={schemaRules(F.email)}>
            <Input placeholder="请输入邮箱" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="roleIds" label="角色">
            <Select mode="multiple" placeholder="请选择角色" loading={roles.isLoading} options={roleOptions} optionFilterProp="label" allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="enabled" label="状态">
            <Radio.Group options={STATUS_RADIO} disabled={user?.builtIn} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={schemaRules(F.remark)}>
            <Input.TextArea placeholder="请输入内容" maxLength={255} rows={3} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
