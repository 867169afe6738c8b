import { useEffect } from 'react';
import { useAppStore } from '@/stores/app';
import { useSettingsStore } from '@/stores/settings';
import { Sidebar } from './Sidebar';
import { Navbar } from './Navbar';
import { TagsView } from './TagsView';
import { AppMain } from './AppMain';
import { Settings } from './Settings';
import { AlarmNotifier } from './AlarmNotifier';
import { useResize } from './useResize';
import { useSiteSettings } from './useSiteSettings';
import { useTagsSync } from './useTagsSync';
import './layout.css';

/**
 * The console shell of spec §2: sidebar (an overlay on phones), top bar, tags bar, page area with
 * footer, and the settings drawer.
 */
export function Layout() {
  const { opened, withoutAnimation } = useAppStore((s) => s.sidebar);
  const device = useAppStore((s) => s.device);
  const closeSideBar = useAppStore((s) => s.closeSideBar);
  const { tagsView, fixedHeader, theme } = useSettingsStore();
  useResize();
  useSiteSettings();
  useTagsSync();

  // The theme colour for plain CSS (progress bar, tags): antd components get it from tokens.
  useEffect(() => {
    document.documentElement.style.setProperty('--app-primary', theme);
  }, [theme]);

  const classes = ['pdz-app', opened ? 'is-open' : 'is-collapsed', device === 'mobile' ? 'is-mobile' : 'is-desktop', withoutAnimation ? 'without-animation' : '', tagsView ? 'has-tags' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes}>
      {device === 'mobile' && opened && <div className="pdz-drawer-mask" onClick={() => closeSideBar({ withoutAnimation: false })} aria-hidden="true" />}
      <Sidebar />
      <div className="pdz-main">
        <header className={`pdz-header${fixedHeader ? ' is-fixed' : ''}`}>
          <Navbar />
          {tagsView && <TagsView />}
        </header>
        <AppMain />
      </div>
      <Settings />
      <AlarmNotifier />
    </div>
  );
}
