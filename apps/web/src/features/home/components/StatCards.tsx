import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardSummary } from '@pdz/contracts';
import { ApartmentOutlined, BellOutlined, DesktopOutlined, LoginOutlined, SafetyCertificateOutlined, TeamOutlined, WarningOutlined } from '@ant-design/icons';
import styles from './dashboard.module.css';

export const MESSAGES_PATH = '/sysmes/mess';

interface StatProps {
  title: string;
  value: number;
  icon: ReactNode;
  /** Icon colour; the icon background is the same colour, faint. */
  color: string;
  extra?: ReactNode;
  to?: string;
  /** Accent the number (e.g. failures today). */
  alert?: boolean;
}

function Stat({ title, value, icon, color, extra, to, alert }: StatProps) {
  const body = (
    <>
      <span className={styles.statIcon} style={{ color, background: `${color}1a` }} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.statBody}>
        <span className={styles.statTitle} title={title}>
          {title}
        </span>
        <span className={styles.statValue} style={alert ? { color } : undefined}>
          {value.toLocaleString('zh-CN')}
          {extra && <span className={styles.statExtra}>{extra}</span>}
        </span>
      </span>
    </>
  );
  const label = `${title} ${value}`;
  return to ? (
    <Link to={to} className={styles.stat} aria-label={`${label}，查看系统消息`}>
      {body}
    </Link>
  ) : (
    <div className={styles.stat} role="group" aria-label={label}>
      {body}
    </div>
  );
}

/** The platform's counts today, each straight from the summary. */
export function StatCards({ summary }: { summary: DashboardSummary }) {
  return (
    <section className={styles.stats} aria-label="平台概况">
      <Stat title="用户总数" value={summary.users.total} extra={`启用 ${summary.users.enabled}`} icon={<TeamOutlined />} color="#1677ff" />
      <Stat title="角色" value={summary.roles} icon={<SafetyCertificateOutlined />} color="#722ed1" />
      <Stat title="部门" value={summary.depts} icon={<ApartmentOutlined />} color="#13a8a8" />
      <Stat title="今日登录" value={summary.signInsToday} icon={<LoginOutlined />} color="#52c41a" />
      <Stat title="今日登录失败" value={summary.signInFailuresToday} icon={<WarningOutlined />} color="#ff4d4f" alert={summary.signInFailuresToday > 0} />
      <Stat title="在线会话" value={summary.activeSessions} icon={<DesktopOutlined />} color="#2f54eb" />
      <Stat
        title="未确认消息"
        value={summary.unconfirmedMessages}
        icon={<BellOutlined />}
        color="#fa8c16"
        alert={summary.unconfirmedMessages > 0}
        to={MESSAGES_PATH}
      />
    </section>
  );
}
