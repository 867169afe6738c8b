import { useCallback, useMemo, useState } from 'react';

/**
 * Column visibility per page, remembered in localStorage. Only the HIDDEN keys are stored, so a
 * column added in a later release shows up by default instead of staying hidden forever. Nothing
 * stored (never changed, or 恢复默认) means the page's default hidden columns.
 */
export const COLUMN_STORAGE_PREFIX = 'crud-columns:';

export function loadHiddenColumns(pageKey: string, defaults: string[] = []): string[] {
  try {
    const raw = localStorage.getItem(COLUMN_STORAGE_PREFIX + pageKey);
    if (raw === null) return defaults;
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : defaults;
  } catch {
    // Broken storage (hand-edited, another app's value) must not break the page.
    return defaults;
  }
}

/** `null` forgets the choice (back to the page's defaults). */
export function saveHiddenColumns(pageKey: string, hidden: string[] | null) {
  try {
    if (hidden) localStorage.setItem(COLUMN_STORAGE_PREFIX + pageKey, JSON.stringify(hidden));
    else localStorage.removeItem(COLUMN_STORAGE_PREFIX + pageKey);
  } catch {
    // Private mode / quota: the choice just lasts for this page view.
  }
}

export interface SettableColumn {
  key?: React.Key;
  /** false: always shown (e.g. the operations column), not offered in the settings. */
  hideable?: boolean;
}

export function columnKeyOf(c: SettableColumn & { dataIndex?: unknown }): string {
  if (c.key !== undefined) return String(c.key);
  return Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : String(c.dataIndex ?? '');
}

/** Columns left after removing the hidden ones; unhideable columns always stay. */
export function visibleColumns<C extends SettableColumn & { dataIndex?: unknown }>(columns: C[], hidden: string[]): C[] {
  const set = new Set(hidden);
  return columns.filter((c) => c.hideable === false || !set.has(columnKeyOf(c)));
}

export function useColumnSettings(pageKey: string | undefined, defaultHidden: string[] = []) {
  const [hidden, setHiddenState] = useState<string[]>(() => (pageKey ? loadHiddenColumns(pageKey, defaultHidden) : defaultHidden));
  const setHidden = useCallback(
    (next: string[]) => {
      setHiddenState(next);
      if (pageKey) saveHiddenColumns(pageKey, next);
    },
    [pageKey],
  );
  const toggle = useCallback(
    (key: string, show: boolean) => setHidden(show ? hidden.filter((k) => k !== key) : [...new Set([...hidden, key])]),
    [hidden, setHidden],
  );
  const reset = useCallback(() => {
    setHiddenState(defaultHidden);
    if (pageKey) saveHiddenColumns(pageKey, null);
    // defaultHidden is the page's constant.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageKey]);
  return useMemo(() => ({ hidden, setHidden, toggle, reset }), [hidden, setHidden, toggle, reset]);
}
