import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { codeButtonText, useCountdown } from '../hooks/useCountdown';

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  /**
   * Sends the code: validate the phone first and throw to abort. Resolves with the server's
   * resend wait in seconds (60 when it does not say).
   */
  onSend: () => Promise<number | undefined>;
  size?: 'large' | 'middle' | 'small';
}

/** 验证码 input with its 获取验证码 button and the 60 s resend countdown. */
export function SmsCodeInput({ value, onChange, onSend, size }: Props) {
  const { remaining, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      start(await onSend());
    } catch {
      // The phone field or the HTTP client has already shown why.
    } finally {
      setSending(false);
    }
  };

  return (
    <Space.Compact block size={size}>
      <Input
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
        placeholder="验证码"
        prefix={<SafetyCertificateOutlined />}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        allowClear
      />
      <Button onClick={send} loading={sending} disabled={remaining > 0} style={{ minWidth: 118 }}>
        {codeButtonText(remaining)}
      </Button>
    </Space.Compact>
  );
}
