import { afterEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { getToken, removeToken, savedComponent, setToken, TOKEN_COOKIE } from './auth';

afterEach(() => {
  vi.restoreAllMocks();
  removeToken();
  localStorage.clear();
});

describe('token cookie (spec §9)', () => {
  it('is named TOEKN, the spec spelling', () => {
    expect(TOKEN_COOKIE).toBe('TOEKN');
    setToken('abc', false);
    expect(document.cookie).toContain('TOEKN=abc');
    expect(getToken()).toBe('abc');
  });
  it('lasts 1 day when remembered and the browser session otherwise', () => {
    const set = vi.spyOn(Cookies, 'set');
    setToken('t1', true);
    expect(set).toHaveBeenLastCalledWith('TOEKN', 't1', { expires: 1 });
    setToken('t2', false);
    expect(set).toHaveBeenLastCalledWith('TOEKN', 't2', undefined);
  });
  it('removeToken clears it', () => {
    setToken('abc', true);
    removeToken();
    expect(getToken()).toBeUndefined();
  });
  it('savedComponent reads the component key from local storage', () => {
    expect(savedComponent()).toBeNull();
    localStorage.setItem('component', '/home/index');
    expect(savedComponent()).toBe('/home/index');
  });
});
