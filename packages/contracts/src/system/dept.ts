import { z } from 'zod';
import { text, optionalText, optionalPhone, optionalEmail, id, int, flag } from '../fields';

const deptFields = {
  parentId: z.coerce.number({ error: '上级部门必须是数字' }).int().min(0).default(0),
  deptName: text('部门名称', { max: 50 }),
  orderNum: int('显示顺序', { min: 0, max: 9999 }).default(0),
  leader: optionalText('负责人', 32),
  phone: optionalPhone('联系电话'),
  email: optionalEmail(),
  enabled: flag('状态').default(true),
};
export const deptAddBody = z.object(deptFields);
export const deptEditBody = z.object({ id: id('部门'), ...deptFields });
export const deptQuery = z.object({
  deptName: z.string().trim().max(50).optional(),
  enabled: flag('状态').optional(),
});

/** GET /api/system/dept/remove?id= */
export const deptRemoveQuery = z.object({ id: id('部门') });

export interface DeptRow {
  id: number;
  parentId: number;
  deptName: string;
  orderNum: number;
  leader: string | null;
  phone: string | null;
  email: string | null;
  enabled: boolean;
  createdAt: number;
}
export interface DeptTreeNode extends DeptRow {
  children: DeptTreeNode[];
}

/** Node of GET /api/system/dept/initDeptUserTreeData: departments with their users as leaves. */
export interface DeptUserTreeNode {
  /** `dept-<id>` or `user-<id>`: unique across both kinds, as tree components need. */
  id: string;
  label: string;
  type: 'dept' | 'user';
  /** The department's or user's numeric id. */
  entityId: number;
  children?: DeptUserTreeNode[];
}

/** Node of GET /api/system/dept/treeSelect (pickers): disabled departments cannot be chosen. */
export interface DeptTreeSelectNode {
  id: number;
  label: string;
  disabled: boolean;
  children?: DeptTreeSelectNode[];
}
