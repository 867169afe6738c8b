import { useNavigate } from 'react-router';
import { Button, Space } from 'antd';
import { ArrowLeftOutlined, HomeOutlined } from '@ant-design/icons';
import { ErrorPage } from '../components/ErrorPage';

/** /404: the target of every unknown path. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  // react-router keeps its own history index: above 0 means there is a console page to go back to.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <ErrorPage
      kind="404"
      title="抱歉，您访问的页面不存在"
      description="请检查地址是否正确，或该页面已被移除、菜单已调整。您可以返回首页继续操作。"
      actions={
        <Space size={12} wrap>
          <Button type="primary" size="middle" icon={<HomeOutlined />} onClick={() => navigate('/', { replace: true })}>
            返回首页
          </Button>
          {canGoBack && (
            <Button size="middle" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
              返回上一页
            </Button>
          )}
        </Space>
      }
    />
  );
}
