import { useMemo, useState } from 'react';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { EnvironmentOutlined } from '@ant-design/icons';
import { CHINA_LATITUDE, CHINA_LONGITUDE, DICT_ASSET_STATUS, DICT_STATION_TYPE, stationAddBody, type StationRow } from '@pdz/contracts';
import { FormModal } from '@/components/crud';
import { schemaRules } from '@/utils/validate';
import { addStation, editStation, useStationDetail, useStationsForMap, STATION_KEY } from '../api/station';
import { CUSTOMER_TREE_KEY, TREE_KEY } from '../api/tree';
import { DAY_FORMAT, stationBody, stationForm, type RawForm } from './siteForms';
import { coordinateError, pairError } from './siteGeo';
import { CustomerSelect, DictSelect } from './SitePickers';
import { SiteMapPicker } from './SiteMapPicker';
import { OrderNumField, RemarkField, useSiteSave } from './SiteFormFields';

const F = stationAddBody.shape;

/** Range first, then the pair rule (checked on both fields, each re-checked when the other changes). */
function coordRules(kind: 'longitude' | 'latitude'): Rule[] {
  const other = kind === 'longitude' ? 'latitude' : 'longitude';
  return [
    ({ getFieldValue }) => ({
      validator: async (_r, v: number | null | undefined) => {
        const problem = coordinateError(kind, v) ?? (v === null || v === undefined ? null : pairError(v, getFieldValue(other)));
        if (problem) throw new Error(problem);
      },
    }),
    ({ getFieldValue }) => ({
      validator: async (_r, v: number | null | undefined) => {
        // The empty half of a half-filled pair names the problem too.
        if ((v === null || v === undefined) && getFieldValue(other) !== null && getFieldValue(other) !== undefined) throw new Error('经度和纬度需同时填写或同时留空');
      },
    }),
  ];
}

export interface SiteStationFormModalProps {
  open: boolean;
  id?: number;
  /** Preset customer for 新增 (from the tree or the query bar). */
  customerId?: number;
  onClose: () => void;
  onSaved?: (id: number) => void;
}

/** 新增站点 / 修改站点, with coordinates typed or placed on the offline map picker. */
export function SiteStationFormModal({ open, id, customerId, onClose, onSaved }: SiteStationFormModalProps) {
  const isEdit = id !== undefined;
  const [form] = Form.useForm<RawForm>();
  const [showMap, setShowMap] = useState(false);
  const detail = useStationDetail(open ? id : undefined);
  const neighbours = useStationsForMap(open && showMap);
  const stations = useMemo(
    () => (neighbours.data ?? []).filter((s) => s.id !== id).map((s) => ({ id: s.id, name: s.name, city: s.city, longitude: s.longitude!, latitude: s.latitude! })),
    [neighbours.data, id],
  );
  const save = useSiteSave(addStation, editStation, [STATION_KEY, CUSTOMER_TREE_KEY, TREE_KEY], onSaved);
  const row: StationRow | undefined = isEdit ? detail.data : undefined;
  const initialValues: RawForm = row ? stationForm(row) : { customerId, stationType: 'room', status: 'running', orderNum: 0 };

  return (
    <FormModal<RawForm>
      title={isEdit ? '修改站点' : '新增站点'}
      open={open}
      form={form as FormInstance<RawForm>}
      onClose={() => {
        setShowMap(false);
        onClose();
      }}
      width={820}
      loading={isEdit && (detail.isFetching || !detail.data)}
      initialValues={initialValues}
      onSubmit={(values) => save.mutateAsync({ id, body: stationBody(values) })}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="customerId" label="所属客户" rules={[{ required: true, message: '请选择所属客户' }]}>
            <CustomerSelect />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="stationType" label="站点类型" rules={[{ required: true, message: '请选择站点类型' }]}>
            <DictSelect dict={DICT_STATION_TYPE} placeholder="请选择站点类型" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label="站点编号" rules={schemaRules(F.code, { required: '站点编号' })}>
            <Input placeholder="如 HDZH-S01" maxLength={32} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label="站点名称" rules={schemaRules(F.name, { required: '站点名称' })}>
            <Input placeholder="请输入站点名称" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="voltageLevel" label="电压等级">
            <DictSelect dict="dict_dydj" placeholder="请选择电压等级" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="capacityKva" label="装机容量" rules={schemaRules(F.capacityKva)}>
            <InputNumber placeholder="请输入装机容量" min={0} max={10_000_000} precision={0} suffix="kVA" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label="运行状态" rules={[{ required: true, message: '请选择运行状态' }]}>
            <DictSelect dict={DICT_ASSET_STATUS} placeholder="请选择运行状态" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="commissionDate" label="投运日期">
            <DatePicker format={DAY_FORMAT} placeholder="请选择投运日期" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="city" label="城市" rules={schemaRules(F.city)}>
            <Input placeholder="如 苏州" maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="address" label="地址" rules={schemaRules(F.address)}>
            <Input placeholder="请输入详细地址" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="longitude" label="经度" rules={coordRules('longitude')} dependencies={['latitude']}>
            <InputNumber placeholder={`${CHINA_LONGITUDE.min}～${CHINA_LONGITUDE.max}，如 120.7319`} step={0.0001} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="latitude" label="纬度" rules={coordRules('latitude')} dependencies={['longitude']}>
            <InputNumber placeholder={`${CHINA_LATITUDE.min}～${CHINA_LATITUDE.max}，如 31.3052`} step={0.0001} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label="位置" style={{ marginBottom: showMap ? 8 : undefined }}>
            <Button icon={<EnvironmentOutlined />} onClick={() => setShowMap((s) => !s)}>
              {showMap ? '收起地图' : '地图选点'}
            </Button>
            <span style={{ marginLeft: 12, color: 'rgba(0,0,0,0.45)' }}>离线选点：单击放置，可看到周边已有的站点</span>
          </Form.Item>
        </Col>
        {showMap && (
          <Col span={24} style={{ marginBottom: 16 }}>
            <Form.Item noStyle shouldUpdate={(a, b) => a.longitude !== b.longitude || a.latitude !== b.latitude || a.city !== b.city}>
              {({ getFieldValue, setFieldsValue, validateFields }) => {
                const lng = getFieldValue('longitude') as number | null | undefined;
                const lat = getFieldValue('latitude') as number | null | undefined;
                const valid = typeof lng === 'number' && typeof lat === 'number' && !coordinateError('longitude', lng) && !coordinateError('latitude', lat);
                return (
                  <SiteMapPicker
                    value={valid ? { longitude: lng, latitude: lat } : null}
                    stations={stations}
                    ready={!neighbours.isLoading}
                    city={getFieldValue('city') as string | undefined}
                    onChange={(p) => {
                      setFieldsValue({ longitude: p.longitude, latitude: p.latitude });
                      void validateFields(['longitude', 'latitude']).catch(() => undefined);
                    }}
                  />
                );
              }}
            </Form.Item>
          </Col>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="contact" label="联系人" rules={schemaRules(F.contact)}>
            <Input placeholder="请输入联系人" maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label="联系电话" rules={schemaRules(F.phone)}>
            <Input placeholder="请输入11位手机号码" maxLength={11} inputMode="numeric" />
          </Form.Item>
        </Col>
        <OrderNumField schema={F.orderNum} />
        <RemarkField schema={F.remark} />
      </Row>
    </FormModal>
  );
}
