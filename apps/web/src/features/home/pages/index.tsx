import { Button, Result, Skeleton } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useSessionStore } from '@/stores/session';
import { formatTime } from '@/utils/date';
import { useDashboardSummary } from '../api';
import { greetingOf, todayText } from '../summary';
import { StatCards } from '../components/StatCards';
import { SignInChart } from '../components/SignInChart';
import { RecentAudit } from '../components/RecentAudit';
import styles from '../components/dashboard.module.css';

/** 首页 (/home/index, /dashboard): what the platform knows today, all from GET /api/dashboard/summary. */
export default function HomePage() {
  const user = useSessionStore((s) => s.user);
  const { data, isPending, isError, isFetching, refetch, dataUpdatedAt } = useDashboardSummary();
  const now = new Date();
  const name = user?.nickName || user?.userName || '';

  return (
    <div className={styles.page}>
      <section className={styles.welcome}>
        <div>
          <h2 className={styles.greeting}>
            {greetingOf(now.getHours())}
            {name && `，${name}`}
          </h2>
          <div className={styles.today}>今天是 {todayText(now)}</div>
        </div>
        <div>
          {dataUpdatedAt > 0 && <span className={styles.updated}>数据更新于 {formatTime(dataUpdatedAt, 'HH:mm:ss')}</span>}
          <Button icon={<ReloadOutlined />} loading={isFetching} onClick={() => void refetch()}>
            刷新
          </Button>
        </div>
      </section>

      {isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} style={{ background: '#fff', padding: 24, borderRadius: 8 }} />
      ) : isError && !data ? (
        <Result
          status="warning"
          title="首页数据加载失败"
          subTitle="请稍后重试"
          style={{ background: '#fff', borderRadius: 8 }}
          extra={
            <Button type="primary" onClick={() => void refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <>
          <StatCards summary={data} />
          <div className={`${styles.sections}${data.recentAudit.length ? '' : ` ${styles.single}`}`}>
            <SignInChart days={data.signInsByDay} />
            {data.recentAudit.length > 0 && <RecentAudit rows={data.recentAudit} />}
          </div>
        </>
      )}
    </div>
  );
}
