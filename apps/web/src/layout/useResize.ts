import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppStore } from '@/stores/app';
import { bodyWidth, deviceForWidth } from './resize';

/**
 * Mobile mode (spec §2): under 992 px the device is "mobile" and the sidebar closes without
 * animation on entering it and after each route change.
 */
export function useResize() {
  const { pathname } = useLocation();
  const first = useRef(true);

  // Before the first paint, so a phone never sees the desktop sidebar flash by.
  useLayoutEffect(() => {
    const apply = () => {
      const { device, toggleDevice, closeSideBar } = useAppStore.getState();
      const next = deviceForWidth(bodyWidth());
      if (next === device) return;
      toggleDevice(next);
      if (next === 'mobile') closeSideBar({ withoutAnimation: true });
    };
    // Checked at mount too: the store starts as "desktop".
    apply();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(apply, 100);
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const { device, sidebar, closeSideBar } = useAppStore.getState();
    if (device === 'mobile' && sidebar.opened) closeSideBar({ withoutAnimation: true });
  }, [pathname]);
}
