import { useNavigate } from 'react-router';
import { Button, Card, Empty } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';

/** /noData and /noData/back: an empty 个人中心 page with 暂无数据 and a way back. */
export default function NoDataPage() {
  const navigate = useNavigate();
  // Opened directly (no history inside the console) there is nowhere "back": go home instead.
  const back = () => (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0 ? navigate(-1) : navigate('/', { replace: true }));
  return (
    <div style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
      <Card
        title="个人中心"
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={back}>
            返回
          </Button>
        }
      >
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" style={{ padding: '80px 0' }} />
      </Card>
    </div>
  );
}
