import { Button, Checkbox, Divider, Popover, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { columnKeyOf, type SettableColumn } from './columnSettings';

export interface ColumnSettingsProps {
  columns: (SettableColumn & { title?: unknown; dataIndex?: unknown })[];
  hidden: string[];
  onToggle: (key: string, show: boolean) => void;
  onReset: () => void;
}

/** 列设置: tick the columns to show; the choice is remembered for this page. */
export function ColumnSettings({ columns, hidden, onToggle, onReset }: ColumnSettingsProps) {
  const choices = columns.filter((c) => c.hideable !== false);
  const hiddenSet = new Set(hidden);
  const content = (
    <div style={{ minWidth: 140 }} data-testid="column-settings">
      {choices.map((c) => {
        const key = columnKeyOf(c);
        return (
          <div key={key} style={{ padding: '2px 0' }}>
            <Checkbox checked={!hiddenSet.has(key)} onChange={(e) => onToggle(key, e.target.checked)}>
              {typeof c.title === 'string' ? c.title : key}
            </Checkbox>
          </div>
        );
      })}
      <Divider style={{ margin: '8px 0' }} />
      <Button type="link" size="small" style={{ padding: 0 }} onClick={onReset}>
        恢复默认
      </Button>
    </div>
  );
  return (
    <Popover content={content} title="显示列" trigger="click" placement="bottomRight">
      <Tooltip title="列设置">
        <Button shape="circle" icon={<SettingOutlined />} aria-label="列设置" />
      </Tooltip>
    </Popover>
  );
}
