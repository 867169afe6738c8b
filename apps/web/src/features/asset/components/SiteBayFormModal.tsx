import { Col, Form, Input, InputNumber, Row } from 'antd';
import { bayAddBody, type BayRow } from '@pdz/contracts';
import { FormModal, schemaRules, useCrudMutation } from '@/components/crud';
import { addBay, editBay, useBayDetail, BAY_KEY } from '../api/bay';
import { STATION_KEY } from '../api/station';
import { TREE_KEY } from '../api/tree';
import { bayBody, bayForm, type RawForm } from './siteForms';
import { DictSelect, StationTreeSelect } from './SitePickers';

const F = bayAddBody.shape;

export interface SiteBayFormModalProps {
  open: boolean;
  id?: number;
  /** Preset station for 新增. */
  stationId?: number;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** 新增间隔 / 修改间隔. */
export function SiteBayFormModal({ open, id, stationId, onClose, onSaved }: SiteBayFormModalProps) {
  const isEdit = id !== undefined;
  const detail = useBayDetail(open ? id : undefined);
  const save = useCrudMutation((v: { id?: number; body: ReturnType<typeof bayBody> }) => (v.id ? editBay({ ...v.body, id: v.id }).then(() => v.id!) : addBay(v.body).then((r) => r.id)), {
    invalidate: [BAY_KEY, STATION_KEY, TREE_KEY],
    success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
    onSuccess: (newId) => onSaved?.(newId),
  });
  const row: BayRow | undefined = isEdit ? detail.data : undefined;
  const initialValues: RawForm = row ? bayForm(row) : { stationId, orderNum: 0 };

  return (
    <FormModal<RawForm>
      title={isEdit ? '修改间隔' : '新增间隔'}
      open={open}
      onClose={onClose}
      width={640}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={initialValues}
      onSubmit={(values) => save.mutateAsync({ id, body: bayBody(values) })}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="stationId" label="所属站点" rules={[{ required: true, message: '请选择所属站点' }]}>
            <StationTreeSelect />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label="间隔编号" rules={schemaRules(F.code, { required: '间隔编号' })}>
            <Input placeholder="如 B01" maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="间隔名称" rules={schemaRules(F.name, { required: '间隔名称' })}>
            <Input placeholder="如 10kV进线间隔" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="voltageLevel" label="电压等级">
            <DictSelect dict="dict_dydj" placeholder="请选择电压等级" />
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
