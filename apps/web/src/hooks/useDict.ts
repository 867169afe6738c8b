import { useQueries } from '@tanstack/react-query';
import type { DictItem } from '@pdz/contracts';
import { dictByType } from '@/features/auth/api';

/** Spec §5/§8: the dictionary hook is a programming error without names. */
export const MSG_NEED_DICT_NAMES = 'need Dict names';

/** Dictionaries change rarely; one fetch per type serves every screen for a while. */
const DICT_STALE_MS = 5 * 60_000;
const EMPTY: DictItem[] = [];

export const dictQueryKey = (name: string) => ['dict', name] as const;

/**
 * `const { dict_dydj } = useDict('dict_dydj')`: items of each named dictionary
 * (GET /api/system/dict/data/selectBy?dictType=), empty until loaded.
 */
export function useDict<N extends string>(...names: N[]): Record<N, DictItem[]> {
  if (names.length === 0) throw new Error(MSG_NEED_DICT_NAMES);
  return useQueries({
    queries: names.map((name) => ({ queryKey: dictQueryKey(name), queryFn: () => dictByType(name), staleTime: DICT_STALE_MS })),
    combine: (results) => Object.fromEntries(names.map((name, i) => [name, results[i]?.data ?? EMPTY])) as Record<N, DictItem[]>,
  });
}

/** The label of `value` in a dictionary; the value itself when unknown, '' when empty. */
export function dictLabel(items: readonly DictItem[] | undefined, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const key = String(value);
  return items?.find((item) => String(item.value) === key)?.label ?? key;
}
