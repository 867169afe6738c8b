import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { pointEditBody, type PointRow } from '@pdz/contracts';
import { FormModal, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { editPoint, pointKeyOf } from '../api/point';
import { ALARM_CONFIG_KEY } from '../api/alarm-config';
import { pointEditRequest } from './pointEdits';
import { POINT_RATIO_OPTIONS } from './PointTags';

const F = pointEditBody.shape;

interface PointFormFields {
  name: string;
  unit?: string | null;
  precision: number;
  ratio: string;
  orderNum: number;
  isTag: boolean;
  enabled: boolean;
}

/** 修改测点: what may change after creation (the key and kind are fixed). */
export function PointFormModal({ point, onClose }: { point?: PointRow; onClose: () => void }) {
  const save = useCrudMutation(editPoint, {
    invalidate: point ? [pointKeyOf(point.equipmentId), ALARM_CONFIG_KEY] : [],
    success: '修改成功',
  });
  return (
    <FormModal<PointFormFields>
      title="修改测点"
      open={!!point}
      onClose={onClose}
      width={640}
      initialValues={
        point && { name: point.name, unit: point.unit, precision: point.precision, ratio: point.ratio ?? '', orderNum: point.orderNum, isTag: point.isTag, enabled: point.enabled }
      }
      onSubmit={(v) => save.mutateAsync(pointEditRequest(point!, { ...v, ratio: v.ratio === '' ? null : (v.ratio as PointRow['ratio']) }))}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item label="测点标识">
            <Input value={point?.pointKey} disabled />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item label="测点类型">
            <Input value={point?.kindName} disabled />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="测点名称" rules={schemaRules(F.name, { required: '测点名称' })}>
            <Input placeholder="请输入测点名称" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="unit" label="单位" rules={schemaRules(F.unit)} extra="如 V、A、kW、kvar、kWh、℃、%RH">
            <Input placeholder="无单位可留空" maxLength={16} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="precision" label="小数位数" rules={schemaRules(F.precision, { required: '小数位数' })}>
            <InputNumber min={0} max={6} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="ratio" label="变比换算" extra="上送二次值时按所选变比换算">
            <Select options={POINT_RATIO_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="orderNum" label="显示顺序" rules={schemaRules(F.orderNum.unwrap(), { required: '显示顺序' })}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="isTag" label="实时标签" valuePropName="checked" labelCol={{ flex: '80px' }}>
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6}>
          <Form.Item name="enabled" label="启用" valuePropName="checked" labelCol={{ flex: '60px' }}>
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
