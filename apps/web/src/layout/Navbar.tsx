import { useAppStore } from '@/stores/app';
import { useSessionStore } from '@/stores/session';
import { useSettingsStore } from '@/stores/settings';
import { DEFAULT_TITLE } from '@/router/AppRoutes';
import { Hamburger } from './Hamburger';
import { Breadcrumb } from './Breadcrumb';
import { HeaderSearch } from './HeaderSearch';
import { MessageBell } from './MessageBell';
import { AlarmMuteToggle } from './AlarmMuteToggle';
import { Screenfull } from './Screenfull';
import { SizeSelect } from './SizeSelect';
import { UserMenu } from './UserMenu';
import { ConnectionIndicator } from '@/realtime';

/** The top bar: toggle, title, breadcrumb; search, bell, full screen, size, user. */
export function Navbar() {
  const opened = useAppStore((s) => s.sidebar.opened);
  const toggleSideBar = useAppStore((s) => s.toggleSideBar);
  const desktop = useAppStore((s) => s.device === 'desktop');
  const remark = useSessionStore((s) => s.user?.remark);
  const siteTitle = useSettingsStore((s) => s.siteTitle);
  const title = remark || siteTitle || DEFAULT_TITLE;
  return (
    <div className="pdz-navbar">
      <Hamburger active={opened} onToggle={toggleSideBar} />
      <div className="pdz-navbar-title" title={title}>
        {title}
      </div>
      <Breadcrumb />
      <div className="pdz-navbar-right">
        <ConnectionIndicator />
        <HeaderSearch />
        {desktop && <AlarmMuteToggle />}
        {desktop && <MessageBell />}
        {desktop && <Screenfull />}
        <SizeSelect />
        <UserMenu />
      </div>
    </div>
  );
}
