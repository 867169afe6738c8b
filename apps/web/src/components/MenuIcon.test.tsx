import { describe, expect, it } from 'vitest';
import { HomeOutlined, SettingOutlined, TeamOutlined } from '@ant-design/icons';
import { FallbackMenuIcon, menuIconComponent, normaliseIconName } from './MenuIcon';

describe('MenuIcon', () => {
  it('maps server icon names, in several spellings', () => {
    expect(menuIconComponent('setting')).toBe(SettingOutlined);
    expect(menuIconComponent('SettingOutlined')).toBe(SettingOutlined);
    expect(menuIconComponent('team')).toBe(TeamOutlined);
    expect(menuIconComponent('home')).toBe(HomeOutlined);
    expect(normaliseIconName('FundProjectionScreenOutlined')).toBe('fund-projection-screen');
  });

  it('falls back to a neutral icon', () => {
    expect(menuIconComponent('no-such-icon')).toBe(FallbackMenuIcon);
    expect(menuIconComponent(null)).toBe(FallbackMenuIcon);
    expect(menuIconComponent('#')).toBe(FallbackMenuIcon);
  });
});
