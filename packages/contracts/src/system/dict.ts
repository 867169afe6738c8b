import { z } from 'zod';
import { text, optionalText, id, idList, int, flag } from '../fields';
import { pageQuery } from '../envelope';

export const DICT_VOLTAGE_LEVEL = 'dict_dydj';

export const DICT_TYPE_SORT_COLUMNS = ['id', 'dictType', 'createdAt'] as const;
export const DICT_DATA_SORT_COLUMNS = ['dictSort', 'id', 'createdAt'] as const;

export const dictTypeQuery = pageQuery.extend({
  dictName: z.string().trim().max(64).optional(),
  dictType: z.string().trim().max(64).optional(),
});
const dictTypeFields = {
  dictName: text('字典名称', { max: 64 }),
  dictType: text('字典类型', { max: 64 }).regex(/^[a-z][a-z0-9_]*$/, '字典类型只能以小写字母开头，包含小写字母、数字和下划线'),
  enabled: flag('状态').default(true),
  remark: optionalText('备注'),
};
export const dictTypeAddBody = z.object(dictTypeFields);
/** Renaming `dictType` renames its items too; a built-in type keeps its `dictType`. */
export const dictTypeEditBody = z.object({ id: id('字典'), ...dictTypeFields });
/** GET /api/system/dict/type/remove?ids=1,2: built-in types are refused; items go with their type. */
export const dictTypeRemoveQuery = z.object({ ids: idList('字典') });

export const dictSelectQuery = z.object({ dictType: text('字典类型', { max: 64 }) });
export const dictDataQuery = pageQuery.extend({
  dictType: text('字典类型', { max: 64 }),
  dictLabel: z.string().trim().max(64).optional(),
});

const dictDetailFields = {
  dictType: text('字典类型', { max: 64 }),
  dictLabel: text('字典标签', { max: 100 }),
  dictValue: text('字典键值', { max: 100 }),
  dictSort: int('显示顺序', { min: 0, max: 9999 }).default(0),
  listClass: optionalText('回显样式', 32),
  isDefault: flag('是否默认').default(false),
  enabled: flag('状态').default(true),
  remark: optionalText('备注'),
};
export const dictDetailAddBody = z.object(dictDetailFields);
export const dictDetailEditBody = z.object({ id: id('字典数据'), ...dictDetailFields });

/** GET /api/system/dict/type/options: every type, for pickers. */
export interface DictTypeOption {
  dictType: string;
  dictName: string;
  enabled: boolean;
}

/** Item as the console's dictionary hook uses it (spec §3). */
export interface DictItem {
  value: string;
  label: string;
  listClass?: string | null;
  isDefault?: boolean;
}
export interface DictTypeRow {
  id: number;
  dictName: string;
  dictType: string;
  enabled: boolean;
  remark: string | null;
  builtIn: boolean;
  itemCount: number;
  createdAt: number;
}
export interface DictDetailRow {
  id: number;
  dictType: string;
  dictLabel: string;
  dictValue: string;
  dictSort: number;
  listClass: string | null;
  isDefault: boolean;
  enabled: boolean;
  remark: string | null;
  createdAt: number;
}
