import { useState } from 'react';
import { App, Button, Checkbox, Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import type { LoginResult } from '@pdz/contracts';
import { getPhoneCode, loginByPhone } from '../api';
import { codeRules, phoneRules } from '@/utils/validate';
import { SmsCodeInput } from './SmsCodeInput';
import s from '../pages/login.module.css';

interface Props {
  remember: boolean;
  onRememberChange: (v: boolean) => void;
  onSuccess: (result: LoginResult) => Promise<void> | void;
}

interface Values {
  phone: string;
  code: string;
}

/** 手机号登录: 手机号码 + 验证码 (GET /ignore/sms/getPhoneCode, then POST /ignore/admin/loginByPhone). */
export function PhoneLoginForm({ remember, onRememberChange, onSuccess }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(false);

  const sendCode = async () => {
    const { phone } = await form.validateFields(['phone']);
    const res = await getPhoneCode(phone);
    message.success('验证码已发送，请注意查收短信');
    return res?.resendAfter;
  };

  const submit = async (values: Values) => {
    setLoading(true);
    try {
      await onSuccess(await loginByPhone({ phone: values.phone.trim(), code: values.code.trim() }));
    } catch {
      // Shown by the HTTP client (wrong or expired code, unbound phone).
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form<Values> form={form} name="phone-login" size="large" onFinish={submit}>
      <Form.Item name="phone" rules={phoneRules} validateTrigger="onBlur">
        <Input prefix={<MobileOutlined />} placeholder="手机号码" inputMode="numeric" autoComplete="tel" maxLength={11} allowClear />
      </Form.Item>
      <Form.Item name="code" rules={codeRules}>
        <SmsCodeInput onSend={sendCode} size="large" />
      </Form.Item>
      <div className={s.formRow}>
        <Checkbox checked={remember} onChange={(e) => onRememberChange(e.target.checked)}>
          记住我
        </Checkbox>
        <span className={s.hint}>未绑定手机号请使用账号登录</span>
      </div>
      <Form.Item noStyle>
        <Button type="primary" htmlType="submit" block loading={loading} className={s.submit}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
