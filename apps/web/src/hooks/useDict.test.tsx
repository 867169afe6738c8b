import { describe, expect, it, vi, beforeEach } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DictItem } from '@pdz/contracts';

const dictByType = vi.fn<(type: string) => Promise<DictItem[]>>();
vi.mock('@/features/auth/api', () => ({ dictByType: (t: string) => dictByType(t) }));

const { useDict, dictLabel, MSG_NEED_DICT_NAMES } = await import('./useDict');

const DYDJ: DictItem[] = [
  { value: '1', label: '10kV' },
  { value: '2', label: '0.4kV' },
];
const STATUS: DictItem[] = [
  { value: '0', label: '停用' },
  { value: '1', label: '正常' },
];

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  dictByType.mockReset();
  dictByType.mockImplementation(async (t) => (t === 'dict_dydj' ? DYDJ : t === 'sys_status' ? STATUS : []));
});

describe('useDict', () => {
  it('fetches each named dictionary and returns them by name', async () => {
    const { result } = renderHook(() => useDict('dict_dydj', 'sys_status'), { wrapper });
    expect(result.current).toEqual({ dict_dydj: [], sys_status: [] });
    await waitFor(() => expect(result.current.dict_dydj).toEqual(DYDJ));
    expect(result.current.sys_status).toEqual(STATUS);
    expect(dictByType.mock.calls.map((c) => c[0]).sort()).toEqual(['dict_dydj', 'sys_status']);
  });

  it('fetches a dictionary once however many times it is asked for', async () => {
    const { result } = renderHook(() => [useDict('dict_dydj'), useDict('dict_dydj')], { wrapper });
    await waitFor(() => expect(result.current[1].dict_dydj).toEqual(DYDJ));
    expect(dictByType).toHaveBeenCalledTimes(1);
  });

  it('stays empty for a failed fetch (the HTTP client shows the error)', async () => {
    dictByType.mockRejectedValue(new Error('boom'));
    const { result } = renderHook(() => useDict('broken'), { wrapper });
    await waitFor(() => expect(dictByType).toHaveBeenCalled());
    expect(result.current.broken).toEqual([]);
  });

  it('throws "need Dict names" without names', () => {
    expect(MSG_NEED_DICT_NAMES).toBe('need Dict names');
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useDict(), { wrapper })).toThrow('need Dict names');
    spy.mockRestore();
    expect(dictByType).not.toHaveBeenCalled();
  });
});

describe('dictLabel', () => {
  it('finds the label of a value, comparing as strings', () => {
    expect(dictLabel(DYDJ, '1')).toBe('10kV');
    expect(dictLabel(DYDJ, 2)).toBe('0.4kV');
    expect(dictLabel(STATUS, true)).toBe('true');
  });
  it('falls back to the value itself, and to "" for empty values', () => {
    expect(dictLabel(DYDJ, '9')).toBe('9');
    expect(dictLabel(undefined, '1')).toBe('1');
    expect(dictLabel(DYDJ, null)).toBe('');
    expect(dictLabel(DYDJ, undefined)).toBe('');
    expect(dictLabel(DYDJ, '')).toBe('');
    expect(dictLabel(STATUS, 0)).toBe('停用');
  });
});
