import { useState } from 'react';
import { App, Button, Form, Input, Modal, Result, Steps } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { resetPwd, sendSms, validPhoneCode } from '../api';
import { codeRules, confirmRules, newPasswordRules, PASSWORD_HINT, phoneRules } from '@/utils/validate';
import { SmsCodeInput } from './SmsCodeInput';

interface Props {
  open: boolean;
  onClose: () => void;
}

interface VerifyValues {
  phone: string;
  code: string;
}
interface PasswordValues {
  password: string;
  confirm: string;
}

export const RESET_DONE_MESSAGE = '密码已重置，请使用新密码登录';

/**
 * 找回密码 in three steps: phone + SMS code (sendSms purpose resetPwd) → the code is checked once
 * for a one-time ticket (validPhoneCode) → new password twice, then resetPwd with the ticket.
 */
export function ForgotPasswordModal({ open, onClose }: Props) {
  const { message } = App.useApp();
  const [step, setStep] = useState(0);
  const [phone, setPhone] = useState('');
  const [ticket, setTicket] = useState('');
  const [busy, setBusy] = useState(false);
  const [verifyForm] = Form.useForm<VerifyValues>();
  const [passwordForm] = Form.useForm<PasswordValues>();

  const close = () => {
    onClose();
    // Start afresh next time; a ticket is single-use anyway.
    setStep(0);
    setTicket('');
    verifyForm.resetFields();
    passwordForm.resetFields();
  };

  const sendCode = async () => {
    const { phone: p } = await verifyForm.validateFields(['phone']);
    const res = await sendSms(p, 'resetPwd');
    message.success('验证码已发送，请注意查收短信');
    return res?.resendAfter;
  };

  const verify = async (v: VerifyValues) => {
    setBusy(true);
    try {
      const res = await validPhoneCode(v.phone.trim(), v.code.trim());
      setPhone(v.phone.trim());
      setTicket(res.ticket);
      setStep(1);
    } catch {
      // Wrong or expired code: shown by the HTTP client; the user may request a new one.
    } finally {
      setBusy(false);
    }
  };

  const reset = async (v: PasswordValues) => {
    setBusy(true);
    try {
      await resetPwd(phone, ticket, v.password);
      message.success(RESET_DONE_MESSAGE);
      setStep(2);
    } catch {
      // A spent or expired ticket means starting over from the code.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="找回密码" open={open} onCancel={close} footer={null} width={460} destroyOnHidden mask={{ closable: false }}>
      <Steps
        size="small"
        current={step}
        style={{ margin: '12px 0 28px' }}
        items={[{ title: '验证手机' }, { title: '设置新密码' }, { title: '完成' }]}
      />
      {step === 0 && (
        <Form<VerifyValues> form={verifyForm} name="forgot-verify" layout="vertical" onFinish={verify} requiredMark={false}>
          <Form.Item label="手机号码" name="phone" rules={phoneRules} extra="请输入账号绑定的手机号码">
            <Input prefix={<MobileOutlined />} placeholder="请输入手机号码" inputMode="numeric" maxLength={11} allowClear />
          </Form.Item>
          <Form.Item label="验证码" name="code" rules={codeRules}>
            <SmsCodeInput onSend={sendCode} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form<PasswordValues> form={passwordForm} name="forgot-password" layout="vertical" onFinish={reset} requiredMark={false}>
          <Form.Item label="新密码" name="password" rules={newPasswordRules} extra={PASSWORD_HINT}>
            <Input.Password prefix={<LockOutlined />} placeholder="请输入新密码" autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <Form.Item label="确认密码" name="confirm" dependencies={['password']} rules={confirmRules('password')}>
            <Input.Password prefix={<LockOutlined />} placeholder="请再次输入新密码" autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            确认重置
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Result
          status="success"
          title="密码已重置"
          subTitle="请使用新密码登录"
          extra={
            <Button type="primary" onClick={close}>
              返回登录
            </Button>
          }
        />
      )}
    </Modal>
  );
}
