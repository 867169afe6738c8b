import type { RuleObject } from 'antd/es/form';
import { EMAIL_PATTERN, PHONE_PATTERN } from '@pdz/contracts';

/** Spec §5 validation rules and their Chinese messages. */
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
