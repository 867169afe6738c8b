import { SUPER_PERM } from '@pdz/contracts';

export const PERM_USAGE = `请设置操作权限标签值，例如 <Auth perms={['system:user:add']}>，perms 必须是数组`;

/**
 * Spec §6: passes when the user holds 'admin' or any of the listed permissions.
 * A non-array argument is a programming error and throws with the usage (spec §5).
 */
export function hasPerm(userPerms: readonly string[], required: unknown): boolean {
  if (!Array.isArray(required) || required.length === 0) throw new Error(PERM_USAGE);
  if (userPerms.includes(SUPER_PERM) || userPerms.includes('*:*:*')) return true;
  return required.some((p) => userPerms.includes(p as string));
}
