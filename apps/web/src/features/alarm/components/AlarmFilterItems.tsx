import { Form, Input, Select, type FormInstance } from 'antd';
import { CustomerSelect, StationTreeSelect } from '@/features/asset/components/SitePickers';
import { LEVEL_OPTIONS, STATE_OPTIONS, TYPE_OPTIONS } from '../levels';

export interface AlarmFilterValues extends Record<string, unknown> {
  level?: number;
  ruleType?: string;
  customerId?: number;
  stationId?: number;
  state?: string;
  keyword?: string;
}

/**
 * The filter fields both alarm lists share, as separate items so the QueryBar can fold them on a
 * phone. `states` limits the 状态 choices (实时告警 has no 已结束).
 */
export function alarmFilterItems(form: FormInstance, customerId: number | undefined, states: string[] | null = null) {
  const stateOptions = states ? STATE_OPTIONS.filter((o) => states.includes(o.value)) : STATE_OPTIONS;
  return [
    <Form.Item key="keyword" name="keyword" label="关键字">
      <Input placeholder="告警内容或设备编号" allowClear maxLength={64} style={{ width: 220 }} />
    </Form.Item>,
    <Form.Item key="level" name="level" label="级别">
      <Select allowClear placeholder="全部级别" options={LEVEL_OPTIONS} style={{ width: 120 }} />
    </Form.Item>,
    <Form.Item key="ruleType" name="ruleType" label="类型">
      <Select allowClear placeholder="全部类型" options={TYPE_OPTIONS} style={{ width: 130 }} />
    </Form.Item>,
    <Form.Item key="state" name="state" label="状态">
      <Select allowClear placeholder="全部状态" options={stateOptions} style={{ width: 150 }} />
    </Form.Item>,
    ...alarmSiteItems(form, customerId),
  ];
}

/** 客户 and 站点 of the alarm lists and statistics: choosing a customer clears the station. */
export function alarmSiteItems(form: FormInstance, customerId: number | undefined) {
  return [
    <Form.Item key="customerId" name="customerId" label="客户">
      <CustomerSelect style={{ width: 180 }} placeholder="全部客户" onChange={(v) => form.setFieldsValue({ customerId: v, stationId: undefined })} />
    </Form.Item>,
    <Form.Item key="stationId" name="stationId" label="站点">
      <StationTreeSelect style={{ width: 200 }} placeholder="全部站点" customerId={customerId} />
    </Form.Item>,
  ];
}
