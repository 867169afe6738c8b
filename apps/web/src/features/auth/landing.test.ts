import { describe, expect, it } from 'vitest';
import { isSafeInternalPath, resolveLanding } from './landing';

describe('resolveLanding', () => {
  it('prefers the redirect parameter, keeping its query', () => {
    expect(resolveLanding('/system/user?x=1', '/selectMoudle')).toBe('/system/user?x=1');
  });
  it('falls back to the component path the server returned (may be module selection)', () => {
    expect(resolveLanding(null, '/selectMoudle')).toBe('/selectMoudle');
    expect(resolveLanding('', '/monitor/overview')).toBe('/monitor/overview');
  });
  it('ends on /home/index when neither is usable', () => {
    expect(resolveLanding(undefined, '')).toBe('/home/index');
    expect(resolveLanding(null, null)).toBe('/home/index');
  });
  it('never leaves the site or loops to /login', () => {
    expect(resolveLanding('https://evil.example/x', '/a')).toBe('/a');
    expect(resolveLanding('//evil.example/x', null)).toBe('/home/index');
    expect(resolveLanding('/\\evil.example', null)).toBe('/home/index');
    expect(resolveLanding('/login?redirect=/x', '/a')).toBe('/a');
    expect(resolveLanding(null, 'javascript:alert(1)')).toBe('/home/index');
  });
  it('isSafeInternalPath accepts plain console paths', () => {
    expect(isSafeInternalPath('/home/index')).toBe(true);
    expect(isSafeInternalPath('/loginx')).toBe(true);
    expect(isSafeInternalPath('home/index')).toBe(false);
  });
});
