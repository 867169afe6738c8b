import { z } from 'zod';
import { text, phone } from './fields';

export const loginBody = z.object({
  username: text('用户名', { max: 64 }),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码不能超过128个字符'),
});
export type LoginBody = z.infer<typeof loginBody>;

/** What a successful sign-in returns; the console stores it as the user (spec §3). */
export interface LoginResult {
  token: string;
  logo: string | null;
  component: string;
  roles: string[];
  userName: string;
}

/** Purposes an SMS code may be bound to: a code sent for sign-in cannot reset a password. */
export const SMS_PURPOSES = ['login', 'resetPwd', 'bindPhone'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const sendSmsQuery = z.object({
  phone: phone(),
  purpose: z.enum(SMS_PURPOSES, { error: '验证码用途取值无效' }).default('login'),
});

export const smsCode = z
  .string({ error: '请输入验证码' })
  .trim()
  .regex(/^\d{6}$/, '验证码为6位数字');

export const validPhoneCodeQuery = z.object({
  phone: phone(),
  code: smsCode,
  purpose: z.enum(SMS_PURPOSES, { error: '验证码用途取值无效' }).default('resetPwd'),
});

/** Password rule for new passwords: 8–64 characters with letters and digits. */
export const newPassword = z
  .string({ error: '请输入新密码' })
  .min(8, '密码长度不能少于8位')
  .max(64, '密码长度不能超过64位')
  .regex(/[A-Za-z]/, '密码必须包含字母')
  .regex(/\d/, '密码必须包含数字');

export const resetPwdQuery = z.object({
  phone: phone(),
  /** The one-time ticket returned by validPhoneCode, so the code is checked once. */
  ticket: z.string({ error: '请先验证手机验证码' }).min(16, '请先验证手机验证码'),
  password: newPassword,
});

export const loginByPhoneBody = z.object({ phone: phone(), code: smsCode });

export const changePasswordBody = z.object({
  oldPassword: z.string({ error: '请输入旧密码' }).min(1, '请输入旧密码'),
  newPassword,
});

export interface DeptBrief {
  id: number;
  name: string;
}

/** GET /api/system/user/selectUserInfo */
export interface UserInfo {
  user: {
    id: number;
    userName: string;
    nickName: string | null;
    avatar: string | null;
    remark: string | null;
    logo: string | null;
    minLogo: string | null;
    phone: string | null;
    email: string | null;
    dept: DeptBrief | null;
    module: string | null;
  };
  perms: string[];
  roles: string[];
}

export interface ServerAddr {
  /** Websocket URL path (relative to the page origin unless absolute); the console appends ?token= */
  socketUrl: string;
  uploadUrl: string;
  avatarUrl: string;
  logoUrl: string;
  fileDownloadUrl: string;
  resourceUrl: string;
  swaggerUrl: string;
}

export interface ModuleOption {
  key: string;
  title: string;
  icon: string | null;
  /** First page of the module, where the console lands after choosing it. */
  firstPath: string | null;
}

export const selectModuleBody = z.object({ module: text('模块', { max: 32 }) });

export const MODULE_TITLES: Record<string, string> = {
  monitor: '监控中心',
  energy: '能源管理',
  ops: '智能运维',
  system: '系统管理',
};
