import type { FormRule } from 'antd';
import { newPassword, PHONE_PATTERN, EMAIL_PATTERN } from '@pdz/contracts';

/** Form rules with the same texts the server answers with (packages/contracts). */
export const phoneRules: FormRule[] = [
  { required: true, message: '请输入手机号码' },
  { pattern: PHONE_PATTERN, message: '请输入正确的手机号码' },
];

export const optionalPhoneRules: FormRule[] = [{ pattern: PHONE_PATTERN, message: '请输入正确的手机号码' }];
export const optionalEmailRules: FormRule[] = [{ pattern: EMAIL_PATTERN, message: '请输入正确的邮箱' }];

export const codeRules: FormRule[] = [
  { required: true, message: '请输入验证码' },
  { pattern: /^\d{6}$/, message: '验证码为6位数字' },
];

/** 8–64 characters with letters and digits: the contract's rule, so both sides agree. */
export const newPasswordRules: FormRule[] = [
  { required: true, message: '请输入新密码' },
  {
    validator: async (_rule, value: string | undefined) => {
      if (!value) return;
      const r = newPassword.safeParse(value);
      if (!r.success) throw new Error(r.error.issues[0]?.message ?? '密码不符合要求');
    },
  },
];

/** "Confirm password" must equal the field `other`. */
export const confirmRules = (other: string): FormRule[] => [
  { required: true, message: '请再次输入新密码' },
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      if (value && value !== getFieldValue(other)) throw new Error('两次输入的密码不一致');
    },
  }),
];

export const PASSWORD_HINT = '8–64位，须同时包含字母和数字';
