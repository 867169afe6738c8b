import { useState } from 'react';
import { Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginResult } from '@pdz/contracts';
import { login } from '../api';
import s from '../pages/login.module.css';

interface Props {
  remember: boolean;
  onRememberChange: (v: boolean) => void;
  onForgot: () => void;
  onSuccess: (result: LoginResult) => Promise<void> | void;
}

interface Values {
  username: string;
  password: string;
}

/** 账号密码登录. The placeholders 账号 / 密码 are what the screenshot and e2e scripts look for. */
export function PasswordLoginForm({ remember, onRememberChange, onForgot, onSuccess }: Props) {
  const [loading, setLoading] = useState(false);

  const submit = async (values: Values) => {
    setLoading(true);
    try {
      await onSuccess(await login({ username: values.username.trim(), password: values.password }));
    } catch {
      // The HTTP client shows the server's message (wrong password, account locked, …).
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form<Values> name="password-login" size="large" onFinish={submit} autoComplete="on">
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: '请输入账号' }]}>
        <Input prefix={<UserOutlined />} placeholder="账号" autoComplete="username" maxLength={64} allowClear />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" maxLength={128} />
      </Form.Item>
      <div className={s.formRow}>
        <Checkbox checked={remember} onChange={(e) => onRememberChange(e.target.checked)}>
          记住我
        </Checkbox>
        <a
          role="button"
          onClick={(e) => {
            e.preventDefault();
            onForgot();
          }}
        >
          忘记密码
        </a>
      </div>
      <Form.Item noStyle>
        <Button type="primary" htmlType="submit" block loading={loading} className={s.submit}>
          登录
        </Button>
      </Form.Item>
    </Form>
  );
}
