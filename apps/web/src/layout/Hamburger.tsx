import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';

/** The sidebar toggle. */
export function Hamburger({ active, onToggle }: { active: boolean; onToggle(): void }) {
  return (
    <button type="button" className="pdz-hamburger pdz-nav-action" onClick={onToggle} aria-label={active ? '收起菜单' : '展开菜单'} title={active ? '收起菜单' : '展开菜单'}>
      {active ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
    </button>
  );
}
