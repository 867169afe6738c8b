import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, renderHook, cleanup } from '@testing-library/react';
import { hasPerm, PERM_USAGE } from './hasPerm';
import { Auth, usePerm } from './Auth';
import { useSessionStore } from '@/stores/session';

afterEach(() => {
  cleanup();
  useSessionStore.setState({ perms: [] });
});

describe('hasPerm', () => {
  const mine = ['system:user:list', 'system:user:edit'];

  it('passes when the user holds any of the listed permissions', () => {
    expect(hasPerm(mine, ['system:user:edit'])).toBe(true);
    expect(hasPerm(mine, ['system:role:add', 'system:user:list'])).toBe(true);
  });
  it('fails when the user holds none of them', () => {
    expect(hasPerm(mine, ['system:user:remove'])).toBe(false);
    expect(hasPerm([], ['system:user:list'])).toBe(false);
  });
  it('matches whole codes only', () => {
    expect(hasPerm(mine, ['system:user'])).toBe(false);
    expect(hasPerm(['system:user'], ['system:user:list'])).toBe(false);
  });
  it("'admin' passes every check", () => {
    expect(hasPerm(['admin'], ['anything:at:all'])).toBe(true);
    expect(hasPerm(['*:*:*'], ['system:menu:remove'])).toBe(true);
  });
  it('throws the usage message for a non-array or empty list', () => {
    for (const bad of ['system:user:list', undefined, null, 1, {}, []]) expect(() => hasPerm(mine, bad), JSON.stringify(bad)).toThrow(PERM_USAGE);
    expect(() => hasPerm(['admin'], 'admin')).toThrow(PERM_USAGE);
    expect(PERM_USAGE).toContain('perms 必须是数组');
  });
});

describe('Auth / usePerm', () => {
  it('renders children for a holder and nothing otherwise', () => {
    useSessionStore.setState({ perms: ['system:user:add'] });
    const { rerender } = render(
      <Auth perms={['system:user:add']}>
        <button>新增</button>
      </Auth>,
    );
    expect(screen.getByText('新增')).toBeTruthy();
    rerender(
      <Auth perms={['system:user:remove']}>
        <button>删除</button>
      </Auth>,
    );
    expect(screen.queryByText('删除')).toBeNull();
  });
  it('follows the session store', () => {
    const { result, rerender } = renderHook(() => usePerm(['system:dict:edit']));
    expect(result.current).toBe(false);
    useSessionStore.setState({ perms: ['admin'] });
    rerender();
    expect(result.current).toBe(true);
  });
});
