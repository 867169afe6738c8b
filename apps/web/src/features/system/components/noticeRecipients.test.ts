import { describe, expect, it } from 'vitest';
import type { DeptUserTreeNode } from '@pdz/contracts';
import { pickedUserIds } from './noticeRecipients';

const tree: DeptUserTreeNode[] = [
  {
    id: 'dept-1',
    label: '总部',
    type: 'dept',
    entityId: 1,
    children: [
      { id: 'user-1', label: '管理员', type: 'user', entityId: 1 },
      {
        id: 'dept-2',
        label: '运维部',
        type: 'dept',
        entityId: 2,
        children: [
          { id: 'user-5', label: '张三', type: 'user', entityId: 5 },
          { id: 'user-6', label: '李四', type: 'user', entityId: 6 },
        ],
      },
    ],
  },
];

describe('notice recipients', () => {
  it('a picked department stands for every user below it', () => {
    expect(pickedUserIds(tree, ['dept-2']).sort()).toEqual([5, 6]);
    expect(pickedUserIds(tree, ['dept-1']).sort()).toEqual([1, 5, 6]);
  });
  it('picked users count once, and an empty department picks nobody', () => {
    expect(pickedUserIds(tree, ['user-5', 'dept-2'])).toEqual([5, 6]);
    expect(pickedUserIds(tree, [])).toEqual([]);
    expect(pickedUserIds(undefined, ['dept-1'])).toEqual([]);
  });
});
