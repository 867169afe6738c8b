import type { ReactNode } from 'react';
import { AddButton, ExportButton, RemoveButton } from './buttons';
import { describeSelection } from './confirm';

/** What the toolbar reads from useCrudList: the page's rows, the ticked keys and the export filters. */
interface ToolbarList<Row> {
  list: Row[];
  selectedRowKeys: React.Key[];
  exportParams: object;
}

export interface CrudToolbarProps<Row extends { id: number }> {
  list: ToolbarList<Row>;
  /** The entity's permission codes (e.g. PERMS.station): each button shows only to holders of its code. */
  perms: { add?: string; remove?: string; export?: string };
  /** 新增 (left out without a handler). */
  onAdd?: () => void;
  /**
   * 删除 for the ticked rows (left out when not given): `noun` and `name` make the question
   * ("是否确认删除站点“城东”？", or "选中的 5 <unit><noun>" for more than three).
   */
  remove?: { noun: string; name: (row: Row) => string; unit?: string; onConfirm: (ids: number[]) => Promise<unknown> | unknown };
  /** 导出 of the current filters and sort, saved as "<baseName>_<YYYYMMDDHHmmss>.xlsx". */
  exportTo?: { url: string; baseName: string };
  /** Page-specific buttons, between 删除 and 导出 (each behind its own <Auth>). */
  children?: ReactNode;
}

/** The left side of a list's toolbar: 新增, 删除 (ticked rows), the page's own buttons, 导出. */
export function CrudToolbar<Row extends { id: number }>({ list, perms, onAdd, remove, exportTo, children }: CrudToolbarProps<Row>) {
  const selected = remove ? list.list.filter((r) => list.selectedRowKeys.includes(r.id)) : [];
  return (
    <>
      {onAdd && perms.add && <AddButton perms={[perms.add]} onClick={onAdd} />}
      {remove && perms.remove && (
        <RemoveButton
          perms={[perms.remove]}
          count={selected.length}
          what={describeSelection(remove.noun, selected.map(remove.name), remove.unit)}
          onConfirm={() => remove.onConfirm(selected.map((r) => r.id))}
        />
      )}
      {children}
      {exportTo && perms.export && <ExportButton perms={[perms.export]} url={exportTo.url} params={list.exportParams} baseName={exportTo.baseName} />}
    </>
  );
}
