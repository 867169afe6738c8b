import { useEffect, useMemo, useState } from 'react';
import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { usePermissionStore } from '@/stores/permission';
import { useSettingsStore } from '@/stores/settings';
import { useAppStore } from '@/stores/app';
import { findRoute } from '@/router/findRoute';
import { Logo } from './Logo';
import { toAntdItems } from './SidebarItem';
import { activeMenuKey, ancestorKeys, buildMenuTree, nextOpenKeys } from './menuItems';
import { menuColors } from './sidebarTheme';

/** The dark sidebar: logo and the nested menu of the user's permitted routes. */
export function Sidebar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const routes = usePermissionStore((s) => s.sidebarRouters);
  const index = usePermissionStore((s) => s.index);
  const { sidebarLogo, uniqueOpened, theme } = useSettingsStore();
  const opened = useAppStore((s) => s.sidebar.opened);
  const mobile = useAppStore((s) => s.device === 'mobile');
  // On a phone the sidebar is an overlay: it is either fully shown or gone, never icon-only.
  const collapsed = !opened && !mobile;

  const nodes = useMemo(() => buildMenuTree(routes), [routes]);
  const items = useMemo(() => toAntdItems(nodes), [nodes]);
  const activeMenu = findRoute(index, pathname)?.route.meta?.activeMenu;
  const active = activeMenuKey(nodes, pathname, activeMenu);

  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    if (!active) return;
    const parents = ancestorKeys(nodes, active) ?? [];
    setOpenKeys((prev) => (uniqueOpened ? parents : [...new Set([...prev, ...parents])]));
  }, [active, nodes, uniqueOpened]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (/^(https?:|mailto:|tel:)/.test(key)) window.open(key, '_blank', 'noopener,noreferrer');
    else if (key !== pathname) navigate(key);
  };

  return (
    <div className="pdz-sidebar">
      {sidebarLogo && <Logo collapsed={collapsed} />}
      <div className={`pdz-sidebar-menu${sidebarLogo ? ' has-logo' : ''}`}>
        <ConfigProvider theme={{ components: { Menu: menuColors(theme) } }}>
          <Menu
            mode="inline"
            theme="dark"
            items={items}
            selectedKeys={active ? [active] : []}
            openKeys={collapsed ? undefined : openKeys}
            onOpenChange={(keys) => setOpenKeys(nextOpenKeys(nodes, openKeys, keys, uniqueOpened))}
            inlineCollapsed={collapsed}
            inlineIndent={20}
            onClick={onClick}
          />
        </ConfigProvider>
      </div>
    </div>
  );
}
