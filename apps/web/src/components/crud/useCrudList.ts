import { useCallback, useMemo, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import type { Page } from '@pdz/contracts';
import { feedback } from '@/app/feedback';
import { DEFAULT_PAGE_SIZE, exportParams, listParams, pageAfterRemove, toServerSort, type PageState, type RangeField, type SortState } from './params';

export type ListParams = Record<string, unknown> & { pageNum: number; pageSize: number; orderBy?: string; order?: 'asc' | 'desc' };

export interface CrudListOptions {
  pageSize?: number;
  sort?: SortState;
  /** Form range fields → two params (see queryToParams). */
  ranges?: Record<string, RangeField>;
  /** false: wait (e.g. until a parent record is chosen). */
  enabled?: boolean;
}

/**
 * A server-paged list: filters, page, sort and selection in one place, the rows through
 * react-query under the structured key `[...queryKey, 'list', params]`, so invalidating
 * `queryKey` (what every mutation of the entity does) refreshes every page of it.
 */
export function useCrudList<Row, Q extends Record<string, unknown> = Record<string, unknown>>(
  queryKey: QueryKey,
  fetcher: (params: ListParams) => Promise<Page<Row>>,
  initialQuery: Q,
  options: CrudListOptions = {},
) {
  const [filters, setFilters] = useState<Q>(initialQuery);
  const [page, setPage] = useState<PageState>({ pageNum: 1, pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE });
  const [sort, setSort] = useState<SortState>(options.sort ?? {});
  const [selectedRowKeys, setSelectedRowKeys] = useState<React.Key[]>([]);

  const params = useMemo(() => listParams(filters, page, sort, options.ranges) as ListParams, [filters, page, sort, options.ranges]);
  const query = useQuery({
    queryKey: [...queryKey, 'list', params],
    queryFn: () => fetcher(params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const list = query.data?.list ?? [];
  const total = query.data?.total ?? 0;

  /** New filters (from the query form): back to page 1, forget the selection. */
  const search = useCallback((values: Partial<Q>) => {
    setFilters((f) => ({ ...f, ...values }));
    setPage((p) => ({ ...p, pageNum: 1 }));
    setSelectedRowKeys([]);
  }, []);
  /** Replace the filters outright (the query form's current values, cleared fields included). */
  const replaceFilters = useCallback((values: Q) => {
    setFilters(values);
    setPage((p) => ({ ...p, pageNum: 1 }));
    setSelectedRowKeys([]);
  }, []);
  const reset = useCallback(() => {
    setFilters(initialQuery);
    setPage((p) => ({ ...p, pageNum: 1 }));
    setSort(options.sort ?? {});
    setSelectedRowKeys([]);
    // initialQuery / options.sort are the caller's constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** antd Table onChange: paging and sort (filters come from the query form, not the header). */
  const onTableChange = useCallback((pagination: TablePaginationConfig, _f: unknown, sorter: unknown, extra?: { action?: string }) => {
    if (extra?.action === 'sort') {
      setSort(toServerSort(sorter));
      setPage((p) => ({ ...p, pageNum: 1 }));
      return;
    }
    setPage((p) => {
      const pageSize = pagination.pageSize ?? p.pageSize;
      return { pageSize, pageNum: pageSize !== p.pageSize ? 1 : (pagination.current ?? p.pageNum) };
    });
    setSelectedRowKeys([]);
  }, []);

  /** After a delete: stay, or step back when the last page became empty. */
  const afterRemove = useCallback(
    (removed: number) => {
      setPage((p) => ({ ...p, pageNum: pageAfterRemove(p, total, removed) }));
      setSelectedRowKeys([]);
    },
    [total],
  );

  const pagination: TablePaginationConfig = {
    current: page.pageNum,
    pageSize: page.pageSize,
    total,
    showSizeChanger: true,
    showQuickJumper: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (t) => `共 ${t} 条`,
  };

  return {
    filters,
    page,
    sort,
    params,
    exportParams: exportParams(params),
    list,
    total,
    loading: query.isLoading,
    fetching: query.isFetching,
    error: query.error,
    refetch: query.refetch,
    search,
    replaceFilters,
    reset,
    setPage,
    setSort,
    afterRemove,
    selectedRowKeys,
    setSelectedRowKeys,
    onTableChange,
    pagination,
  };
}

export type CrudList<Row = unknown> = Omit<ReturnType<typeof useCrudList<Row>>, 'list'> & { list: Row[] };

export interface CrudMutationOptions<V, R> {
  /** Every key whose data this change makes stale (the entity's root key, and any it feeds). */
  invalidate: QueryKey[];
  /** Shown on success, e.g. "新增成功". Failures are shown by the HTTP client already. */
  success?: string | ((result: R, variables: V) => string | undefined);
  onSuccess?: (result: R, variables: V) => void;
}

/** A mutation that invalidates its keys and says what happened (design §3: every mutation invalidates). */
export function useCrudMutation<V, R = unknown>(fn: (vars: V) => Promise<R>, opts: CrudMutationOptions<V, R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (result, vars) => {
      await Promise.all(opts.invalidate.map((queryKey) => qc.invalidateQueries({ queryKey })));
      const text = typeof opts.success === 'function' ? opts.success(result, vars) : opts.success;
      if (text) feedback.message.success(text);
      opts.onSuccess?.(result, vars);
    },
  });
}

/**
 * 删除 of rows by id: invalidates the keys, says 删除成功, clears the selection and steps back a
 * page when the last rows of the last page went (the list's afterRemove).
 */
export function useCrudRemove(list: { afterRemove: (removed: number) => void }, fn: (ids: number[]) => Promise<unknown>, invalidate: QueryKey[]) {
  return useCrudMutation(fn, { invalidate, success: '删除成功', onSuccess: (_r, ids) => list.afterRemove(ids.length) });
}
