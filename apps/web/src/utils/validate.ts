import type { FormRule } from 'antd';
import type { Rule, RuleObject } from 'antd/es/form';
import { EMAIL_PATTERN, PHONE_PATTERN, newPassword } from '@pdz/contracts';

/**
 * The console's one home for form validation: spec §5 checks and their Chinese messages, rules
 * built from the contract schemas (so a form says what the server would), and the sign-in and
 * password rules.
 */
export const MSG_PHONE = '请输入正确的手机号码';
export const MSG_EMAIL = '请输入正确的邮箱地址';
export const MSG_IP = '请输入正确的IP地址';

// Phone and e-mail patterns are the server's (contracts), so the form never accepts what the API refuses.
const PHONE_RE = PHONE_PATTERN;
// One octet 0–255 without leading zeros ("01" is not an address part).
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IP_RE = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const EXTERNAL_RE = /^(https?:|mailto:|tel:)/;

/** 11 digits, starting with 1 followed by any digit. */
export function isPhone(value: unknown): boolean {
  return typeof value === 'string' && PHONE_RE.test(value);
}

/**
 * The server's pattern, plus the dot and hyphen placement it lets through ("a..b@c.com",
 * ".a@b.com", "a@-b.com"), which no mail system delivers to.
 */
export function isEmail(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 254 || !EMAIL_PATTERN.test(value)) return false;
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split('.');
  if (local.length > 64 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  return labels.every((l) => l.length > 0 && !l.startsWith('-') && !l.endsWith('-'));
}

/** Four dotted numbers 0–255; an empty value is allowed (the field is optional unless `required`). */
export function isIP(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  return typeof value === 'string' && IP_RE.test(value);
}

/** Links that leave the console: http(s), mailto and tel. */
export function isExternal(path: unknown): boolean {
  return typeof path === 'string' && EXTERNAL_RE.test(path);
}

/** Empty values pass; `required` is a separate rule so each message stays specific. */
const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

function patternRule(test: (v: string) => boolean, message: string): RuleObject {
  return {
    validator: (_rule, value: unknown) => (isEmpty(value) || (typeof value === 'string' && test(value)) ? Promise.resolve() : Promise.reject(new Error(message))),
    message,
  };
}

export const phoneRule: RuleObject = patternRule(isPhone, MSG_PHONE);
export const emailRule: RuleObject = patternRule(isEmail, MSG_EMAIL);
export const ipRule: RuleObject = patternRule(isIP, MSG_IP);

/** The part of a zod schema the form needs; keeps the console free of a direct zod import. */
interface Parser {
  safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

function isBlank(v: unknown) {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
}

/**
 * Form rules from a contract field schema, so the form says exactly what the server would
 * ("请输入用户名", "请输入正确的手机号码"). `required` puts the red mark on the label and, when the
 * field is blank, says "请输入<label>" / "请选择<label>" before the schema's own rules run.
 */
export function schemaRules(schema: Parser, opts: { required?: string | false; select?: boolean } = {}): Rule[] {
  const rules: Rule[] = [];
  const requiredMessage = `${opts.select ? '请选择' : '请输入'}${opts.required}`;
  if (opts.required) rules.push({ required: true, message: requiredMessage });
  rules.push({
    validator: async (_rule, value: unknown) => {
      // Spaces only pass antd's required rule, but the server trims them to nothing.
      if (opts.required && typeof value === 'string' && value !== '' && !value.trim()) throw new Error(requiredMessage);
      // A blank required field: the required rule above already spoke.
      if (isBlank(value) && opts.required) return;
      const r = schema.safeParse(value === null ? undefined : value);
      if (!r.success) throw new Error(r.error?.issues[0]?.message ?? '输入有误');
    },
  });
  return rules;
}

/** Form rules with the same texts the server answers with (packages/contracts). */
export const phoneRules: FormRule[] = [{ required: true, message: '请输入手机号码' }, phoneRule];

export const optionalPhoneRules: FormRule[] = [phoneRule];
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
