import { Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CAPACITOR_CONNECTIONS, capacitorAddBody, type CapacitorRow } from '@pdz/contracts';
import { FormModal, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { addCapacitor, CAPACITOR_KEY, editCapacitor, useCapacitorDetail, type CapacitorFormValues } from '../api/capacitor';
import { useEquipmentOptions } from '../api/equipment';
import { CabinetSelect, StationSelect } from './EquipmentSitePickers';
import { capacitorRequest, stepKvar } from './capacitorForm';

const F = capacitorAddBody.shape;
const CONNECTION_OPTIONS = CAPACITOR_CONNECTIONS.map((c) => ({ value: c.value, label: c.label }));

export interface CapacitorFields extends Omit<CapacitorFormValues, 'installDate'> {
  installDate?: Dayjs | null;
}

/** 新增电容器 / 修改电容器. */
export function CapacitorFormModal({ open, record, onClose }: { open: boolean; record?: CapacitorRow; onClose: () => void }) {
  const isEdit = !!record;
  const detail = useCapacitorDetail(open && record ? record.id : undefined);
  const [form] = Form.useForm<CapacitorFields>();
  const stationId = Form.useWatch('stationId', form);
  const capacity = Form.useWatch('capacityKvar', form);
  const steps = Form.useWatch('steps', form);
  const controllers = useEquipmentOptions(open && stationId ? stationId : undefined, 'capacitor');
  const save = useCrudMutation((v: CapacitorFormValues & { id?: number }) => (v.id ? editCapacitor({ ...v, id: v.id }) : addCapacitor(v)), {
    invalidate: [CAPACITOR_KEY],
    success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
  });
  const c = isEdit ? detail.data : undefined;
  const per = stepKvar(capacity, steps);

  return (
    <FormModal<CapacitorFields>
      title={isEdit ? '修改电容器' : '新增电容器'}
      open={open}
      onClose={onClose}
      width={760}
      form={form}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={
        c
          ? { ...c, installDate: c.installDate ? dayjs(c.installDate) : null }
          : { steps: 1, ratedVoltageKv: 0.45, connection: 'delta' }
      }
      formProps={{
        onValuesChange: (changed: Partial<CapacitorFields>) => {
          if ('stationId' in changed) form.setFieldsValue({ cabinetId: null, equipmentId: null });
        },
      }}
      onSubmit={(v) => save.mutateAsync({ ...capacitorRequest(v), id: c?.id })}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="stationId" label="所属站点" rules={schemaRules(F.stationId, { required: '所属站点', select: true })}>
            <StationSelect />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="cabinetId" label="柜体" extra="一般为电容补偿柜">
            <CabinetSelect stationId={stationId} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="equipmentId" label="补偿控制器" extra="本站“电容补偿”类型的监测设备，用于读取投切状态">
            <Select<number>
              allowClear
              disabled={!stationId}
              placeholder={stationId ? '请选择补偿控制器' : '请先选择站点'}
              loading={controllers.isLoading && !!stationId}
              options={(controllers.data ?? []).map((e) => ({ value: e.id, label: `${e.name}（${e.code}）${e.cabinetName ? ` · ${e.cabinetName}` : ''}` }))}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent="该站点暂无补偿控制器"
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label="电容器编号" rules={schemaRules(F.code, { required: '电容器编号' })} extra="同一站点内唯一">
            <Input placeholder="如 C1" maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="电容器名称" rules={schemaRules(F.name, { required: '电容器名称' })}>
            <Input placeholder="如 1#电容器组" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="capacityKvar" label="补偿容量" rules={schemaRules(F.capacityKvar, { required: '补偿容量' })}>
            <InputNumber min={0} max={100_000} style={{ width: '100%' }} placeholder="如 300" suffix="kvar" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="steps" label="投切组数" rules={schemaRules(F.steps.unwrap(), { required: '投切组数' })} extra={per !== null ? `每组约 ${per} kvar` : undefined}>
            <InputNumber min={1} max={32} precision={0} style={{ width: '100%' }} suffix="组" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="ratedVoltageKv" label="额定电压" rules={schemaRules(F.ratedVoltageKv, { required: '额定电压' })} extra="低压补偿常用 0.45 kV 或 0.48 kV">
            <InputNumber min={0} max={220} step={0.01} style={{ width: '100%' }} suffix="kV" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="connection" label="接线方式" rules={[{ required: true, message: '请选择接线方式' }]}>
            <Radio.Group options={CONNECTION_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="manufacturer" label="生产厂家" rules={schemaRules(F.manufacturer)}>
            <Input placeholder="请输入生产厂家" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="installDate" label="安装日期">
            <DatePicker style={{ width: '100%' }} placeholder="请选择安装日期" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label="备注" rules={schemaRules(F.remark)}>
            <Input.TextArea placeholder="请输入内容" maxLength={255} rows={2} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
