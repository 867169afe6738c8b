import { Form, Input, Modal, Typography } from 'antd';
import type { AlarmChannel, DeliveryRow } from '@pdz/contracts';
import { useCrudMutation } from '@/components/crud';
import { useSessionStore } from '@/stores/session';
import { DELIVERY_KEY, testNotify } from './api';
import { CHANNEL_LABELS } from './labels';

const TARGET: Partial<Record<AlarmChannel, { label: string; mine: 'email' | 'phone'; what: string }>> = {
  email: { label: '收件邮箱', mine: 'email', what: '邮箱' },
  sms: { label: '手机号码', mine: 'phone', what: '手机号码' },
};

/**
 * 测试发送 on one channel with the saved settings. E-mail and SMS ask where to (empty: the signed-in
 * user's own address); the webhook goes to its configured address.
 */
export function TestSendModal({ channel, onClose }: { channel: AlarmChannel | null; onClose: () => void }) {
  const [form] = Form.useForm<{ to?: string }>();
  const user = useSessionStore((s) => s.user);
  const send = useCrudMutation((to: string | undefined) => testNotify({ channel: channel!, to: to || undefined }), {
    invalidate: [DELIVERY_KEY],
    success: (r: DeliveryRow) => `测试${CHANNEL_LABELS[r.channel]}已发送至 ${r.recipient}`,
    onSuccess: () => onClose(),
  });
  const target = channel ? TARGET[channel] : undefined;
  const mine = target ? (user?.[target.mine] as string | null | undefined) : undefined;

  return (
    <Modal
      open={channel !== null}
      title={channel ? `测试发送 · ${CHANNEL_LABELS[channel]}` : ''}
      okText="发送"
      onOk={() => form.validateFields().then((v) => send.mutateAsync(v.to?.trim())).catch(() => undefined)}
      confirmLoading={send.isPending}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">使用已保存的设置立即发送一条测试消息，结果会记录在下方的投递记录中。</Typography.Paragraph>
      {target ? (
        <Form form={form} layout="vertical">
          <Form.Item
            name="to"
            label={target.label}
            rules={mine ? [] : [{ required: true, whitespace: true, message: `请输入${target.label}` }]}
            extra={mine ? `留空则发送到您的${target.what} ${mine}` : `您的账号未填写${target.what}，请在此填写`}
          >
            <Input placeholder={mine ?? `请输入${target.label}`} allowClear maxLength={255} />
          </Form.Item>
        </Form>
      ) : (
        <Typography.Paragraph>测试消息将以 POST 方式发送到已保存的 Webhook 地址，事件类型为 test。</Typography.Paragraph>
      )}
    </Modal>
  );
}
