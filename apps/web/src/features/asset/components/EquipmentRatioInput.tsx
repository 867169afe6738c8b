import { useEffect, useState } from 'react';
import { Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { parseRatio, formatRatio } from './equipmentRatio';

/** Checks a ratio typed as a number or a nameplate fraction, with the contract's words for the range. */
export function ratioRules(label: string, schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }): Rule[] {
  return [
    { required: true, message: `请输入${label}` },
    {
      validator: async (_r, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        const n = parseRatio(value as string | number);
        if (n === null) throw new Error(`请输入正确的${label}，如 100 或 500/5`);
        const r = schema.safeParse(n);
        if (!r.success) throw new Error(r.error?.issues[0]?.message ?? `${label}有误`);
      },
    },
  ];
}

/**
 * A CT/PT ratio: accepts "100" or the nameplate "500/5"; shows the quotient while a fraction is
 * typed and turns the fraction into it on leaving the field, so the form always ends with a number.
 */
export function EquipmentRatioInput({ value, onChange, placeholder, id }: { value?: number | string | null; onChange?: (v: number | string | null) => void; placeholder?: string; id?: string }) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  useEffect(() => {
    // Follow outside changes (form reset, record loaded) without fighting the operator's typing.
    setText((t) => (parseRatio(t) === parseRatio(value ?? null) && t !== '' ? t : value === null || value === undefined ? '' : String(value)));
  }, [value]);
  const parsed = parseRatio(text);
  const isFraction = text.includes('/');
  return (
    <Input
      id={id}
      value={text}
      placeholder={placeholder}
      inputMode="decimal"
      suffix={isFraction && parsed !== null ? <span style={{ color: 'var(--ant-color-text-tertiary)' }}>= {formatRatio(parsed)}</span> : null}
      onChange={(e) => {
        setText(e.target.value);
        const n = parseRatio(e.target.value);
        onChange?.(e.target.value.trim() === '' ? null : (n ?? e.target.value));
      }}
      onBlur={() => {
        if (parsed !== null && isFraction) setText(formatRatio(parsed));
      }}
    />
  );
}
