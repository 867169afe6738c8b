import { Col, DatePicker, Form, Input, Row } from 'antd';
import { DICT_CABINET_TYPE, cabinetAddBody, type CabinetRow } from '@pdz/contracts';
import { FormModal } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { addCabinet, editCabinet, useCabinetDetail, CABINET_KEY } from '../api/cabinet';
import { BAY_KEY } from '../api/bay';
import { STATION_KEY } from '../api/station';
import { TREE_KEY } from '../api/tree';
import { DAY_FORMAT, cabinetBody, cabinetForm, type RawForm } from './siteForms';
import { DictSelect } from './SitePickers';
import { OrderNumField, RemarkField, StationAndChildFields, useSiteSave } from './SiteFormFields';

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
  const detail = useCabinetDetail(open ? id : undefined);
  const save = useSiteSave(addCabinet, editCabinet, [CABINET_KEY, BAY_KEY, STATION_KEY, TREE_KEY], onSaved);
  const row: CabinetRow | undefined = isEdit ? detail.data : undefined;
  const initialValues: RawForm = row ? cabinetForm(row) : { stationId, bayId, orderNum: 0 };

  return (
    <FormModal<RawForm>
      title={isEdit ? '修改柜体' : '新增柜体'}
      open={open}
      onClose={onClose}
      width={720}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={initialValues}
      onSubmit={(values) => save.mutateAsync({ id, body: cabinetBody(values) })}
    >
      <Row gutter={16}>
        <StationAndChildFields child="bay" />
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
        <OrderNumField schema={F.orderNum} />
        <RemarkField schema={F.remark} />
      </Row>
    </FormModal>
  );
}
