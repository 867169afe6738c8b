import { describe, expect, it } from 'vitest';
import { MOBILE_BREAKPOINT, SIDEBAR_WIDTH } from '@/stores/app';
import { deviceForWidth } from './resize';

describe('mobile breakpoint', () => {
  it('is mobile under 992 px', () => {
    expect(MOBILE_BREAKPOINT).toBe(992);
    expect(deviceForWidth(800)).toBe('mobile');
    expect(deviceForWidth(991)).toBe('mobile');
    expect(deviceForWidth(992)).toBe('desktop');
    expect(deviceForWidth(1440)).toBe('desktop');
  });

  it('keeps the spec sidebar width', () => {
    expect(SIDEBAR_WIDTH).toBe(205);
  });
});
