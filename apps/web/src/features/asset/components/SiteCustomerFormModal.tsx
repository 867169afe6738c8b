import { useState } from 'react';
import { Col, Form, Input, Radio, Row, TreeSelect, Typography } from 'antd';
import { customerAddBody, type CustomerRow } from '@pdz/contracts';
import { FormModal } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { useDeptTreeSelect } from '@/features/system/api/dept';
import { addCustomer, editCustomer, useCustomerDetail, CUSTOMER_KEY } from '../api/customer';
import { CUSTOMER_TREE_KEY, TREE_KEY } from '../api/tree';
import { customerBody, customerForm, type RawForm } from './siteForms';
import { SiteLogoUpload } from './SiteLogoUpload';
import { RemarkField, useSiteSave } from './SiteFormFields';

const F = customerAddBody.shape;
const STATUS = [
  { label: '正常', value: true },
  { label: '停用', value: false },
];

export interface SiteCustomerFormModalProps {
  open: boolean;
  /** Edit this customer; undefined: 新增. */
  id?: number;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** 新增客户 / 修改客户, with the two logos (uploaded at once, so only when editing). */
export function SiteCustomerFormModal({ open, id, onClose, onSaved }: SiteCustomerFormModalProps) {
  const isEdit = id !== undefined;
  const detail = useCustomerDetail(open ? id : undefined);
  const depts = useDeptTreeSelect(open);
  const [images, setImages] = useState<{ logo?: string | null; minLogo?: string | null }>({});
  const save = useSiteSave(addCustomer, editCustomer, [CUSTOMER_KEY, CUSTOMER_TREE_KEY, TREE_KEY], onSaved);
  const row: CustomerRow | undefined = isEdit ? detail.data : undefined;
  const initialValues: RawForm = row ? customerForm(row) : { enabled: true };

  return (
    <FormModal<RawForm>
      title={isEdit ? '修改客户' : '新增客户'}
      open={open}
      onClose={() => {
        setImages({});
        onClose();
      }}
      width={720}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={initialValues}
      onSubmit={(values) => save.mutateAsync({ id, body: customerBody(values) })}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label="客户编号" rules={schemaRules(F.code, { required: '客户编号' })}>
            <Input placeholder="如 HDZH" maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="客户名称" rules={schemaRules(F.name, { required: '客户名称' })}>
            <Input placeholder="请输入客户名称" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="deptId" label="所属部门" extra="该部门（按数据权限）的用户可以看到此客户的资产；不选则为您所在的部门">
            <TreeSelect
              placeholder="请选择所属部门"
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
          <Form.Item name="enabled" label="状态">
            <Radio.Group options={STATUS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="contact" label="联系人" rules={schemaRules(F.contact)}>
            <Input placeholder="请输入联系人" maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label="联系电话" rules={schemaRules(F.phone)}>
            <Input placeholder="请输入11位手机号码" maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label="地址" rules={schemaRules(F.address)}>
            <Input placeholder="请输入地址" maxLength={255} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="标志图片">
            {row ? (
              <Row gutter={[16, 8]}>
                <Col xs={24} sm={14}>
                  <SiteLogoUpload customerId={row.id} field="logo" value={images.logo !== undefined ? images.logo : row.logo} onUploaded={(v) => setImages((s) => ({ ...s, logo: v }))} />
                </Col>
                <Col xs={24} sm={10}>
                  <SiteLogoUpload customerId={row.id} field="minLogo" value={images.minLogo !== undefined ? images.minLogo : row.minLogo} onUploaded={(v) => setImages((s) => ({ ...s, minLogo: v }))} />
                </Col>
              </Row>
            ) : (
              <Typography.Text type="secondary">保存客户后，可在“修改”中上传标志和小标志</Typography.Text>
            )}
          </Form.Item>
        </Col>
        <RemarkField schema={F.remark} rows={3} />
      </Row>
    </FormModal>
  );
}
