import { describe, expect, it } from 'vitest';
import { buildTree, displayChecks, filterTree, flattenTree, indexTree, toggleCheck } from './tree';

// 1 系统管理 ─ 2 用户管理 ─ 4 新增, 5 删除
//            └ 3 角色管理
// 6 首页
interface N {
  id: number;
  name: string;
  children?: N[];
}
const tree: N[] = [
  { id: 1, name: '系统管理', children: [{ id: 2, name: '用户管理', children: [{ id: 4, name: '新增' }, { id: 5, name: '删除' }] }, { id: 3, name: '角色管理' }] },
  { id: 6, name: '首页' },
];
const index = indexTree(tree, (n) => n.id);

describe('permission tree with 父子联动', () => {
  it('ticking a button grants its page and directory', () => {
    expect(toggleCheck(index, [], 4, true, true)).toEqual([1, 2, 4]);
  });
  it('ticking a directory grants everything below', () => {
    expect(toggleCheck(index, [], 1, true, true)).toEqual([1, 2, 4, 5, 3]);
  });
  it('unticking the last button below removes the empty page and directory', () => {
    expect(toggleCheck(index, [1, 2, 4], 4, false, true)).toEqual([]);
    expect(toggleCheck(index, [1, 2, 4, 3], 4, false, true)).toEqual([1, 3]);
  });
  it('without linkage only the node changes', () => {
    expect(toggleCheck(index, [1, 2], 4, true, false)).toEqual([1, 2, 4]);
    expect(toggleCheck(index, [1, 2, 4], 2, false, false)).toEqual([1, 4]);
  });
  it('draws partial grants half-ticked', () => {
    expect(displayChecks(index, [1, 2, 4], true)).toEqual({ checked: [4], halfChecked: [1, 2] });
    expect(displayChecks(index, [1, 2, 4, 5, 3], true).checked).toEqual([1, 2, 4, 5, 3]);
    expect(displayChecks(index, [2], false)).toEqual({ checked: [2], halfChecked: [] });
  });
  it('drops keys no longer in the tree', () => {
    expect(toggleCheck(index, [99, 6], 3, true, false)).toEqual([3, 6]);
  });
});

describe('tree helpers', () => {
  it('builds a tree from parentId rows', () => {
    const t = buildTree([
      { id: 1, parentId: 0, n: 'a' },
      { id: 2, parentId: 1, n: 'b' },
      { id: 3, parentId: 9, n: 'orphan' },
    ]);
    expect(t.map((r) => r.id)).toEqual([1, 3]);
    expect(t[0].children?.map((r) => r.id)).toEqual([2]);
    expect(t[1].children).toBeUndefined();
  });
  it('flattens and filters keeping the path to matches', () => {
    expect(flattenTree(tree).map((n) => n.id)).toEqual([1, 2, 4, 5, 3, 6]);
    const f = filterTree(tree, (n) => n.name === '删除');
    expect(f).toHaveLength(1);
    expect(f[0].children?.[0].children?.map((n) => n.id)).toEqual([5]);
  });
});
