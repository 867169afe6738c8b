import type { MenuProps } from 'antd';
import { MenuIcon } from '@/components/MenuIcon';
import type { MenuNode } from './menuItems';

type Items = NonNullable<MenuProps['items']>;

/**
 * Sidebar entries → antd menu items. Top-level entries always get an icon (a neutral one when the
 * menu has none) so the collapsed sidebar stays readable; nested ones only when they name one.
 */
export function toAntdItems(nodes: MenuNode[], depth = 0): Items {
  return nodes.map((n) => {
    const icon = depth === 0 || (n.icon && n.icon !== '#') ? <MenuIcon name={n.icon} /> : undefined;
    const label = n.external ? (
      <a href={n.key} target="_blank" rel="noopener noreferrer" onClick={(e) => e.preventDefault()}>
        {n.title}
      </a>
    ) : (
      <span title={n.title}>{n.title}</span>
    );
    return n.children ? { key: n.key, icon, label: n.title, children: toAntdItems(n.children, depth + 1) } : { key: n.key, icon, label };
  });
}
