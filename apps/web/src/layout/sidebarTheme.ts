import type { ThemeConfig } from 'antd';

export const SIDEBAR_BG = '#001529';
/** Width of the icon-only sidebar. */
export const COLLAPSED_WIDTH = 54;
const SUBMENU_BG = '#000c17';

/** Relative luminance of a #rrggbb colour (0 black … 1 white). */
export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return 0.5;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(m[1].slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Dark menu colours. The selected entry takes the theme colour; a very dark theme colour (the
 * grey presets) would vanish on the navy sidebar, so it gets a light veil instead.
 */
export function menuColors(theme: string): NonNullable<ThemeConfig['components']>['Menu'] {
  const selectedBg = luminance(theme) < 0.06 ? 'rgba(255,255,255,0.16)' : theme;
  return {
    darkItemBg: SIDEBAR_BG,
    darkSubMenuItemBg: SUBMENU_BG,
    darkPopupBg: SIDEBAR_BG,
    darkItemColor: 'rgba(255,255,255,0.68)',
    darkItemHoverColor: '#fff',
    darkItemHoverBg: 'rgba(255,255,255,0.06)',
    darkItemSelectedBg: selectedBg,
    darkItemSelectedColor: '#fff',
    itemBorderRadius: 4,
    itemMarginInline: 6,
    itemHeight: 44,
    collapsedIconSize: 16,
    collapsedWidth: COLLAPSED_WIDTH,
    iconSize: 15,
  };
}
