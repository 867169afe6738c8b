import { Col, Form, Input, InputNumber, Radio, Row } from 'antd';
import { GATEWAY_PROTOCOLS, gatewaySaveBody, type GatewayRow, type GatewaySecretResult } from '@pdz/contracts';
import { FormModal, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { saveGateway, updateGateway, useGatewayDetail, GATEWAY_KEY } from '../api/gateway';
import { STATION_KEY } from '../api/station';
import { gatewayBody, gatewayForm, type RawForm } from './siteForms';
import { RemarkField, StationField } from './SiteFormFields';

const F = gatewaySaveBody.shape;

export interface SiteGatewayFormModalProps {
  open: boolean;
  id?: number;
  stationId?: number;
  onClose: () => void;
  /** 新增 answers the secret, to be shown once. */
  onCreated: (secret: GatewaySecretResult) => void;
}

/** 新增网关 / 修改网关. The code names the gateway's MQTT topic, so it is unique across all customers. */
export function SiteGatewayFormModal({ open, id, stationId, onClose, onCreated }: SiteGatewayFormModalProps) {
  const isEdit = id !== undefined;
  const detail = useGatewayDetail(open ? id : undefined);
  const save = useCrudMutation(
    (v: { id?: number; body: ReturnType<typeof gatewayBody> }) => (v.id ? updateGateway({ ...v.body, id: v.id }).then(() => undefined) : saveGateway(v.body)),
    {
      invalidate: [GATEWAY_KEY, STATION_KEY],
      success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
      onSuccess: (r) => r && onCreated(r),
    },
  );
  const row: GatewayRow | undefined = isEdit ? detail.data : undefined;
  const initialValues: RawForm = row ? gatewayForm(row) : { stationId, protocol: 'mqtt', reportIntervalS: 60 };

  return (
    <FormModal<RawForm>
      title={isEdit ? '修改网关' : '新增网关'}
      open={open}
      onClose={onClose}
      width={720}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={initialValues}
      onSubmit={(values) => save.mutateAsync({ id, body: gatewayBody(values) })}
    >
      <Row gutter={16}>
        <StationField />
        <Col xs={24} sm={12}>
          <Form.Item name="protocol" label="接入协议" rules={[{ required: true, message: '请选择接入协议' }]}>
            <Radio.Group options={GATEWAY_PROTOCOLS.map((p) => ({ label: p.label, value: p.value }))} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="code"
            label="网关编号"
            rules={schemaRules(F.code, { required: '网关编号' })}
            extra={isEdit ? '改编号后，网关需改用新的上报主题' : '全局唯一，也是 MQTT 用户名'}
          >
            <Input placeholder="如 GW-HDZH-001" maxLength={64} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="网关名称" rules={schemaRules(F.name, { required: '网关名称' })}>
            <Input placeholder="如 1号配电房采集网关" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="model" label="网关型号" rules={schemaRules(F.model)}>
            <Input placeholder="请输入网关型号" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="manufacturer" label="生产厂家" rules={schemaRules(F.manufacturer)}>
            <Input placeholder="请输入生产厂家" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="ip" label="IP地址" rules={schemaRules(F.ip)}>
            <Input placeholder="如 192.168.1.10" maxLength={15} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="reportIntervalS" label="上报周期" rules={schemaRules(F.reportIntervalS, { required: '上报周期' })} extra="网关向平台上报数据的间隔">
            <InputNumber min={5} max={86400} precision={0} suffix="秒" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <RemarkField schema={F.remark} />
      </Row>
    </FormModal>
  );
}
