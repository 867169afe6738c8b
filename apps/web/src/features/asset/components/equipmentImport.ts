import type { ImportRowError } from '@pdz/contracts';

/** One line of the import report table. */
export interface ImportReportRow extends ImportRowError {
  key: string;
}

function isRowError(v: unknown): v is ImportRowError {
  if (!v || typeof v !== 'object') return false;
  const e = v as Record<string, unknown>;
  return typeof e.row === 'number' && typeof e.field === 'string' && typeof e.reason === 'string';
}

/**
 * The per-row report inside a refused import's answer (`{ code: 400, msg, data: { errors } }`),
 * or null when the answer is something else (no file, wrong format, no permission …), which the
 * HTTP client has already shown as a message.
 */
export function importErrorsOf(body: unknown): ImportRowError[] | null {
  let data = body;
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const errors = (data as { data?: { errors?: unknown } } | null)?.data?.errors;
  if (!Array.isArray(errors) || errors.length === 0) return null;
  const valid = errors.filter(isRowError);
  return valid.length ? valid : null;
}

/** Rows in file order (then by column as reported), each with a stable key for the table. */
export function importReportRows(errors: ImportRowError[]): ImportReportRow[] {
  return errors
    .map((e, i) => ({ ...e, i }))
    .sort((a, b) => a.row - b.row || a.i - b.i)
    .map(({ i, ...e }) => ({ ...e, key: `${e.row}-${i}` }));
}

/** "第 3、5 行等 4 行有误，共 6 处问题，所有数据均未导入" — what the operator reads above the table. */
export function importFailureSummary(errors: ImportRowError[]): string {
  const rows = [...new Set(errors.map((e) => e.row))].sort((a, b) => a - b);
  const shown = rows.slice(0, 5).join('、');
  const which = rows.length > 5 ? `第 ${shown} 行等 ${rows.length} 行` : `第 ${shown} 行`;
  return `${which}有误，共 ${errors.length} 处问题，所有数据均未导入。请按下表修改文件后重新导入。`;
}

/** Only .xlsx workbooks (the template's format) are accepted. */
export function isXlsx(fileName: string): boolean {
  return /\.xlsx$/i.test(fileName);
}
