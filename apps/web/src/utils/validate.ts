import type { RuleObject } from 'antd/es/form';

/** Spec §5 validation rules and their Chinese messages. */
export const MSG_PHONE = '请输入正确的手机号码';
export const MSG_EMAIL = '请输入正确的邮箱地址';
export const MSG_IP = '请输入正确的IP地址';

const PHONE_RE = /^1\d{10}$/;
// Local part, @, dotted domain with a letter top-level label of at least two characters.
const EMAIL_RE = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
// One octet 0–255 without leading zeros ("01" is not an address part).
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IP_RE = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const EXTERNAL_RE = /^(https?:|mailto:|tel:)/;

/** 11 digits, starting with 1 followed by any digit. */
export function isPhone(value: unknown): boolean {
  return typeof value === 'string' && PHONE_RE.test(value);
}

export function isEmail(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > 254) return false;
  if (!EMAIL_RE.test(value)) return false;
  const local = value.slice(0, value.lastIndexOf('@'));
  return local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
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
