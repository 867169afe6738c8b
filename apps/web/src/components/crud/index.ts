/**
 * The CRUD kit: query form, server-paged table with sort and column settings, toolbar buttons
 * behind permissions, export, confirmations, form dialogs and the list hook. Every list screen
 * (system, assets, alarms …) is built from these pieces.
 */
export * from './params';
export * from './columnSettings';
export * from './useCrudList';
export * from './confirm';
export * from './format';
export * from './rules';
export * from './tree';
export { QueryBar, type QueryBarProps } from './QueryBar';
export { CrudTable, type CrudColumn, type CrudTableProps, type CrudTableState } from './CrudTable';
export { ColumnSettings } from './ColumnSettings';
export { AddButton, RemoveButton, ExportButton, RowAction, EditAction, DeleteAction, StatusSwitch } from './buttons';
export { FormModal, FormDrawer, useEditor, type FormDialogProps } from './FormModal';
export { CrudPage } from './CrudPage';
