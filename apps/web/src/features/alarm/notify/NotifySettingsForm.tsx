import { useState } from 'react';
import { Alert, Button, Col, Divider, Form, Input, InputNumber, Row, Select, Space, Switch, Tooltip, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import type { AlarmChannel, NotifyConfig, NotifyConfigInput } from '@pdz/contracts';
import { feedback } from '@/app/feedback';
import { useCrudMutation } from '@/components/crud';
import { NOTIFY_KEY, saveNotifyConfig } from './api';
import { TestSendModal } from './TestSendModal';

const LEVEL_OPTIONS = [
  { value: 1, label: '仅紧急告警（1级）' },
  { value: 2, label: '严重及以上（1–2级）' },
  { value: 3, label: '一般及以上（1–3级）' },
  { value: 4, label: '全部级别（1–4级）' },
];

const HTTP_URL = /^https?:\/\/[^\s/]+/i;

function toForm(c: NotifyConfig): NotifyConfigInput {
  return {
    email: { enabled: c.email.enabled, host: c.email.host, port: c.email.port, secure: c.email.secure, user: c.email.user, password: '', from: c.email.from },
    sms: { enabled: c.sms.enabled },
    webhook: { enabled: c.webhook.enabled, url: c.webhook.url, secret: '' },
    minLevel: c.minLevel,
  };
}

function Section({ title, enabledName, test, canEdit, children }: { title: string; enabledName: (string | number)[]; test: () => void; canEdit: boolean; children: React.ReactNode }) {
  return (
    <>
      <Divider titlePlacement="start" style={{ marginTop: 8 }}>
        {title}
      </Divider>
      <Form.Item label="启用" style={{ marginBottom: 12 }}>
        <Space size="large">
          <Form.Item name={enabledName} valuePropName="checked" noStyle>
            <Switch checkedChildren="开" unCheckedChildren="关" />
          </Form.Item>
          {canEdit && (
            <Button icon={<SendOutlined />} onClick={test}>
              测试发送
            </Button>
          )}
        </Space>
      </Form.Item>
      {children}
    </>
  );
}

/**
 * 通知渠道: SMTP, SMS, webhook and the lowest level that goes out. Secrets are write-only: the
 * server says whether one is stored, an empty field keeps it. Tests use the saved settings, so
 * unsaved edits must be saved first.
 */
export function NotifySettingsForm({ config, canEdit }: { config: NotifyConfig; canEdit: boolean }) {
  const [form] = Form.useForm<NotifyConfigInput>();
  const [testing, setTesting] = useState<AlarmChannel | null>(null);
  const emailOn = Form.useWatch(['email', 'enabled'], form);
  const webhookOn = Form.useWatch(['webhook', 'enabled'], form);
  const save = useCrudMutation((v: NotifyConfigInput) => saveNotifyConfig(v), { invalidate: [NOTIFY_KEY], success: '保存成功' });

  const test = (channel: AlarmChannel) => {
    if (form.isFieldsTouched()) {
      feedback.message.warning('设置有未保存的修改，请先保存再测试');
      return;
    }
    setTesting(channel);
  };

  return (
    <>
      <Form<NotifyConfigInput>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '110px' }}
        // A fixed basis: long help texts wrap inside the column instead of pushing it below the label.
        wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
        disabled={!canEdit}
        initialValues={toForm(config)}
        onFinish={(v) =>
          save
            .mutateAsync(v)
            .then((saved) => {
              // Untouched again (tests allowed), secrets emptied, the stored values shown.
              form.resetFields();
              form.setFieldsValue(toForm(saved));
            })
            .catch(() => undefined)
        }
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="站内消息始终发送。邮件、短信和 Webhook 只在告警规则勾选了该通知方式、此处已启用、且告警级别达到最低通知级别时发送；失败的投递会在 30 秒和 2 分钟后各重试一次。"
        />
        <Row gutter={48}>
          <Col xs={24} xl={12}>
            <Section title="邮件（SMTP）" enabledName={['email', 'enabled']} test={() => test('email')} canEdit={canEdit}>
              <Form.Item name={['email', 'host']} label="SMTP服务器" rules={[{ required: !!emailOn, whitespace: true, message: '请输入SMTP服务器' }]}>
                <Input placeholder="如 smtp.example.com" maxLength={255} />
              </Form.Item>
              <Form.Item name={['email', 'port']} label="端口" rules={[{ required: true, message: '请输入端口' }]}>
                <InputNumber min={1} max={65535} precision={0} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name={['email', 'secure']} label="SSL/TLS" valuePropName="checked" extra="465 端口一般开启；587 / 25 端口关闭（连接后自动升级加密）">
                <Switch checkedChildren="开" unCheckedChildren="关" />
              </Form.Item>
              <Form.Item name={['email', 'user']} label="用户名">
                <Input placeholder="SMTP 登录用户名，无需认证可留空" maxLength={255} autoComplete="off" />
              </Form.Item>
              <Form.Item name={['email', 'password']} label="密码" extra={config.email.passwordSet ? '已设置密码，留空则保持不变' : undefined}>
                <Input.Password placeholder={config.email.passwordSet ? '••••••（已设置）' : '请输入SMTP密码或授权码'} maxLength={255} autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name={['email', 'from']}
                label="发件人"
                rules={[{ required: !!emailOn, whitespace: true, message: '请输入发件人地址' }]}
                extra="如 alarm@example.com 或 配电监控 <alarm@example.com>"
              >
                <Input placeholder="发件人地址" maxLength={255} />
              </Form.Item>
            </Section>
          </Col>
          <Col xs={24} xl={12}>
            <Section title="短信" enabledName={['sms', 'enabled']} test={() => test('sms')} canEdit={canEdit}>
              <Form.Item label="说明">
                <Typography.Text type="secondary">发送给接收告警用户的手机号码；未接入短信平台时，短信保存在“系统管理 → 短信记录”中。</Typography.Text>
              </Form.Item>
            </Section>

            <Section title="Webhook" enabledName={['webhook', 'enabled']} test={() => test('webhook')} canEdit={canEdit}>
              <Form.Item
                name={['webhook', 'url']}
                label="地址"
                rules={[
                  { required: !!webhookOn, whitespace: true, message: '请输入Webhook地址' },
                  {
                    validator: async (_r, v?: string) => {
                      if (v && !HTTP_URL.test(v)) throw new Error('请输入以 http:// 或 https:// 开头的地址');
                    },
                  },
                ]}
              >
                <Input placeholder="https://example.com/pdz/alarm" maxLength={1000} />
              </Form.Item>
              <Form.Item
                name={['webhook', 'secret']}
                label="签名密钥"
                extra={
                  <>
                    以 POST 发送 JSON {'{ event, alarm }'}；设置密钥后请求头 X-Pdz-Signature 为请求体的 HMAC-SHA256（十六进制）。
                    {config.webhook.secretSet ? '已设置密钥，留空则保持不变。' : ''}
                  </>
                }
              >
                <Input.Password placeholder={config.webhook.secretSet ? '••••••（已设置）' : '可选'} maxLength={255} autoComplete="new-password" />
              </Form.Item>
            </Section>

            <Divider titlePlacement="start">最低通知级别</Divider>
            <Form.Item name="minLevel" label="发送级别" extra="低于此级别的告警只发站内消息">
              <Select options={LEVEL_OPTIONS} style={{ width: 240 }} />
            </Form.Item>
          </Col>
        </Row>

        {canEdit && (
          <Form.Item label=" " colon={false}>
            <Space>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                保存
              </Button>
              <Tooltip title="恢复为已保存的设置">
                <Button
                  onClick={() => {
                    // initialValues are those of the first render; the stored ones may be newer.
                    form.resetFields();
                    form.setFieldsValue(toForm(config));
                  }}
                >
                  重置
                </Button>
              </Tooltip>
            </Space>
          </Form.Item>
        )}
      </Form>
      <TestSendModal channel={testing} onClose={() => setTesting(null)} />
    </>
  );
}
