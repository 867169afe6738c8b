import { Alert, Button, Form, InputNumber } from 'antd';
import { DEFAULT_LINK_SETTINGS, type GatewayLinkRow, type GatewayLinkSettings } from '@pdz/contracts';
import { FormModal } from '@/components/crud/FormModal';
import { WEAK_LINK_PRESET } from '../links';

const pick = (r: GatewayLinkRow): GatewayLinkSettings => ({ batchIntervalS: r.batchIntervalS, deadbandPct: r.deadbandPct, fullReportS: r.fullReportS, replayMaxRecords: r.replayMaxRecords });

/** 上报设置 of one gateway: what it reads over MQTT (at once) or HTTP (its next poll). */
export function LinkSettingsModal({ row, onClose, onSave }: { row: GatewayLinkRow | null; onClose: () => void; onSave: (id: number, s: GatewayLinkSettings) => Promise<unknown> }) {
  const [form] = Form.useForm<GatewayLinkSettings>();
  return (
    <FormModal<GatewayLinkSettings>
      title={row ? `上报设置 - ${row.name}` : '上报设置'}
      open={!!row}
      onClose={onClose}
      onSubmit={(v) => onSave(row!.id, v)}
      initialValues={row ? pick(row) : DEFAULT_LINK_SETTINGS}
      form={form}
      width={640}
      formProps={{ labelCol: { flex: '120px' } }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="保存后立即下发：MQTT 网关通过保留消息 gw/网关编号/config 马上收到，HTTP 网关在下次读取配置时生效。"
        action={
          <Button size="small" onClick={() => form.setFieldsValue(WEAK_LINK_PRESET)}>
            弱网推荐值
          </Button>
        }
      />
      <Form.Item name="batchIntervalS" label="打包间隔" rules={[{ required: true, message: '请填写打包间隔' }]} extra="网关把这段时间内的记录合成一条消息发送，减少连接和报文开销；0 表示每条记录立即发送。">
        <InputNumber min={0} max={3600} precision={0} suffix="秒" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="deadbandPct" label="变化死区" rules={[{ required: true, message: '请填写变化死区' }]} extra="变化上报：测量值相对上次发送的值变化超过该比例才发送，开关量每次变位都发送；0 表示每次都发送。">
        <InputNumber min={0} max={50} step={0.1} precision={2} suffix="%" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="fullReportS"
        label="全量上报间隔"
        dependencies={['deadbandPct']}
        rules={[
          { required: true, message: '请填写全量上报间隔' },
          ({ getFieldValue }) => ({
            validator: (_, v: number) => (getFieldValue('deadbandPct') > 0 && !v ? Promise.reject(new Error('启用变化死区时必须设置全量上报间隔')) : Promise.resolve()),
          }),
        ]}
        extra="启用变化死区时，每个测点至少按此间隔完整上报一次：长期不变的测点也会刷新，长时间收不到才判为通讯中断。未启用死区时不起作用。"
      >
        <InputNumber min={0} max={86400} precision={0} suffix="秒" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="replayMaxRecords" label="补发每包条数" rules={[{ required: true, message: '请填写补发每包条数' }]} extra="网关恢复连接后补发离线期间缓存的数据，每条消息最多包含的记录数，链路越差宜越小。">
        <InputNumber min={1} max={10000} precision={0} suffix="条" style={{ width: 200 }} />
      </Form.Item>
    </FormModal>
  );
}
