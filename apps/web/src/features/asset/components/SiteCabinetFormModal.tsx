import { Col, DatePicker, Form, Input, InputNumber, Row, type FormInstance } from 'antd';
import { DICT_CABINET_TYPE, cabinetAddBody, type CabinetRow } from '@pdz/contracts';
import { FormModal, schemaRules, useCrudMutation } from '@/components/crud';
import { addCabinet, editCabinet, useCabinetDetail, CABINET_KEY } from '../api/cabinet';
import { BAY_KEY } from '../api/bay';
import { STATION_KEY } from '../api/station';
import { TREE_KEY } from '../api/tree';
import { DAY_FORMAT, cabinetBody, cabinetForm, type RawForm } from './siteForms';
import { BaySelect, DictSelect, StationTreeSelect } from './SitePickers';

const F = cabinetAddBody.shape;

export interface SiteCabinetFormModalProps {
  open: boolean;
  id?: number;
  /** Presets for 新增 (the station or bay chosen in the tree or the query bar). */
  stationId?: number;
  bayId?: number;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** 新增柜体 / 修改柜体; the bay list follows the chosen station. */
export function SiteCabinetFormModal({ open, id, stationId, bayId, onClose, onSaved }: SiteCabinetFormModalProps) {
  const isEdit = id !== undefined;
  const [form] = Form.useForm<RawForm>();
  const detail = useCabinetDetail(open ? id : undefined);
  const save = useCrudMutation((v: { id?: number; body: ReturnType<typeof cabinetBody> }) => (v.id ? editCabinet({ ...v.body, id: v.id }).then(() => v.id!) : addCabinet(v.body).then((r) => r.id)), {
    invalidate: [CABINET_KEY, BAY_KEY, STATION_KEY, TREE_KEY],
    success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
    onSuccess: (newId) => onSaved?.(newId),
  });
  const row: CabinetRow | undefined = isEdit ? detail.data : undefined;
  const initialValues: RawForm = row ? cabinetForm(row) : { stationId, bayId, orderNum: 0 };
  const chosenStation = Form.useWatch('stationId', form) as number | undefined;

  return (
    <FormModal<RawForm>
      title={isEdit ? '修改柜体' : '新增柜体'}
      open={open}
      form={form as FormInstance<RawForm>}
      onClose={onClose}
      width={720}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={initialValues}
      onSubmit={(values) => save.mutateAsync({ id, body: cabinetBody(values) })}
      formProps={{
        // Bays belong to one station: a new station empties the bay.
        onValuesChange: (changed) => {
          if ('stationId' in changed) form.setFieldValue('bayId', undefined);
        },
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="stationId" label="所属站点" rules={[{ required: true, message: '请选择所属站点' }]}>
            <StationTreeSelect />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="bayId" label="所属间隔">
            <BaySelect stationId={chosenStation} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label="柜体编号" rules={schemaRules(F.code, { required: '柜体编号' })}>
            <Input placeholder="如 AH01" maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="柜体名称" rules={schemaRules(F.name, { required: '柜体名称' })}>
            <Input placeholder="如 1#进线柜" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="cabinetType" label="柜体类型" rules={[{ required: true, message: '请选择柜体类型' }]}>
            <DictSelect dict={DICT_CABINET_TYPE} placeholder="请选择柜体类型" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="voltageLevel" label="电压等级">
            <DictSelect dict="dict_dydj" placeholder="请选择电压等级" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="model" label="柜体型号" rules={schemaRules(F.model)}>
            <Input placeholder="如 KYN28A-12" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="manufacturer" label="生产厂家" rules={schemaRules(F.manufacturer)}>
            <Input placeholder="请输入生产厂家" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="commissionDate" label="投运日期">
            <DatePicker format={DAY_FORMAT} placeholder="请选择投运日期" style={{ width: '100%' }} />
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
