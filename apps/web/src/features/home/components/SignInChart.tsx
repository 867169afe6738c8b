import { useMemo } from 'react';
import { Card, Empty } from 'antd';
import type { DashboardSummary } from '@pdz/contracts';
import { EChart } from '@/components/EChart';
import { useSettingsStore } from '@/stores/settings';
import { signInChartOption, signInTotals } from '../summary';
import styles from './dashboard.module.css';

/** Sign-ins of the last 7 days: successes as bars, failures as a line. */
export function SignInChart({ days }: { days: DashboardSummary['signInsByDay'] }) {
  const primary = useSettingsStore((s) => s.theme);
  const option = useMemo(() => signInChartOption(days, primary), [days, primary]);
  const totals = signInTotals(days);
  return (
    <Card
      title="近7日登录"
      extra={days.length > 0 && <span className={styles.chartSummary}>成功 {totals.ok} 次 · 失败 {totals.failed} 次</span>}
      styles={{ body: { paddingTop: 12 } }}
    >
      {days.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无登录记录" />
      ) : (
        <EChart option={option} height={300} ariaLabel={`近7日登录：成功 ${totals.ok} 次，失败 ${totals.failed} 次`} />
      )}
    </Card>
  );
}
