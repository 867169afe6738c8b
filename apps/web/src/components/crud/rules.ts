import type { Rule } from 'antd/es/form';

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
