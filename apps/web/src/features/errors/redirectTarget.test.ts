import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirectTarget';

describe('redirectTarget', () => {
  it('drops the /redirect prefix and keeps query and hash', () => {
    expect(redirectTarget('/redirect/system/user', '?pageNum=2', '#top')).toBe('/system/user?pageNum=2#top');
    expect(redirectTarget('/redirect/home/index')).toBe('/home/index');
  });
  it('/redirect alone goes to the root', () => {
    expect(redirectTarget('/redirect')).toBe('/');
    expect(redirectTarget('/redirect/')).toBe('/');
  });
  it('never produces a protocol-relative address', () => {
    expect(redirectTarget('/redirect//evil.example/x')).toBe('/evil.example/x');
  });
  it('only strips a whole "redirect" segment', () => {
    expect(redirectTarget('/redirection/x')).toBe('/redirection/x');
  });
});
