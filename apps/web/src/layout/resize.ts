import { MOBILE_BREAKPOINT, type Device } from '@/stores/app';

/** Spec §2/§9: mobile mode applies when the body is narrower than 992 px. */
export function deviceForWidth(width: number): Device {
  return width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

export function bodyWidth(): number {
  return document.body.getBoundingClientRect().width || window.innerWidth;
}
