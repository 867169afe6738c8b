import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { COLUMN_STORAGE_PREFIX, loadHiddenColumns, saveHiddenColumns, useColumnSettings, visibleColumns } from './columnSettings';

describe('column settings', () => {
  beforeEach(() => localStorage.clear());

  it('remembers hidden columns per page', () => {
    saveHiddenColumns('system/users', ['phone']);
    expect(loadHiddenColumns('system/users')).toEqual(['phone']);
    expect(loadHiddenColumns('system/roles')).toEqual([]);
    // Showing everything is a choice too: it overrides the page's defaults.
    saveHiddenColumns('system/users', []);
    expect(loadHiddenColumns('system/users', ['id'])).toEqual([]);
    saveHiddenColumns('system/users', null);
    expect(localStorage.getItem(COLUMN_STORAGE_PREFIX + 'system/users')).toBeNull();
    expect(loadHiddenColumns('system/users', ['id'])).toEqual(['id']);
  });

  it('survives broken storage', () => {
    localStorage.setItem(COLUMN_STORAGE_PREFIX + 'p', '{not json');
    expect(loadHiddenColumns('p')).toEqual([]);
    localStorage.setItem(COLUMN_STORAGE_PREFIX + 'p', '{"a":1}');
    expect(loadHiddenColumns('p')).toEqual([]);
  });

  it('never hides an unhideable column; new columns show by default', () => {
    const cols = [{ key: 'a' }, { key: 'b' }, { key: 'op', hideable: false }, { dataIndex: 'c' }];
    expect(visibleColumns(cols, ['b', 'op', 'gone']).map((c) => c.key ?? c.dataIndex)).toEqual(['a', 'op', 'c']);
  });

  it('the hook toggles, persists and resets', () => {
    const { result, unmount } = renderHook(() => useColumnSettings('system/audit'));
    act(() => result.current.toggle('ip', false));
    act(() => result.current.toggle('detail', false));
    act(() => result.current.toggle('ip', true));
    expect(result.current.hidden).toEqual(['detail']);
    unmount();
    // A later visit to the page starts with the saved choice.
    const again = renderHook(() => useColumnSettings('system/audit'));
    expect(again.result.current.hidden).toEqual(['detail']);
    act(() => again.result.current.reset());
    expect(loadHiddenColumns('system/audit')).toEqual([]);
    expect(localStorage.getItem(COLUMN_STORAGE_PREFIX + 'system/audit')).toBeNull();
  });

  it('starts from the page defaults until the operator chooses', () => {
    const { result } = renderHook(() => useColumnSettings('system/users', ['id']));
    expect(result.current.hidden).toEqual(['id']);
    act(() => result.current.toggle('id', true));
    expect(loadHiddenColumns('system/users', ['id'])).toEqual([]);
    act(() => result.current.reset());
    expect(result.current.hidden).toEqual(['id']);
  });
});
