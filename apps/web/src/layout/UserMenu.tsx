import { App, Avatar, Dropdown } from 'antd';
import { CaretDownOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/stores/session';
import { useSettingsStore } from '@/stores/settings';
import { resourceUrl } from './resource';

export const PROFILE_PATH = '/user/center';
export const LOGOUT_CONFIRM = { title: '提示', content: '确定注销并退出系统吗？', okText: '确定', cancelText: '取消' } as const;

/** Avatar and name with 个人中心, 布局设置 and 退出登录. */
export function UserMenu() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const changeSetting = useSettingsStore((s) => s.changeSetting);
  const name = user?.nickName || user?.userName || '';

  const logout = () => {
    void modal.confirm({
      ...LOGOUT_CONFIRM,
      type: 'warning',
      async onOk() {
        // Clear the stored session but keep the page as it is until the reload, so the console
        // does not flash the sign-in page and then load a second time.
        await useSessionStore.getState().logout({ keepState: true });
        window.location.replace('/login');
      },
    });
  };

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items: [
          { key: 'center', icon: <UserOutlined />, label: '个人中心' },
          { key: 'settings', icon: <SettingOutlined />, label: '布局设置' },
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
        ],
        onClick: ({ key }) => {
          if (key === 'center') navigate(PROFILE_PATH);
          else if (key === 'settings') changeSetting('showSettings', true);
          else if (key === 'logout') logout();
        },
      }}
    >
      <button type="button" className="pdz-nav-action pdz-user" aria-label="用户菜单">
        <Avatar size={30} src={user?.avatar ? resourceUrl(user.avatar) : undefined} icon={<UserOutlined />} className="pdz-user-avatar" />
        <span className="pdz-user-name">{name}</span>
        <CaretDownOutlined className="pdz-user-caret" />
      </button>
    </Dropdown>
  );
}
