import { create } from 'zustand';
import type { RouteMenu } from '@pdz/contracts';
import { get } from '@/api/request';
import { constantRoutes } from '@/router/constantRoutes';
import { buildRoutes, indexRoutes, type IndexedRoute } from '@/router/buildRoutes';
import type { AppRoute } from '@/router/types';
import { useSessionStore } from './session';
import { noConfirmCount } from '@/features/auth/api';

/** The full route list and the sidebar list are kept separately (spec §2). */
interface PermissionState {
  routes: AppRoute[];
  sidebarRouters: AppRoute[];
  index: IndexedRoute[];
  loaded: boolean;
  /** Spec §2 first navigation: user info → unconfirmed count → menus → routes. */
  bootstrap(): Promise<void>;
  setMenus(menus: RouteMenu[]): void;
  reset(): void;
}

let inflight: Promise<void> | null = null;

export const usePermissionStore = create<PermissionState>((set, getState) => ({
  routes: constantRoutes,
  sidebarRouters: constantRoutes,
  index: indexRoutes(constantRoutes),
  loaded: false,

  bootstrap() {
    inflight ??= (async () => {
      const session = useSessionStore.getState();
      try {
        await session.getInfo();
      } catch {
        // The reload follows: keep the in-memory session so sign-in is not rendered before it.
        await session.logout({ keepState: true });
        window.location.reload();
        return;
      }
      try {
        session.setNoConfirm(await noConfirmCount());
      } catch {
        // The bell shows 0 until the next refresh.
      }
      getState().setMenus(await get<RouteMenu[]>('/api/system/menu/selectMenusByUser'));
      session.setLoadMenus(false);
    })().finally(() => {
      inflight = null;
    });
    return inflight;
  },

  setMenus(menus) {
    const dynamic = buildRoutes(menus);
    const routes = [...constantRoutes, ...dynamic];
    set({ routes, sidebarRouters: routes, index: indexRoutes(routes), loaded: true });
  },

  reset: () => set({ routes: constantRoutes, sidebarRouters: constantRoutes, index: indexRoutes(constantRoutes), loaded: false }),
}));
