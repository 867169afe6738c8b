import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { App, Tabs } from 'antd';
import { AlertOutlined, DashboardOutlined, SafetyOutlined, ToolOutlined } from '@ant-design/icons';
import Cookies from 'js-cookie';
import type { LoginResult } from '@pdz/contracts';
import { useSessionStore } from '@/stores/session';
import { useSettingsStore } from '@/stores/settings';
import { POINT_COOKIE } from '@/utils/auth';
import { useSiteConfig } from '../api';
import { resolveLanding } from '../landing';
import { LoginIllustration } from '../components/LoginIllustration';
import { BrandLogo } from '../components/BrandLogo';
import { PasswordLoginForm } from '../components/PasswordLoginForm';
import { PhoneLoginForm } from '../components/PhoneLoginForm';
import { ForgotPasswordModal } from '../components/ForgotPasswordModal';
import s from './login.module.css';

export const SESSION_EXPIRED_MESSAGE = '登录状态已过期，请重新登录';
/** Same as the guard's default title; not imported from the router so this page stays light. */
const PRODUCT_TITLE = '配电站智能监控系统';

const FEATURES = [
  { icon: <DashboardOutlined />, text: '实时监测' },
  { icon: <AlertOutlined />, text: '告警联动' },
  { icon: <ToolOutlined />, text: '智能运维' },
  { icon: <SafetyOutlined />, text: '安全可靠' },
];

/** /login: 账号密码登录 and 手机号登录, 记住我, 忘记密码 (spec §2, §4 Login). */
export default function LoginPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useSessionStore((st) => st.login);
  const applySite = useSettingsStore((st) => st.applySite);
  const { data: site } = useSiteConfig();
  const [tab, setTab] = useState('password');
  const [remember, setRemember] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  // Sent here by a 401 (the HTTP client set the cookie and reloaded): say why, once.
  useEffect(() => {
    if (Cookies.get(POINT_COOKIE) === '401') {
      Cookies.remove(POINT_COOKIE);
      message.info(SESSION_EXPIRED_MESSAGE);
    }
  }, [message]);

  useEffect(() => {
    if (site) applySite({ showFooter: site.showFooter ?? false, footerTxt: site.footerTxt ?? '', caseNumber: site.caseNumber ?? '' });
  }, [site, applySite]);

  const title = site?.siteTitle || PRODUCT_TITLE;

  const onSuccess = async (result: LoginResult) => {
    const target = resolveLanding(params.get('redirect'), result.component);
    // session.login stores the token before its first await; navigating in the same tick keeps the
    // route guard from first bouncing /login to the saved component path.
    const pending = login(result, remember);
    navigate(target, { replace: true });
    await pending;
  };

  return (
    <div className={s.page}>
      <div className={s.brand}>
        <BrandLogo className={s.brandLogo} />
        <span>{title}</span>
      </div>

      <section className={s.hero}>
        <h1 className={s.heroTitle}>配电站智能监控与运维管理平台</h1>
        <p className={s.heroSub}>实时感知 · 精准告警 · 高效运维 · 节能降耗</p>
        <LoginIllustration className={s.illustration} />
        <ul className={s.features}>
          {FEATURES.map((f) => (
            <li key={f.text}>
              <span className={s.featureIcon}>{f.icon}</span>
              {f.text}
            </li>
          ))}
        </ul>
      </section>

      <section className={s.panel}>
        <div className={s.mobileBrand}>
          <BrandLogo size={34} />
          <span>{title}</span>
        </div>
        <div className={s.card}>
          <h2 className={s.cardTitle}>欢迎登录</h2>
          <p className={s.cardSub}>请使用系统账号或绑定的手机号登录</p>
          <Tabs
            className={s.tabs}
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'password',
                label: '账号密码登录',
                children: <PasswordLoginForm remember={remember} onRememberChange={setRemember} onForgot={() => setForgotOpen(true)} onSuccess={onSuccess} />,
              },
              { key: 'phone', label: '手机号登录', children: <PhoneLoginForm remember={remember} onRememberChange={setRemember} onSuccess={onSuccess} /> },
            ]}
          />
          <div className={s.security}>
            <SafetyOutlined /> 连续多次输错密码，账号将被临时锁定
          </div>
        </div>
      </section>

      <footer className={s.footer}>
        <span>{site?.footerTxt || `Copyright © ${new Date().getFullYear()} ${title}`}</span>
        {site?.caseNumber && (
          <span>
            <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
              {site.caseNumber}
            </a>
          </span>
        )}
      </footer>

      <ForgotPasswordModal
        open={forgotOpen}
        onClose={() => {
          setForgotOpen(false);
          setTab('password');
        }}
      />
    </div>
  );
}
