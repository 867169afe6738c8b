import { Tag } from 'antd';

/** 状态 filter / radio: the wire value is 'true'/'false' (the server's flag() reads both). */
export const STATUS_OPTIONS = [
  { label: '正常', value: 'true' },
  { label: '停用', value: 'false' },
];

/** Radio/select value ↔ boolean for forms whose field is a boolean on the wire. */
export const STATUS_RADIO = [
  { label: '正常', value: true },
  { label: '停用', value: false },
];

export const YES_NO_RADIO = [
  { label: '是', value: true },
  { label: '否', value: false },
];

export function StatusTag({ enabled }: { enabled: boolean }) {
  return enabled ? <Tag color="success">正常</Tag> : <Tag color="error">停用</Tag>;
}

export function YesNoTag({ value }: { value: boolean }) {
  return value ? <Tag color="processing">是</Tag> : <Tag>否</Tag>;
}
