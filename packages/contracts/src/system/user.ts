import { z } from 'zod';
import { text, optionalText, optionalId, optionalPhone, optionalEmail, id, idList, flag } from '../fields';
import { pageQuery } from '../envelope';
import { newPassword } from '../auth';

export const USER_SORT_COLUMNS = ['id', 'userName', 'createdAt', 'lastLoginAt'] as const;

export const userQuery = pageQuery.extend({
  userName: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(20).optional(),
  deptId: optionalId('部门').optional(),
  enabled: flag('状态').optional(),
});

const userFields = {
  nickName: optionalText('姓名', 64),
  deptId: optionalId('部门'),
  phone: optionalPhone(),
  email: optionalEmail(),
  remark: optionalText('备注', 255),
  roleIds: z.array(id('角色'), { error: '角色必须是列表' }).default([]),
  enabled: flag('状态').default(true),
};

export const userAddBody = z.object({
  userName: text('用户名', { min: 2, max: 32 }).regex(/^[A-Za-z0-9_.@-]+$/, '用户名只能包含字母、数字和 _ . @ -'),
  password: newPassword,
  ...userFields,
});
/**
 * Edit: `roleIds` and `enabled` left out mean "unchanged", so a form that does not show them
 * cannot strip a user's roles or re-enable them by accident.
 */
export const userEditBody = z.object({
  id: id('用户'),
  ...userFields,
  roleIds: z.array(id('角色'), { error: '角色必须是列表' }).optional(),
  enabled: flag('状态').optional(),
});
export const userResetPwdBody = z.object({ id: id('用户'), password: newPassword });
export const userStatusBody = z.object({ id: id('用户'), enabled: flag('状态') });
/** GET /api/system/user/remove?ids=1,2 */
export const userRemoveQuery = z.object({ ids: idList('用户') });
export const profileBody = z.object({
  nickName: optionalText('姓名', 64),
  phone: optionalPhone(),
  email: optionalEmail(),
  remark: optionalText('系统标题', 64),
});

export interface UserRow {
  id: number;
  userName: string;
  nickName: string | null;
  deptId: number | null;
  deptName: string | null;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  remark: string | null;
  enabled: boolean;
  /** The built-in administrator: cannot be disabled or deleted. */
  builtIn: boolean;
  roleIds: number[];
  roleNames: string[];
  createdAt: number;
  lastLoginAt: number | null;
  lastLoginIp: string | null;
}

/** Largest avatar / logo image accepted (png, jpeg, gif, webp; checked by content, not name). */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** POST /api/system/user/profile/avatar | logo | minLogo: the stored name, shown via /common/download/resource. */
export interface ProfileImageResult {
  avatar?: string;
  logo?: string;
  minLogo?: string;
}
