import { useMemo, useState } from 'react';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { EQUIPMENT_STATUSES, EQUIPMENT_TYPES, equipmentAddBody, equipmentTypeLabel, type EquipmentRow } from '@pdz/contracts';
import { FormModal, useCrudMutation } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { addEquipment, editEquipment, EQUIPMENT_DEPENDENT_KEYS, EQUIPMENT_KEY, useEquipmentDetail, type EquipmentFormValues } from '../api/equipment';
import { useModelOptions } from '../api/model';
import { POINT_KEY } from '../api/point';
import { CabinetSelect, GatewaySelect, StationSelect } from './EquipmentSitePickers';
import { EquipmentRatioInput, ratioRules } from './EquipmentRatioInput';
import { CT_HINT, PT_HINT, multiplier, parseRatio, primaryNote } from './equipmentRatio';
import { equipmentFormInitial, equipmentRequest, showsRatedCurrent, showsRatedKva, showsRatios, type EquipmentFormFields } from './equipmentForm';

const F = equipmentAddBody.shape;
const STATUS_OPTIONS = EQUIPMENT_STATUSES.map((s) => ({ value: s.value, label: s.label }));

export interface EquipmentFormModalProps {
  open: boolean;
  /** undefined: 新增. */
  record?: EquipmentRow;
  /** Preset values for 新增 (e.g. the station chosen in the query bar). */
  preset?: Partial<EquipmentFormFields>;
  onClose: () => void;
  /** After 新增: the new equipment and how many points its model gave it. */
  onAdded?: (id: number, points: number) => void;
}

/** 新增设备 / 修改设备. */
export function EquipmentFormModal({ open, record, preset, onClose, onAdded }: EquipmentFormModalProps) {
  const isEdit = !!record;
  const detail = useEquipmentDetail(open && record ? record.id : undefined);
  const models = useModelOptions(open);
  const [form] = Form.useForm<EquipmentFormFields>();
  const stationId = Form.useWatch('stationId', form);
  const modelId = Form.useWatch('modelId', form);
  const gatewayId = Form.useWatch('gatewayId', form);
  const ct = Form.useWatch('ctRatio', form);
  const pt = Form.useWatch('ptRatio', form);
  const primary = Form.useWatch('valuesArePrimary', form);
  const [typeFilter, setTypeFilter] = useState<string | undefined>();

  const save = useCrudMutation((v: EquipmentFormValues & { id?: number }) => (v.id ? editEquipment({ ...v, id: v.id }) : addEquipment(v)), {
    invalidate: [EQUIPMENT_KEY, POINT_KEY, ...EQUIPMENT_DEPENDENT_KEYS],
    success: (r, v) => (v.id ? '修改成功' : `新增成功，已按型号生成 ${(r as { points: number }).points} 个测点`),
    onSuccess: (r, v) => {
      if (!v.id) onAdded?.((r as { id: number }).id, (r as { points: number }).points);
    },
  });

  const current = isEdit ? detail.data : undefined;
  const model = models.data?.find((m) => m.id === modelId);
  const type = model?.equipmentType ?? current?.equipmentType;
  const modelOptions = useMemo(
    () =>
      EQUIPMENT_TYPES.filter((t) => !typeFilter || t.value === typeFilter)
        .map((t) => ({
          label: t.label,
          title: t.label,
          options: (models.data ?? [])
            .filter((m) => m.equipmentType === t.value)
            .map((m) => ({ value: m.id, label: `${m.name}（${m.code}）`, points: m.pointCount })),
        }))
        .filter((g) => g.options.length > 0),
    [models.data, typeFilter],
  );
  const modelChanged = !!current && modelId !== undefined && modelId !== current.modelId;
  const gatewayChanged = !!current && current.gatewayId !== null && gatewayId !== undefined && (gatewayId ?? null) !== current.gatewayId;
  const ctN = parseRatio(ct ?? null);
  const ptN = parseRatio(pt ?? null);

  return (
    <FormModal<EquipmentFormFields>
      title={isEdit ? '修改设备' : '新增设备'}
      open={open}
      onClose={onClose}
      width={820}
      form={form}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={equipmentFormInitial(current, preset)}
      formProps={{
        onValuesChange: (changed: Partial<EquipmentFormFields>) => {
          // Cabinets and gateways belong to one station: a new station empties both.
          if ('stationId' in changed) form.setFieldsValue({ cabinetId: null, gatewayId: null });
        },
      }}
      onSubmit={(v) => save.mutateAsync({ ...equipmentRequest(v, type), id: current?.id })}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="stationId" label="所属站点" rules={schemaRules(F.stationId, { required: '所属站点', select: true })}>
            <StationSelect />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="cabinetId" label="柜体">
            <CabinetSelect stationId={stationId} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="gatewayId" label="采集网关" extra={gatewayChanged ? '更换网关后，该设备测点的原始标签绑定会一并迁移到新网关' : undefined}>
            <GatewaySelect stationId={stationId} allowClear />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="commAddress" label="通讯地址" rules={schemaRules(F.commAddress)} extra="如 Modbus 从站地址">
            <Input placeholder="请输入通讯地址" maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            label="设备型号"
            required
            extra={model ? `${equipmentTypeLabel(model.equipmentType)} · ${model.pointCount} 个标准测点${isEdit ? '' : '，保存后自动生成'}` : '选择型号后按其标准测点自动生成设备测点'}
          >
            <Row gutter={8} wrap={false}>
              <Col flex="150px">
                <Select allowClear placeholder="按类型筛选" value={typeFilter} onChange={setTypeFilter} options={EQUIPMENT_TYPES.map((t) => ({ value: t.value, label: t.label }))} aria-label="按设备类型筛选型号" />
              </Col>
              <Col flex="auto">
                <Form.Item name="modelId" noStyle rules={schemaRules(F.modelId, { required: '设备型号', select: true })}>
                  <Select<number>
                    placeholder="请选择设备型号"
                    loading={models.isLoading}
                    options={modelOptions}
                    showSearch={{ optionFilterProp: 'label' }}
                    aria-label="设备型号"
                    optionRender={(o) => (
                      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                        <span>{o.label}</span>
                        <Typography.Text type="secondary">{(o.data as { points?: number }).points} 个测点</Typography.Text>
                      </div>
                    )}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Form.Item>
          {modelChanged && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="更换型号会删除现有测点并按新型号重建；测点已绑定原始标签或配置告警时不能更换。"
            />
          )}
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label="设备编号" rules={schemaRules(F.code, { required: '设备编号' })} extra="同一客户内唯一，字母、数字、_ 和 -">
            <Input placeholder="如 SZ01-M01" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="设备名称" rules={schemaRules(F.name, { required: '设备名称' })}>
            <Input placeholder="请输入设备名称" maxLength={100} />
          </Form.Item>
        </Col>
        {showsRatios(type) && (
          <>
            <Col xs={24} sm={12}>
              <Form.Item name="ctRatio" label="CT变比" tooltip="电流互感器一次额定电流与二次额定电流之比" rules={ratioRules('CT变比', F.ctRatio)} extra={CT_HINT}>
                <EquipmentRatioInput placeholder="如 100 或 500/5" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="ptRatio" label="PT变比" tooltip="电压互感器一次额定电压与二次额定电压之比" rules={ratioRules('PT变比', F.ptRatio)} extra={PT_HINT}>
                <EquipmentRatioInput placeholder="如 1 或 10000/100" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item label="上送一次值" tooltip="多数智能电表已在表内设置变比并直接上送一次值；若上送的是二次值，请关闭，平台会按变比换算，避免重复相乘" extra={primaryNote(primary ?? true, ctN, ptN)}>
                <Form.Item name="valuesArePrimary" valuePropName="checked" noStyle>
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
                <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
                  倍率 = CT × PT = {multiplier(ctN, ptN)}
                </Typography.Text>
              </Form.Item>
            </Col>
          </>
        )}
        {showsRatedKva(type) && (
          <Col xs={24} sm={12}>
            <Form.Item name="ratedKva" label="额定容量" rules={schemaRules(F.ratedKva)} extra="用于计算负载率">
              <InputNumber min={0} max={1_000_000} style={{ width: '100%' }} placeholder="如 1250" suffix="kVA" />
            </Form.Item>
          </Col>
        )}
        {showsRatedCurrent(type) && (
          <Col xs={24} sm={12}>
            <Form.Item name="ratedCurrent" label="额定电流" rules={schemaRules(F.ratedCurrent)} extra="一次侧额定电流，用于过载判断">
              <InputNumber min={0} max={100_000} style={{ width: '100%' }} placeholder="如 800" suffix="A" />
            </Form.Item>
          </Col>
        )}
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
        <Col xs={24} sm={12}>
          <Form.Item name="status" label="运行状态" rules={[{ required: true, message: '请选择运行状态' }]}>
            <Select options={STATUS_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="orderNum" label="显示顺序" rules={schemaRules(F.orderNum, { required: '显示顺序' })}>
            <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
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
