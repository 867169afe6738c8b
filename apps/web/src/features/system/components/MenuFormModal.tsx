import { useMemo } from 'react';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch, Tooltip, TreeSelect } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { MENU_TYPES, MENU_TYPE_LABELS, menuAddBody, type MenuRow, type MenuTreeNode } from '@pdz/contracts';
import { FormModal, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { addMenu, editMenu, MENU_KEY, useMenuTree, type MenuFormValues } from '../api/menu';
import { IconSelect } from './IconSelect';
import { SCOPE_OPTIONS } from './menuScope';
import { STATUS_RADIO } from './common';

const F = menuAddBody.shape;

type PickNode = { value: number; title: string; disabled?: boolean; children?: PickNode[] };

/** Parent choices: directories and pages (buttons hold nothing), never the menu itself or below it. */
function pickNodes(list: MenuTreeNode[], selfId?: number): PickNode[] {
  return list
    .filter((m) => m.menuType !== 'F' && m.id !== selfId)
    .map((m) => {
      const children = pickNodes(m.children ?? [], selfId);
      return { value: m.id, title: m.menuName, children: children.length ? children : undefined };
    });
}

function Hint({ label, tip }: { label: string; tip: string }) {
  return (
    <span>
      {label}{' '}
      <Tooltip title={tip}>
        <QuestionCircleOutlined />
      </Tooltip>
    </span>
  );
}

export interface MenuFormModalProps {
  open: boolean;
  record?: MenuRow;
  /** 新增 under this menu (a row's 新增), with its module. */
  parent?: Pick<MenuRow, 'id' | 'menuScope' | 'menuType'>;
  onClose: () => void;
}

/** 新增菜单 / 修改菜单: the fields follow the type (目录 / 菜单 / 按钮). */
export function MenuFormModal({ open, record, parent, onClose }: MenuFormModalProps) {
  const isEdit = !!record;
  const tree = useMenuTree(open);
  const [form] = Form.useForm<MenuFormValues>();
  const type = Form.useWatch('menuType', form) ?? record?.menuType ?? 'M';
  const isFrame = Form.useWatch('isFrame', form);
  const parents = useMemo(() => [{ value: 0, title: '主类目', children: pickNodes(tree.data ?? [], record?.id) }], [tree.data, record?.id]);
  const save = useCrudMutation((v: MenuFormValues & { id?: number }) => (v.id ? editMenu({ ...v, id: v.id }) : addMenu(v)), {
    invalidate: [MENU_KEY],
    success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
  });

  const initialValues: Partial<MenuFormValues> = record
    ? { ...record }
    : {
        parentId: parent?.id ?? 0,
        // A page's children are its buttons; otherwise a directory is the likely next step.
        menuType: parent?.menuType === 'C' ? 'F' : parent ? 'C' : 'M',
        menuScope: parent?.menuScope ?? 'all',
        orderNum: 0,
        hidden: false,
        affix: false,
        keepAlive: false,
        isFrame: false,
        enabled: true,
      };

  return (
    <FormModal<MenuFormValues>
      title={isEdit ? '修改菜单' : '新增菜单'}
      open={open}
      onClose={onClose}
      width={720}
      form={form}
      initialValues={initialValues}
      onSubmit={(v) => {
        // Fields of another type are not shown, so they are not sent as stale values either.
        const body: MenuFormValues = { ...(initialValues as MenuFormValues), ...v };
        if (v.menuType === 'F') Object.assign(body, { path: null, component: null, icon: null, hidden: false, affix: false, keepAlive: false, isFrame: false });
        if (v.menuType === 'M') Object.assign(body, { component: null, perms: null, affix: false, keepAlive: false });
        return save.mutateAsync({ ...body, id: record?.id });
      }}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="parentId" label="上级菜单" rules={[{ required: true, message: '请选择上级菜单' }]}>
            <TreeSelect treeData={parents} placeholder="请选择上级菜单" showSearch treeNodeFilterProp="title" treeDefaultExpandedKeys={[0]} loading={tree.isLoading} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="menuType" label="菜单类型" rules={[{ required: true, message: '请选择菜单类型' }]}>
            <Radio.Group options={MENU_TYPES.map((t) => ({ label: MENU_TYPE_LABELS[t], value: t }))} />
          </Form.Item>
        </Col>
        {type !== 'F' && (
          <Col span={24}>
            <Form.Item name="icon" label="菜单图标">
              <IconSelect />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="menuName" label="菜单名称" rules={schemaRules(F.menuName, { required: '菜单名称' })}>
            <Input placeholder="请输入菜单名称" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="orderNum" label="显示顺序" rules={schemaRules(F.orderNum, { required: '显示顺序' })}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {type !== 'F' && (
          <>
            <Col xs={24} sm={12}>
              <Form.Item
                name="path"
                label={<Hint label="路由地址" tip={isFrame ? '外链地址，以 http(s):// 开头' : '访问的路由地址，如 user；顶层目录以 / 开头，如 /system'} />}
                rules={schemaRules(F.path, { required: '路由地址' })}
              >
                <Input placeholder={isFrame ? '请输入外链地址' : '请输入路由地址'} maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="menuScope" label={<Hint label="所属模块" tip="用户选择模块后，侧边栏只显示该模块的菜单；“通用”在所有模块中显示" />}>
                <Select options={SCOPE_OPTIONS} />
              </Form.Item>
            </Col>
          </>
        )}
        {type === 'C' && (
          <Col xs={24} sm={12}>
            <Form.Item name="component" label={<Hint label="组件路径" tip="页面在前端的组件键，如 system/users" />} rules={schemaRules(F.component)}>
              <Input placeholder="请输入组件路径" maxLength={255} />
            </Form.Item>
          </Col>
        )}
        {type !== 'M' && (
          <Col xs={24} sm={12}>
            <Form.Item
              name="perms"
              label={<Hint label="权限字符" tip="如 system:user:list；按钮的权限字符决定页面上哪些操作可见" />}
              rules={schemaRules(F.perms, type === 'F' ? { required: '权限字符' } : {})}
            >
              <Input placeholder="请输入权限字符" maxLength={100} />
            </Form.Item>
          </Col>
        )}
        {type !== 'F' && (
          <>
            <Col xs={24} sm={12}>
              <Form.Item name="isFrame" label="是否外链" valuePropName="checked">
                <Switch checkedChildren="是" unCheckedChildren="否" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="hidden" label={<Hint label="隐藏" tip="隐藏后不在侧边栏显示，但仍可访问" />} valuePropName="checked">
                <Switch checkedChildren="是" unCheckedChildren="否" />
              </Form.Item>
            </Col>
          </>
        )}
        {type === 'C' && (
          <>
            <Col xs={24} sm={12}>
              <Form.Item name="keepAlive" label={<Hint label="缓存" tip="切换标签页时保留页面状态" />} valuePropName="checked">
                <Switch checkedChildren="是" unCheckedChildren="否" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="affix" label={<Hint label="固定" tip="固定在标签栏，不能关闭" />} valuePropName="checked">
                <Switch checkedChildren="是" unCheckedChildren="否" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col span={24}>
          <Form.Item name="enabled" label="菜单状态">
            <Radio.Group options={STATUS_RADIO} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
