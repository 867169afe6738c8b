import { Select, Space } from 'antd';
import { MENU_ICON_NAMES, MenuIcon } from '@/components/MenuIcon';

const OPTIONS = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space size={6}>
      <MenuIcon name={name} />
      {name}
    </Space>
  ),
  search: name,
}));

/** Icon picker over the icon names the sidebar knows (components/MenuIcon). */
export function IconSelect(props: { value?: string | null; onChange?: (v: string | null) => void }) {
  return (
    <Select
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? null)}
      options={OPTIONS}
      placeholder="请选择菜单图标"
      allowClear
      showSearch={{ optionFilterProp: 'search' }}
    />
  );
}
