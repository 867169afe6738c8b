/** Theme colour presets of the settings panel (spec §2): blues, dark greys, green, teal, purple, red. */
export const THEME_PRESETS: { name: string; color: string }[] = [
  { name: '拂晓蓝', color: '#1890ff' },
  { name: '极客蓝', color: '#1677ff' },
  { name: '天蓝', color: '#409eff' },
  { name: '深蓝', color: '#2f54eb' },
  { name: '明青', color: '#13c2c2' },
  { name: '墨灰', color: '#304156' },
  { name: '暗夜灰', color: '#2b2f3a' },
  { name: '极光绿', color: '#52c41a' },
  { name: '酱紫', color: '#722ed1' },
  { name: '薄暮红', color: '#f5222d' },
  { name: '日暮橙', color: '#fa8c16' },
];
