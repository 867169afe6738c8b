import { ColorPicker, Divider, Drawer, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useSettingsStore, type Settings as SettingsShape } from '@/stores/settings';
import { THEME_PRESETS } from './themePresets';

type Toggle = keyof Pick<SettingsShape, 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'uniqueOpened'>;

export const SETTING_SWITCHES: { key: Toggle; label: string }[] = [
  { key: 'tagsView', label: '显示标签栏' },
  { key: 'fixedHeader', label: '固定头部' },
  { key: 'sidebarLogo', label: '显示Logo' },
  { key: 'uniqueOpened', label: '菜单手风琴' },
];

/**
 * The right-side layout settings: theme colour (presets or any colour; antd tokens, no
 * stylesheet download) and the layout switches. A click outside (on the mask) closes it.
 */
export function Settings() {
  const settings = useSettingsStore();
  const { changeSetting, theme } = settings;
  const current = theme.toLowerCase();
  return (
    <Drawer
      title="布局设置"
      placement="right"
      size={300}
      open={settings.showSettings}
      onClose={() => changeSetting('showSettings', false)}
      mask={{ enabled: true, closable: true }}
      className="pdz-settings"
    >
      <h3 className="pdz-settings-heading">主题颜色</h3>
      <div className="pdz-theme-swatches" role="radiogroup" aria-label="主题颜色">
        {THEME_PRESETS.map((p) => (
          <Tooltip key={p.color} title={`${p.name} ${p.color}`}>
            <button
              type="button"
              role="radio"
              aria-checked={current === p.color}
              aria-label={p.name}
              className="pdz-theme-swatch"
              style={{ background: p.color }}
              onClick={() => changeSetting('theme', p.color)}
            >
              {current === p.color && <CheckOutlined />}
            </button>
          </Tooltip>
        ))}
      </div>
      <div className="pdz-settings-row">
        <span>自定义颜色</span>
        <ColorPicker
          value={theme}
          disabledAlpha
          showText
          size="small"
          presets={[{ label: '推荐', colors: THEME_PRESETS.map((p) => p.color) }]}
          onChangeComplete={(c) => changeSetting('theme', c.toHexString())}
        />
      </div>
      <Divider />
      <h3 className="pdz-settings-heading">系统布局配置</h3>
      {SETTING_SWITCHES.map((s) => (
        <div className="pdz-settings-row" key={s.key}>
          <span>{s.label}</span>
          <Switch checked={settings[s.key]} onChange={(v) => changeSetting(s.key, v)} aria-label={s.label} />
        </div>
      ))}
    </Drawer>
  );
}
