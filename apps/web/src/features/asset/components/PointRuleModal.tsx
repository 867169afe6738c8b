import { useState } from 'react';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Space, Switch, Typography } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import { PERMS, rawRuleEditBody, type EquipmentRow, type PointRow } from '@pdz/contracts';
import { FormModal, confirmAction, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { Auth } from '@/access/Auth';
import { pointKeyOf } from '../api/point';
import { removeRule, RULE_KEY, saveRule, useRuleOfPoint } from '../api/rule';
import { GatewaySelect } from './EquipmentSitePickers';
import { ruleRequest, scaledValue, suggestedRawTag } from './pointEdits';

const F = rawRuleEditBody.shape;

interface RuleFields {
  gatewayId: number;
  rawTag: string;
  scale: number;
  offset: number;
  enabled: boolean;
}

const scaleRules = [
  { required: true, message: '请输入系数' },
  {
    validator: async (_r: unknown, v: unknown) => {
      if (v === 0) throw new Error('系数不能为0');
    },
  },
];

/**
 * 原始标签绑定: which tag of which gateway feeds the point, and how the raw number becomes the
 * engineering value (value = raw × 系数 + 偏移量), with a live preview on a sample raw value.
 */
export function PointRuleModal({ equipment, point, onClose }: { equipment: EquipmentRow; point?: PointRow; onClose: () => void }) {
  const rule = useRuleOfPoint(point?.id);
  const [form] = Form.useForm<RuleFields>();
  const scale = Form.useWatch('scale', form);
  const offset = Form.useWatch('offset', form);
  const [sample, setSample] = useState<number | null>(100);
  const invalidate = point ? [pointKeyOf(equipment.id), RULE_KEY] : [];
  const save = useCrudMutation((v: RuleFields) => saveRule(ruleRequest(point!.id, v)), { invalidate, success: '保存成功' });
  const unbind = useCrudMutation(() => removeRule(point!.id), { invalidate, success: '已解除绑定', onSuccess: onClose });

  const current = rule.data;
  const initial: Partial<RuleFields> = current
    ? { gatewayId: current.gatewayId, rawTag: current.rawTag, scale: current.scale, offset: current.offset, enabled: current.enabled }
    : { gatewayId: equipment.gatewayId ?? undefined, rawTag: point ? suggestedRawTag(equipment.code, point.pointKey) : '', scale: 1, offset: 0, enabled: true };
  const preview = sample !== null && typeof scale === 'number' && scale !== 0 && typeof offset === 'number' ? scaledValue(sample, scale, offset, point?.precision ?? 2) : null;

  return (
    <FormModal<RuleFields>
      title={point ? `原始标签绑定：${point.name}（${point.pointKey}）` : '原始标签绑定'}
      open={!!point}
      onClose={onClose}
      width={640}
      form={form}
      loading={rule.isFetching && !rule.data}
      initialValues={initial}
      onSubmit={(v) => save.mutateAsync(v)}
    >
      <>
          {!current && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="该测点尚未绑定原始标签，已按“设备编号.测点标识”填好建议值。" />}
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item name="gatewayId" label="采集网关" rules={schemaRules(F.gatewayId, { required: '采集网关', select: true })} extra="设备所接网关或同一站点的其他网关">
                <GatewaySelect stationId={equipment.stationId} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label="原始标签" required extra="网关上报数据中该值的键名，在同一网关内唯一">
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="rawTag" noStyle rules={schemaRules(F.rawTag, { required: '原始标签' })}>
                    <Input placeholder="如 SZ01-M01.Ua" maxLength={128} />
                  </Form.Item>
                  <Button onClick={() => point && form.setFieldsValue({ rawTag: suggestedRawTag(equipment.code, point.pointKey) })}>使用建议值</Button>
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="scale" label="系数" rules={scaleRules} extra="寄存器整数的缩放，如 0.1、0.01">
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="offset" label="偏移量" rules={schemaRules(F.offset, { required: '偏移量' })}>
                <InputNumber style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label="换算预览">
                <div style={{ background: 'var(--ant-color-fill-quaternary)', borderRadius: 6, padding: '8px 12px' }}>
                  <Typography.Text type="secondary">工程值 = 原始值 × 系数 + 偏移量</Typography.Text>
                  <div style={{ marginTop: 6, display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
                    <InputNumber size="small" value={sample} onChange={(v) => setSample(typeof v === 'number' ? v : null)} style={{ width: 110 }} aria-label="试算原始值" />
                    <span>× {typeof scale === 'number' ? scale : '?'}</span>
                    <span>+ {typeof offset === 'number' ? offset : '?'}</span>
                    <span>=</span>
                    <Typography.Text strong>
                      {preview === null ? '-' : preview}
                      {point?.unit ? ` ${point.unit}` : ''}
                    </Typography.Text>
                  </div>
                </div>
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="enabled" label="启用规则" valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            {current && (
              <Col xs={24} sm={12} style={{ textAlign: 'right' }}>
                <Auth perms={[PERMS.point.edit]}>
                  <Button
                    danger
                    type="link"
                    icon={<DisconnectOutlined />}
                    onClick={() =>
                      confirmAction({
                        content: `是否确认解除测点“${point!.name}”与原始标签“${current.rawTag}”的绑定？解除后该测点不再接收数据。`,
                        danger: true,
                        onOk: () => unbind.mutateAsync(),
                      })
                    }
                  >
                    解除绑定
                  </Button>
                </Auth>
              </Col>
            )}
          </Row>
      </>
    </FormModal>
  );
}
