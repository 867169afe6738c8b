import { Col, Form, Input, InputNumber, Row, type FormInstance } from 'antd';
import { cameraAddBody, type CameraRow } from '@pdz/contracts';
import { FormModal, schemaRules, useCrudMutation } from '@/components/crud';
import { addCamera, editCamera, useCameraDetail, CAMERA_KEY } from '../api/camera';
import { STATION_KEY } from '../api/station';
import { cameraBody, cameraForm, type RawForm } from './siteForms';
import { CabinetSelect, StationTreeSelect } from './SitePickers';

const F = cameraAddBody.shape;

export interface SiteCameraFormModalProps {
  open: boolean;
  id?: number;
  stationId?: number;
  onClose: () => void;
}

/** 新增摄像头 / 修改摄像头; the cabinet it watches is optional and follows the station. */
export function SiteCameraFormModal({ open, id, stationId, onClose }: SiteCameraFormModalProps) {
  const isEdit = id !== undefined;
  const [form] = Form.useForm<RawForm>();
  const detail = useCameraDetail(open ? id : undefined);
  const save = useCrudMutation((v: { id?: number; body: ReturnType<typeof cameraBody> }) => (v.id ? editCamera({ ...v.body, id: v.id }) : addCamera(v.body)), {
    invalidate: [CAMERA_KEY, STATION_KEY],
    success: (_r, v) => (v.id ? '修改成功' : '新增成功'),
  });
  const row: CameraRow | undefined = isEdit ? detail.data : undefined;
  const initialValues: RawForm = row ? cameraForm(row) : { stationId, orderNum: 0 };
  const chosenStation = Form.useWatch('stationId', form) as number | undefined;

  return (
    <FormModal<RawForm>
      title={isEdit ? '修改摄像头' : '新增摄像头'}
      open={open}
      form={form as FormInstance<RawForm>}
      onClose={onClose}
      width={720}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={initialValues}
      onSubmit={(values) => save.mutateAsync({ id, body: cameraBody(values) })}
      formProps={{
        onValuesChange: (changed) => {
          if ('stationId' in changed) form.setFieldValue('cabinetId', undefined);
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
          <Form.Item name="cabinetId" label="监视柜体">
            <CabinetSelect stationId={chosenStation} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label="摄像头编号" rules={schemaRules(F.code, { required: '摄像头编号' })}>
            <Input placeholder="如 CAM01" maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="摄像头名称" rules={schemaRules(F.name, { required: '摄像头名称' })}>
            <Input placeholder="如 高压室全景" maxLength={100} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="streamUrl"
            label="视频流地址"
            rules={schemaRules(F.streamUrl)}
            extra="HLS 地址（以 .m3u8 结尾）可在页面内直接预览；RTSP/RTMP 地址需用播放器打开"
          >
            <Input placeholder="如 http://10.0.0.20:8080/live/cam01.m3u8" maxLength={500} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="brand" label="品牌" rules={schemaRules(F.brand)}>
            <Input placeholder="如 海康威视" maxLength={64} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="ip" label="IP地址" rules={schemaRules(F.ip)}>
            <Input placeholder="如 192.168.1.64" maxLength={15} />
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
