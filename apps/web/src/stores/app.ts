import { create } from 'zustand';
import Cookies from 'js-cookie';

export type Device = 'desktop' | 'mobile';
export type Size = 'default' | 'medium' | 'small' | 'mini';

export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIZE_COOKIE = 'size';
export const MOBILE_BREAKPOINT = 992;
export const SIDEBAR_WIDTH = 205;

/** Spec §3 Display state and §4 Sidebar/Device/Size. */
interface AppState {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  size: Size;
  toggleSideBar(): void;
  closeSideBar(opts?: { withoutAnimation?: boolean }): void;
  toggleDevice(device: Device): void;
  setSize(size: Size): void;
}

const SIZES: Size[] = ['default', 'medium', 'small', 'mini'];
const savedSize = Cookies.get(SIZE_COOKIE) as Size | undefined;

export const useAppStore = create<AppState>((set, get) => ({
  // Open when no cookie exists (spec §4).
  sidebar: { opened: Cookies.get(SIDEBAR_COOKIE) ? Cookies.get(SIDEBAR_COOKIE) === '1' : true, withoutAnimation: false },
  device: 'desktop',
  size: savedSize && SIZES.includes(savedSize) ? savedSize : 'small',
  toggleSideBar() {
    const opened = !get().sidebar.opened;
    Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
    set({ sidebar: { opened, withoutAnimation: false } });
  },
  closeSideBar(opts) {
    Cookies.set(SIDEBAR_COOKIE, '0');
    set({ sidebar: { opened: false, withoutAnimation: !!opts?.withoutAnimation } });
  },
  toggleDevice: (device) => set({ device }),
  setSize(size) {
    Cookies.set(SIZE_COOKIE, size);
    set({ size });
  },
}));

/** antd has three sizes; the spec's four map onto them (medium and default both "middle"). */
export function antdSize(size: Size): 'large' | 'middle' | 'small' {
  return size === 'default' ? 'middle' : size === 'medium' ? 'middle' : 'small';
}
