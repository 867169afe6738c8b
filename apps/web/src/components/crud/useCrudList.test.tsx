import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { Page } from '@pdz/contracts';
import { useCrudList, type ListParams } from './useCrudList';
import { CrudTable, type CrudColumn } from './CrudTable';
import { COLUMN_STORAGE_PREFIX } from './columnSettings';
import { testWrapper } from './test-utils';

interface Row {
  id: number;
  name: string;
  createdAt: number;
}

const wrapper = testWrapper;

const page = (list: Row[], total = list.length): Page<Row> => ({ list, total, pageNum: 1, pageSize: 10 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('useCrudList', () => {
  it('sends filters, page and sort to the fetcher and goes back to page 1 on search', async () => {
    const fetcher = vi.fn(async (_p: ListParams) => page([{ id: 1, name: 'a', createdAt: 0 }], 35));
    const { result } = renderHook(() => useCrudList<Row, { name?: string; enabled?: boolean }>(['t', 'row'], fetcher, { enabled: true }), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.total).toBe(35));
    expect(fetcher).toHaveBeenLastCalledWith({ enabled: true, pageNum: 1, pageSize: 10 });

    act(() => result.current.onTableChange({ current: 3, pageSize: 10 }, {}, {}, { action: 'paginate' }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith({ enabled: true, pageNum: 3, pageSize: 10 }));

    act(() => result.current.onTableChange({ current: 3, pageSize: 10 }, {}, { columnKey: 'createdAt', order: 'descend' }, { action: 'sort' }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith({ enabled: true, pageNum: 1, pageSize: 10, orderBy: 'createdAt', order: 'desc' }));

    act(() => result.current.onTableChange({ current: 2, pageSize: 50 }, {}, {}, { action: 'paginate' }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ pageNum: 1, pageSize: 50 })));

    act(() => result.current.search({ name: ' x ' }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith({ name: 'x', enabled: true, pageNum: 1, pageSize: 50, orderBy: 'createdAt', order: 'desc' }));
    expect(result.current.exportParams).toEqual({ name: 'x', enabled: true, orderBy: 'createdAt', order: 'desc' });

    act(() => result.current.reset());
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith({ enabled: true, pageNum: 1, pageSize: 50 }));
  });
});

function Harness({ fetcher }: { fetcher: (p: ListParams) => Promise<Page<Row>> }) {
  const list = useCrudList<Row>(['t', 'table'], fetcher, {});
  const columns: CrudColumn<Row>[] = [
    { key: 'name', title: '名称', dataIndex: 'name' },
    { key: 'createdAt', title: '创建时间', dataIndex: 'createdAt', sorter: true },
    { key: 'op', title: '操作', hideable: false, render: () => 'op' },
  ];
  return <CrudTable<Row> pageKey="test/rows" columns={columns} state={list} />;
}

describe('CrudTable', () => {
  it('shows the total, sorts on the server and remembers hidden columns', async () => {
    const fetcher = vi.fn(async (_p: ListParams) => page([{ id: 1, name: '一号', createdAt: 0 }], 42));
    render(<Harness fetcher={fetcher} />, { wrapper: wrapper() });
    expect(await screen.findByText('一号')).toBeTruthy();
    expect(screen.getByText('共 42 条')).toBeTruthy();

    fireEvent.click(screen.getAllByRole('columnheader', { name: /创建时间/ })[0]);
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ orderBy: 'createdAt', order: 'asc' })));

    fireEvent.click(screen.getByLabelText('列设置'));
    const box = await screen.findByTestId('column-settings');
    expect(box.textContent).not.toContain('操作');
    fireEvent.click(screen.getByRole('checkbox', { name: '名称' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: '名称' })).toBeNull());
    expect(JSON.parse(localStorage.getItem(COLUMN_STORAGE_PREFIX + 'test/rows')!)).toEqual(['name']);
  }, 30_000);
});
