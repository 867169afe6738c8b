import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useSessionStore } from '@/stores/session';
import { CrudToolbar } from './CrudToolbar';
import { testWrapper } from './test-utils';

const P = { add: 'x:add', remove: 'x:remove', export: 'x:export' };
const rows = [
  { id: 1, name: '甲' },
  { id: 2, name: '乙' },
  { id: 3, name: '丙' },
];
const list = (selected: number[]) => ({ list: rows, selectedRowKeys: selected, exportParams: {} });
const draw = (selected: number[], onConfirm = vi.fn(), onAdd = vi.fn()) =>
  render(
    <CrudToolbar list={list(selected)} perms={P} onAdd={onAdd} remove={{ noun: '站点', name: (r) => r.name, onConfirm }} exportTo={{ url: '/x/export', baseName: '站点数据' }}>
      <button type="button">导入</button>
    </CrudToolbar>,
    { wrapper: testWrapper() },
  );
const button = (name: RegExp) => screen.queryByRole('button', { name });

describe('CrudToolbar', () => {
  afterEach(cleanup);

  it('shows each button only to holders of its permission, page buttons between 删除 and 导出', () => {
    useSessionStore.setState({ perms: ['x:add', 'x:export'] });
    draw([]);
    expect(button(/新\s*增/)).not.toBeNull();
    expect(button(/删\s*除/)).toBeNull();
    expect(button(/导\s*出/)).not.toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['新增', '导入', '导出']);
  });

  it('删除 waits for ticked rows, names them and hands their ids over once confirmed', async () => {
    useSessionStore.setState({ perms: ['admin'] });
    const onConfirm = vi.fn();
    const { unmount } = draw([], onConfirm);
    expect(button(/删\s*除/)).toHaveProperty('disabled', true);
    unmount();
    draw([1, 3], onConfirm);
    fireEvent.click(button(/删\s*除/)!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('是否确认删除站点“甲”、“丙”');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledWith([1, 3]));
  });
});
