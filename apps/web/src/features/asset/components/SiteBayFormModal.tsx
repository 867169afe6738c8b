import { Col, Form, Input, Row } from 'antd';
import { bayAddBody, type BayRow } from '@pdz/contracts';
import { FormModal } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { addBay, editBay, useBayDetail, BAY_KEY } from '../api/bay';
import { STATION_KEY } from '../api/station';
import { TREE_KEY } from '../api/tree';
import { bayBody, bayForm, type RawForm } from './siteForms';
import { DictSelect } from './SitePickers';
import { OrderNumField, RemarkField, StationField, useSiteSave } from './SiteFormFields';

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
  const save = useSiteSave(addBay, editBay, [BAY_KEY, STATION_KEY, TREE_KEY], onSaved);
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
        <StationField wide />
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
        <OrderNumField schema={F.orderNum} />
        <RemarkField schema={F.remark} />
      </Row>
    </FormModal>
  );
}
