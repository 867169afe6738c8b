import { Col, Form, Input, Row } from 'antd';
import { cameraAddBody, type CameraRow } from '@pdz/contracts';
import { FormModal } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { addCamera, editCamera, useCameraDetail, CAMERA_KEY } from '../api/camera';
import { STATION_KEY } from '../api/station';
import { cameraBody, cameraForm, type RawForm } from './siteForms';
import { OrderNumField, RemarkField, StationAndChildFields, useSiteSave } from './SiteFormFields';

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
  const detail = useCameraDetail(open ? id : undefined);
  const save = useSiteSave(addCamera, editCamera, [CAMERA_KEY, STATION_KEY]);
  const row: CameraRow | undefined = isEdit ? detail.data : undefined;
  const initialValues: RawForm = row ? cameraForm(row) : { stationId, orderNum: 0 };

  return (
    <FormModal<RawForm>
      title={isEdit ? '修改摄像头' : '新增摄像头'}
      open={open}
      onClose={onClose}
      width={720}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={initialValues}
      onSubmit={(values) => save.mutateAsync({ id, body: cameraBody(values) })}
    >
      <Row gutter={16}>
        <StationAndChildFields child="cabinet" />
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
        <OrderNumField schema={F.orderNum} />
        <RemarkField schema={F.remark} />
      </Row>
    </FormModal>
  );
}
