import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { testWrapper } from '@/components/crud/test-utils';
import { CheckTree, type CheckTreeNode } from './CheckTree';

const tree: CheckTreeNode[] = [
  { key: 1, title: '系统管理', children: [{ key: 2, title: '用户管理', children: [{ key: 4, title: '新增' }, { key: 5, title: '删除' }] }, { key: 3, title: '角色管理' }] },
];

function checkboxOf(title: string) {
  return screen.getByTitle(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;
}

afterEach(cleanup);

describe('CheckTree', () => {
  it('grants the page and its directory when a button is ticked (父子联动)', () => {
    const onChange = vi.fn();
    render(<CheckTree treeData={tree} value={[]} onChange={onChange} />, { wrapper: testWrapper() });
    fireEvent.click(screen.getByText('展开/折叠'));
    fireEvent.click(checkboxOf('新增'));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 4]);
  });

  it('without linkage ticks only the node, and 全选 grants everything', () => {
    const onChange = vi.fn();
    render(<CheckTree treeData={tree} value={[1]} onChange={onChange} />, { wrapper: testWrapper() });
    fireEvent.click(screen.getByText('父子联动'));
    fireEvent.click(checkboxOf('角色管理'));
    expect(onChange).toHaveBeenLastCalledWith([1, 3]);
    fireEvent.click(screen.getByText('全选/全不选'));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 4, 5, 3]);
  });

  it('draws a partly granted directory half-ticked', () => {
    render(<CheckTree treeData={tree} value={[1, 3]} />, { wrapper: testWrapper() });
    expect(checkboxOf('系统管理').className).toContain('ant-tree-checkbox-indeterminate');
    expect(checkboxOf('角色管理').className).toContain('ant-tree-checkbox-checked');
  });
});
