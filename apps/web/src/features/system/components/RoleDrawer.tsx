import { useMemo } from 'react';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { DATA_SCOPES, DATA_SCOPE_LABELS, roleAddBody, type DeptTreeSelectNode, type MenuTreeNode, type RoleRow } from '@pdz/contracts';
import { FormDrawer, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { addRole, editRole, ROLE_KEY, useRoleDetail, type RoleFormValues } from '../api/role';
import { USER_KEY } from '../api/user';
import { useMenuTree } from '../api/menu';
import { useDeptTreeSelect } from '../api/dept';
import { CheckTree, type CheckTreeNode } from './CheckTree';
import { STATUS_RADIO } from './common';

const F = roleAddBody.shape;
const SCOPE_OPTIONS = DATA_SCOPES.map((s) => ({ label: DATA_SCOPE_LABELS[s], value: s }));

function menuNodes(list: MenuTreeNode[] | undefined): CheckTreeNode[] {
  return (list ?? []).map((m) => ({
    key: m.id,
    title: m.enabled ? m.menuName : `${m.menuName}（已停用）`,
    children: m.children?.length ? menuNodes(m.children) : undefined,
  }));
}

function deptNodes(list: DeptTreeSelectNode[] | undefined): CheckTreeNode[] {
  return (list ?? []).map((d) => ({ key: d.id, title: d.label, children: d.children?.length ? deptNodes(d.children) : undefined }));
}

/** 新增角色 / 修改角色: basics, data scope (with departments when 自定义), menu permissions. */
export function RoleDrawer({ open, record, onClose }: { open: boolean; record?: RoleRow; onClose: () => void }) {
  const isEdit = !!record;
  const detail = useRoleDetail(open && record ? record.id : undefined);
  const menus = useMenuTree(open);
  const depts = useDeptTreeSelect(open);
  const menuTree = useMemo(() => menuNodes(menus.data), [menus.data]);
  const deptTree = useMemo(() => deptNodes(depts.data), [depts.data]);
  const [form] = Form.useForm<RoleFormValues>();
  const scope = Form.useWatch('dataScope', form);
  const save = useCrudMutation((v: RoleFormValues & { id?: number }) => (v.id ? editRole({ ...v, id: v.id }) : addRole(v)), {
    // Role names show in the user list too.
    invalidate: [ROLE_KEY, USER_KEY],
    success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
  });

  const role = isEdit ? detail.data : undefined;
  const initialValues: Partial<RoleFormValues> = role
    ? {
        roleName: role.roleName,
        roleKey: role.roleKey,
        orderNum: role.orderNum,
        dataScope: role.dataScope,
        menuIds: role.menuIds,
        deptIds: role.deptIds,
        enabled: role.enabled,
        remark: role.remark,
      }
    : { orderNum: 0, dataScope: 'self', menuIds: [], deptIds: [], enabled: true };

  return (
    <FormDrawer<RoleFormValues>
      title={isEdit ? '修改角色' : '新增角色'}
      open={open}
      onClose={onClose}
      width={640}
      form={form}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={initialValues}
      onSubmit={(v) =>
        save.mutateAsync({
          ...v,
          // Departments only mean something for 自定义数据; anything else would be stale.
          deptIds: v.dataScope === 'custom' ? (v.deptIds ?? []) : [],
          menuIds: v.menuIds ?? [],
          id: role?.id,
        })
      }
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="roleName" label="角色名称" rules={schemaRules(F.roleName, { required: '角色名称' })}>
            <Input placeholder="请输入角色名称" maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="roleKey"
            label={
              <span>
                权限字符{' '}
                <Tooltip title="程序中识别角色用的标识，如 ops、dispatcher；保存后尽量不要修改">
                  <QuestionCircleOutlined />
                </Tooltip>
              </span>
            }
            rules={schemaRules(F.roleKey, { required: '权限字符' })}
          >
            <Input placeholder="请输入权限字符" maxLength={64} disabled={role?.builtIn} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="orderNum" label="显示顺序" rules={schemaRules(F.orderNum, { required: '显示顺序' })}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="enabled" label="状态">
            <Radio.Group options={STATUS_RADIO} disabled={role?.builtIn} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="dataScope" label="数据范围" rules={[{ required: true, message: '请选择数据范围' }]} extra="该角色的用户能看到哪些部门的数据">
        <Select options={SCOPE_OPTIONS} placeholder="请选择数据范围" />
      </Form.Item>
      {scope === 'custom' && (
        <Form.Item
          name="deptIds"
          label="数据权限"
          rules={[{ validator: async (_r, v: number[] | undefined) => { if (!v?.length) throw new Error('请选择自定义数据范围包含的部门'); } }]}
        >
          <CheckTree treeData={deptTree} loading={depts.isLoading} height={200} emptyText="暂无部门" />
        </Form.Item>
      )}
      <Form.Item name="menuIds" label="菜单权限">
        <CheckTree treeData={menuTree} loading={menus.isLoading} emptyText="暂无菜单" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={schemaRules(F.remark)}>
        <Input.TextArea placeholder="请输入内容" maxLength={255} rows={2} showCount />
      </Form.Item>
    </FormDrawer>
  );
}
