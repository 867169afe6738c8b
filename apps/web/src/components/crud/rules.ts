import type { Rule } from 'antd/es/form';
import { EMAIL_PATTERN, PHONE_PATTERN } from '@pdz/contracts';

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
  if (opts.required) rules.push({ required: true, message: `${opts.select ? '请选择' : '请输入'}${opts.required}` });
  rules.push({
    validator: async (_rule, value: unknown) => {
      // A blank required field: the required rule above already spoke.
      if (isBlank(value) && opts.required) return;
      const r = schema.safeParse(value === null ? undefined : value);
      if (!r.success) throw new Error(r.error?.issues[0]?.message ?? '输入有误');
    },
  });
  return rules;
}

/** Spec §5: 11 digits starting with 1. */
export function phoneRules(label = '手机号码', required = false): Rule[] {
  return [
    ...(required ? [{ required: true, message: `请输入${label}` }] : []),
    { pattern: PHONE_PATTERN, message: `请输入正确的${label}` },
  ];
}

export function emailRules(label = '邮箱', required = false): Rule[] {
  return [
    ...(required ? [{ required: true, message: `请输入${label}` }] : []),
    { pattern: EMAIL_PATTERN, message: `请输入正确的${label}` },
  ];
}

/** Spec §5: four dotted numbers 0-255, empty allowed. */
export const IP_PATTERN = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
export function ipRules(): Rule[] {
  return [{ pattern: IP_PATTERN, message: '请输入正确的IP地址' }];
}
