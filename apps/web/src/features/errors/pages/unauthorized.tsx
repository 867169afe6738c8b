import { useNavigate } from 'react-router';
import { Button, Space } from 'antd';
import { HomeOutlined, LoginOutlined } from '@ant-design/icons';
import { useSessionStore } from '@/stores/session';
import { ErrorPage } from '../components/ErrorPage';

/** /401: shown after a 403 answer (spec §6). */
export default function UnauthorizedPage() {
  const navigate = useNavigate();
  const logout = useSessionStore((s) => s.logout);

  // Another account may have the access: sign out and come back to the sign-in page.
  const signInAgain = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <ErrorPage
      kind="401"
      title="您没有访问权限"
      description="当前账号没有访问该页面或执行该操作的权限。如需开通，请联系系统管理员分配相应角色；也可以使用其他账号重新登录。"
      actions={
        <Space size={12} wrap>
          <Button type="primary" size="middle" icon={<HomeOutlined />} onClick={() => navigate('/', { replace: true })}>
            返回首页
          </Button>
          <Button size="middle" icon={<LoginOutlined />} onClick={() => void signInAgain()}>
            重新登录
          </Button>
        </Space>
      }
    />
  );
}
