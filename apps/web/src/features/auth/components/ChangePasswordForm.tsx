import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { changePassword } from '../api';
import { confirmRules, newPasswordRules, PASSWORD_HINT } from '@/utils/validate';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** 修改密码: the old one, the new one twice. Other devices of this user are signed out by the server. */
export function ChangePasswordForm() {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      await changePassword(v.oldPassword, v.newPassword);
      message.success('修改成功');
      form.resetFields();
    } catch {
      // Shown by the HTTP client (旧密码不正确, 新密码不能与旧密码相同).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values> form={form} name="profile-password" labelCol={{ flex: '96px' }} wrapperCol={{ flex: 'auto' }} onFinish={submit} style={{ maxWidth: 560 }}>
      <Form.Item label="旧密码" name="oldPassword" rules={[{ required: true, message: '请输入旧密码' }]}>
        <Input.Password placeholder="请输入旧密码" autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <Form.Item label="新密码" name="newPassword" rules={newPasswordRules} extra={PASSWORD_HINT}>
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item label="确认密码" name="confirm" dependencies={['newPassword']} rules={confirmRules('newPassword')}>
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
        <Button style={{ marginLeft: 8 }} onClick={() => form.resetFields()}>
          重置
        </Button>
      </Form.Item>
    </Form>
  );
}
