import axios from 'axios';
import { useQuery } from '@tanstack/react-query';
import type { DictItem, LoginBody, LoginResult, ModuleOption, ProfileImageResult, ServerAddr, SiteConfig, UserInfo, UserRow } from '@pdz/contracts';
import { get, post, request } from '@/api/request';
import { getToken } from '@/utils/auth';

export const login = (body: LoginBody) => post<LoginResult>('/admin/login', body);
export const loginByPhone = (body: { phone: string; code: string }) => post<LoginResult>('/ignore/admin/loginByPhone', body);
export const logout = () => get<null>('/admin/logout');
export const getUserInfo = () => get<UserInfo>('/api/system/user/selectUserInfo');
export const getServerAddr = () => get<ServerAddr>('/api/getServerAddr');
export const dictByType = (dictType: string) => get<DictItem[]>('/api/system/dict/data/selectBy', { dictType });

export const sendSms = (phone: string, purpose: 'login' | 'resetPwd' | 'bindPhone') => get<{ resendAfter: number }>('/ignore/sms/sendSms', { phone, purpose });
export const getPhoneCode = (phone: string) => get<{ resendAfter: number }>('/ignore/sms/getPhoneCode', { phone });
export const validPhoneCode = (phone: string, code: string) => get<{ ticket: string }>('/ignore/sms/validPhoneCode', { phone, code, purpose: 'resetPwd' });
export const resetPwd = (phone: string, ticket: string, password: string) => request<null>({ method: 'GET', url: '/ignore/admin/resetPwd', params: { phone, ticket, password } });

export const listModules = () => get<ModuleOption[]>('/api/system/user/modules');
export const selectModule = (module: string) => post<ModuleOption>('/api/system/user/selectModule', { module });
export const noConfirmCount = () => get<number>('/api/pdfznjkpt/mail/noConfirmCount');

// ---- Personal centre (/user/center) ----

export interface ProfileEdit {
  nickName: string | null;
  phone: string | null;
  email: string | null;
  /** Shown as 系统标题: the top bar shows it instead of the default title. */
  remark: string | null;
}
export const editProfile = (body: ProfileEdit) => post<null>('/api/system/user/profile/edit', body);
export const changePassword = (oldPassword: string, newPassword: string) => post<null>('/api/system/user/profile/changePassword', { oldPassword, newPassword });
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return post<ProfileImageResult>('/api/system/user/profile/avatar', form, { type: 'file' });
}

/**
 * The signed-in user's own row (role names, creation time) when the server offers
 * GET /api/system/user/profile; null otherwise. Bare axios so that an absent endpoint stays silent
 * and the page falls back to the session's user info.
 */
export async function fetchOwnProfile(): Promise<UserRow | null> {
  try {
    const token = getToken();
    const res = await axios.get<{ code?: number; data?: UserRow }>('/api/system/user/profile', {
      baseURL: import.meta.env.VITE_APP_BASE_API ?? '',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      timeout: 10_000,
    });
    return res.data?.code === 0 && res.data.data && typeof res.data.data === 'object' ? res.data.data : null;
  } catch {
    return null;
  }
}

/** Stored images (avatars, logos) are public by their unguessable stored name. */
export const resourceUrl = (stored: string) => `${import.meta.env.VITE_APP_BASE_API ?? ''}/common/download/resource?resource=${encodeURIComponent(stored)}`;

// ---- Site settings shown before sign-in ----

/**
 * Public site settings (title, footer, filing number). Read with a bare axios call so that a
 * missing endpoint or a failure stays silent: the login page then shows its defaults.
 */
export async function fetchSiteConfig(): Promise<Partial<SiteConfig> | null> {
  try {
    const res = await axios.get<{ code?: number; data?: Partial<SiteConfig> } | null>('/api/system/config/site', {
      baseURL: import.meta.env.VITE_APP_BASE_API ?? '',
      timeout: 10_000,
    });
    const body = res.data;
    if (!body || typeof body !== 'object') return null;
    return body.code === 0 && body.data ? body.data : null;
  } catch {
    return null;
  }
}

export const authKeys = {
  site: ['auth', 'site'] as const,
  modules: ['auth', 'modules'] as const,
  profile: ['auth', 'profile'] as const,
};

export const useSiteConfig = () => useQuery({ queryKey: authKeys.site, queryFn: fetchSiteConfig, staleTime: 5 * 60_000 });
export const useModules = () => useQuery({ queryKey: authKeys.modules, queryFn: listModules, staleTime: 0 });
export const useOwnProfile = () => useQuery({ queryKey: authKeys.profile, queryFn: fetchOwnProfile, staleTime: 0 });
