import { useMemo } from 'react';
import { Col, Form, Input, InputNumber, Radio, Row, TreeSelect } from 'antd';
import { deptAddBody, type DeptRow, type DeptTreeSelectNode } from '@pdz/contracts';
import { FormModal, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { addDept, DEPT_KEY, editDept, useDeptDetail, useDeptTreeSelect, type DeptFormValues } from '../api/dept';
import { USER_KEY } from '../api/user';
import { STATUS_RADIO } from './common';

const F = deptAddBody.shape;

type PickNode = { value: number; title: string; disabled: boolean; children?: PickNode[] };

/** Parent choices: a department cannot move under itself or its own subtree. */
function pickNodes(list: DeptTreeSelectNode[] | undefined, selfId?: number, inSelf = false): PickNode[] {
  return (list ?? []).map((d) => {
    const blocked = inSelf || d.id === selfId;
    return { value: d.id, title: d.label, disabled: d.disabled || blocked, children: d.children?.length ? pickNodes(d.children, selfId, blocked) : undefined };
  });
}

export interface DeptFormModalProps {
  open: boolean;
  record?: DeptRow;
  /** 新增 under this department (the row's 新增 button). */
  parentId?: number;
  onClose: () => void;
}

/** 新增部门 / 修改部门. The server explains refusals (moving under itself, disabling with active children …). */
export function DeptFormModal({ open, record, parentId, onClose }: DeptFormModalProps) {
  const isEdit = !!record;
  const detail = useDeptDetail(open && record ? record.id : undefined);
  const depts = useDeptTreeSelect(open);
  const tree = useMemo(() => pickNodes(depts.data, record?.id), [depts.data, record?.id]);
  const save = useCrudMutation((v: DeptFormValues & { id?: number }) => (v.id ? editDept({ ...v, id: v.id }) : addDept(v)), {
    // Department names show in the user list.
    invalidate: [DEPT_KEY, USER_KEY],
    success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
  });
  const dept = isEdit ? detail.data : undefined;
  const isTop = dept?.parentId === 0;
  const initialValues: Partial<DeptFormValues> = dept
    ? { parentId: dept.parentId, deptName: dept.deptName, orderNum: dept.orderNum, leader: dept.leader, phone: dept.phone, email: dept.email, enabled: dept.enabled }
    : { parentId, orderNum: 0, enabled: true };

  return (
    <FormModal<DeptFormValues>
      title={isEdit ? '修改部门' : '新增部门'}
      open={open}
      onClose={onClose}
      width={680}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={initialValues}
      onSubmit={(v) => save.mutateAsync({ ...v, parentId: isTop ? 0 : v.parentId, id: dept?.id })}
    >
      <Row gutter={16}>
        {!isTop && (
          <Col span={24}>
            <Form.Item name="parentId" label="上级部门" rules={[{ required: true, message: '请选择上级部门' }]}>
              <TreeSelect placeholder="请选择上级部门" treeDefaultExpandAll showSearch treeNodeFilterProp="title" loading={depts.isLoading} treeData={tree} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="deptName" label="部门名称" rules={schemaRules(F.deptName, { required: '部门名称' })}>
            <Input placeholder="请输入部门名称" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="orderNum" label="显示顺序" rules={schemaRules(F.orderNum, { required: '显示顺序' })}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="leader" label="负责人" rules={schemaRules(F.leader)}>
            <Input placeholder="请输入负责人" maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label="联系电话" rules={schemaRules(F.phone)}>
            <Input placeholder="请输入联系电话" maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="email" label="邮箱" rules={schemaRules(F.email)}>
            <Input placeholder="请输入邮箱" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="enabled" label="部门状态">
            <Radio.Group options={STATUS_RADIO} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
