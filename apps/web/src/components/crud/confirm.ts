import { feedback } from '@/app/feedback';

export interface ConfirmOptions {
  title?: string;
  content: React.ReactNode;
  /** Runs on 确定; the dialog shows a spinner until it settles, then closes either way. */
  onOk: () => Promise<unknown> | unknown;
  danger?: boolean;
  okText?: string;
}

/**
 * A confirmation dialog. A failed action closes the dialog too: the HTTP client has already
 * told the operator why, and leaving the dialog open would invite a blind second click.
 */
export function confirmAction({ title = '系统提示', content, onOk, danger, okText }: ConfirmOptions) {
  feedback.confirm({
    title,
    content,
    okText: okText ?? '确定',
    cancelText: '取消',
    okButtonProps: danger ? { danger: true } : undefined,
    onOk: async () => {
      try {
        await onOk();
      } catch {
        // Already shown by the HTTP client's error policy.
      }
    },
  });
}

/** "是否确认删除用户“张三”？" — `what` names the kind and the record(s). */
export function deleteQuestion(what: string) {
  return `是否确认删除${what}？`;
}

export function confirmDelete(what: string, onOk: () => Promise<unknown> | unknown) {
  confirmAction({ content: deleteQuestion(what), onOk, danger: true });
}

/** Quote a record's name the Chinese way; long names are cut so the question stays readable. */
export function quoted(name: string | number | null | undefined) {
  const s = String(name ?? '');
  return `“${s.length > 30 ? `${s.slice(0, 30)}…` : s}”`;
}

/** The selected records, named when there are few: 用户“a”、“b”, else 选中的 12 个用户. */
export function describeSelection(kind: string, names: (string | number | null | undefined)[], unit = '个') {
  if (names.length === 0) return kind;
  if (names.length <= 3) return `${kind}${names.map(quoted).join('、')}`;
  return `选中的 ${names.length} ${unit}${kind}`;
}
