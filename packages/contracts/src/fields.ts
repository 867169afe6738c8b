import { z } from 'zod';

/**
 * Field builders whose error messages name the field in Chinese, so a validation failure
 * reads "请输入用户名" rather than a generic schema error. Both the server (request
 * validation) and the console (form rules) show these texts.
 */
export function text(label: string, opts: { min?: number; max?: number } = {}) {
  const max = opts.max ?? 255;
  const min = opts.min ?? 1;
  return z
    .string({ error: (iss) => (iss.input === undefined || iss.input === null ? `请输入${label}` : `${label}必须是文本`) })
    .trim()
    .min(min, min <= 1 ? `请输入${label}` : `${label}至少需要${min}个字符`)
    .max(max, `${label}不能超过${max}个字符`);
}

/** An optional text: empty strings become null so "cleared" and "never set" are stored alike. */
export function optionalText(label: string, max = 255) {
  return z
    .string({ error: `${label}必须是文本` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
}

export function id(label = '编号') {
  return z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .positive(`${label}无效`);
}

export function optionalId(label: string) {
  return z.preprocess((v) => (v === '' || v === undefined || v === null ? null : v), id(label).nullable());
}

export function int(label: string, opts: { min?: number; max?: number } = {}) {
  let s = z.coerce.number({ error: `${label}必须是数字` }).int(`${label}必须是整数`);
  if (opts.min !== undefined) s = s.min(opts.min, `${label}不能小于${opts.min}`);
  if (opts.max !== undefined) s = s.max(opts.max, `${label}不能大于${opts.max}`);
  return s;
}

export function num(label: string, opts: { min?: number; max?: number } = {}) {
  let s = z.coerce.number({ error: `${label}必须是数字` }).refine(Number.isFinite, `${label}必须是有效数字`);
  if (opts.min !== undefined) s = s.refine((v) => v >= opts.min!, `${label}不能小于${opts.min}`);
  if (opts.max !== undefined) s = s.refine((v) => v <= opts.max!, `${label}不能大于${opts.max}`);
  return s;
}

export function flag(label: string) {
  return z.preprocess(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: `${label}必须是是或否` }),
  );
}

export function oneOf<T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z.enum(values, { error: `${label}取值无效` });
}

/** 11 digits, starting with 1 (spec §5). */
export const PHONE_PATTERN = /^1\d{10}$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

export function phone(label = '手机号码') {
  return z
    .string({ error: `请输入${label}` })
    .trim()
    .regex(PHONE_PATTERN, `请输入正确的${label}`);
}

export function optionalPhone(label = '手机号码') {
  return z
    .string({ error: `${label}必须是文本` })
    .trim()
    .refine((v) => v === '' || PHONE_PATTERN.test(v), `请输入正确的${label}`)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
}

export function optionalEmail(label = '邮箱') {
  return z
    .string({ error: `${label}必须是文本` })
    .trim()
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), `请输入正确的${label}`)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
}

/** Comma-separated ids as sent by `remove?ids=1,2,3`. */
export function idList(label = '编号') {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : Array.isArray(v) ? v : v === undefined ? [] : [v]),
    z.array(id(label)).min(1, `请选择要操作的${label === '编号' ? '记录' : label}`),
  );
}
