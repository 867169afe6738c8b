import type { DictItem, LoginBody, LoginResult, ModuleOption, ServerAddr, UserInfo } from '@pdz/contracts';
import { get, post, request } from '@/api/request';

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
