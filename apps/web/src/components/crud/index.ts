/**
 * The CRUD kit: query form, server-paged table with sort and column settings, toolbar buttons
 * behind permissions, export, confirmations, form dialogs and the list hook. Every list screen
 * (system, assets, alarms …) is built from these pieces; features/system/pages/users.tsx is the
 * fullest example. In short:
 *
 *   const list = useCrudList(STATION_KEY, fetchStations, {});           // [...key, 'list', params]
 *   const remove = useCrudMutation(removeStations, { invalidate: [STATION_KEY], success: '删除成功',
 *     onSuccess: (_r, ids) => list.afterRemove(ids.length) });
 *   <QueryBar onSearch={list.replaceFilters} onReset={list.reset}>…Form.Items…</QueryBar>
 *   <CrudTable pageKey="asset/stations" columns={columns} state={list} selectable
 *     toolbar={<><AddButton perms={[…]} onClick={…} /><ExportButton url=… params={list.exportParams} baseName="站点" /></>} />
 *   <FormModal title="新增站点" open={editor.open} onClose={editor.close} onSubmit={…}>…</FormModal>
 *
 * Columns: `key` names the column for 列设置 and, with `sorter: true`, the server's orderBy.
 * Form rules: schemaRules(contractSchema.shape.field, { required: '字段名' }) from '@/utils/validate' gives the server's texts.
 */
export * from './params';
export * from './columnSettings';
export * from './useCrudList';
export * from './confirm';
export * from './format';
export * from './tree';
export { QueryBar, type QueryBarProps } from './QueryBar';
export { CrudTable, type CrudColumn, type CrudTableProps, type CrudTableState } from './CrudTable';
export { ColumnSettings } from './ColumnSettings';
export { AddButton, RemoveButton, ExportButton, RowAction, EditAction, DeleteAction, StatusSwitch } from './buttons';
export { FormModal, FormDrawer, useEditor, type FormDialogProps } from './FormModal';
export { CrudPage } from './CrudPage';
export { CrudToolbar, type CrudToolbarProps } from './CrudToolbar';
export { actionsColumn, createdAtColumn, idColumn, orderNumColumn, remarkColumn } from './columns';
