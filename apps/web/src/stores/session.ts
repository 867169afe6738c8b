import { create } from 'zustand';
import { DEFAULT_ROLE, DICT_VOLTAGE_LEVEL, type DictItem, type LoginResult, type UserInfo } from '@pdz/contracts';
import { COMPONENT_KEY, LOGO_KEY, ROLE_KEY, removeToken, setToken, getToken } from '@/utils/auth';
import * as authApi from '@/features/auth/api';

/** Spec §3 "Session user state". */
export interface SessionState {
  token: string | undefined;
  user: (LoginResult & Partial<UserInfo['user']>) | null;
  roles: string[];
  perms: string[];
  noConfirm: number;
  dydjOptions: DictItem[];
  loadMenus: boolean;
  /** Spec §4 Login: store token, save logo and component, set roles, loadMenus, fetch dict_dydj. */
  login(result: LoginResult, remember: boolean): Promise<void>;
  getInfo(): Promise<UserInfo>;
  /**
   * Clears token, roles and saved logo/roleKey/component even when the call fails (spec §4).
   * `keepState` clears only what is stored (cookie, local storage) for a reload that follows: the
   * guard then does not show sign-in before the reload, whose sign-in page would take the point
   * cookie and lose its hint in the reload.
   */
  logout(opts?: { keepState?: boolean }): Promise<void>;
  setNoConfirm(n: number): void;
  setLoadMenus(v: boolean): void;
}

const rolesOrDefault = (roles: string[] | undefined) => (roles && roles.length ? roles : [DEFAULT_ROLE]);

export const useSessionStore = create<SessionState>((set, get) => ({
  token: getToken(),
  user: null,
  roles: [],
  perms: [],
  noConfirm: 0,
  dydjOptions: [],
  loadMenus: false,

  async login(result, remember) {
    setToken(result.token, remember);
    if (result.logo) localStorage.setItem(LOGO_KEY, result.logo);
    else localStorage.removeItem(LOGO_KEY);
    localStorage.setItem(COMPONENT_KEY, result.component);
    const roles = rolesOrDefault(result.roles);
    localStorage.setItem(ROLE_KEY, roles[0]);
    set({ token: result.token, user: result, roles, loadMenus: true });
    try {
      set({ dydjOptions: await authApi.dictByType(DICT_VOLTAGE_LEVEL) });
    } catch {
      // The dictionary is a convenience for later screens; sign-in goes on without it.
    }
  },

  async getInfo() {
    const info = await authApi.getUserInfo();
    set({ user: { ...(get().user ?? ({} as LoginResult)), ...info.user }, roles: rolesOrDefault(info.roles), perms: info.perms });
    return info;
  },

  async logout(opts) {
    try {
      await authApi.logout();
    } catch {
      // Signing out locally must not depend on the server answering.
    } finally {
      removeToken();
      localStorage.removeItem(LOGO_KEY);
      localStorage.removeItem(ROLE_KEY);
      localStorage.removeItem(COMPONENT_KEY);
      if (!opts?.keepState) set({ token: undefined, roles: [], perms: [], user: null });
    }
  },

  setNoConfirm: (n) => set({ noConfirm: n }),
  setLoadMenus: (v) => set({ loadMenus: v }),
}));
