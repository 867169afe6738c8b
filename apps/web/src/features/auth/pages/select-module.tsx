import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Result, Spin } from 'antd';
import { AppstoreOutlined, DashboardOutlined, LogoutOutlined, RightOutlined, SettingOutlined, ThunderboltOutlined, ToolOutlined } from '@ant-design/icons';
import type { ModuleOption } from '@pdz/contracts';
import { useSessionStore } from '@/stores/session';
import { usePermissionStore } from '@/stores/permission';
import { COMPONENT_KEY } from '@/utils/auth';
import { HOME_PATH } from '@/router/constantRoutes';
import { selectModule, useModules } from '../api';
import { BrandLogo } from '../components/BrandLogo';
import s from './select-module.module.css';

/** Looks of the known modules (menu scopes); an unknown key gets the generic one. */
export const MODULE_LOOKS: Record<string, { icon: ReactNode; color: string; desc: string }> = {
  monitor: { icon: <DashboardOutlined />, color: 'linear-gradient(135deg, #1890ff, #3ad0ff)', desc: '实时数据、设备与站房总览、告警与视频' },
  energy: { icon: <ThunderboltOutlined />, color: 'linear-gradient(135deg, #13c2c2, #52c41a)', desc: '能耗分析、电费账单、抄表与节能建议' },
  ops: { icon: <ToolOutlined />, color: 'linear-gradient(135deg, #fa8c16, #faad14)', desc: '巡检任务、故障与缺陷、运维报告' },
  system: { icon: <SettingOutlined />, color: 'linear-gradient(135deg, #722ed1, #2f54eb)', desc: '用户、角色、菜单、部门与系统设置' },
};
const GENERIC_LOOK = { icon: <AppstoreOutlined />, color: 'linear-gradient(135deg, #2f54eb, #1890ff)', desc: '进入该模块' };

/** After choosing: where to land (the module's first page, else the default landing path). */
export const moduleLanding = (m: Pick<ModuleOption, 'firstPath'>) => (m.firstPath && m.firstPath.startsWith('/') ? m.firstPath : HOME_PATH);

/**
 * /selectMoudle 选择: one card per module the user may enter. Choosing one tells the server (the
 * session's menus are then limited to that module), reloads the menus and opens its first page.
 */
export default function SelectModulePage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSessionStore((st) => st.user);
  const logout = useSessionStore((st) => st.logout);
  const { data: modules, isPending, isError, refetch } = useModules();
  const [choosing, setChoosing] = useState<string | null>(null);

  const choose = async (m: ModuleOption) => {
    setChoosing(m.key);
    try {
      const chosen = await selectModule(m.key);
      const target = moduleLanding(chosen ?? m);
      localStorage.setItem(COMPONENT_KEY, target);
      const permission = usePermissionStore.getState();
      permission.reset();
      await permission.bootstrap();
      navigate(target, { replace: true });
    } catch {
      // Shown by the HTTP client; the cards stay for another try.
      setChoosing(null);
    }
  };

  // Spec §5: the same confirmation as the top bar's sign-out, then a fresh page.
  const signOut = () =>
    modal.confirm({
      title: '提示',
      content: '确定注销并退出系统吗？',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logout();
        window.location.assign('/login');
      },
    });

  let body: ReactNode;
  if (isPending) {
    body = (
      <div className={s.state}>
        <Spin size="large" />
      </div>
    );
  } else if (isError || !modules) {
    body = (
      <div className={s.state}>
        <Result status="warning" title="模块列表加载失败" extra={<Button onClick={() => void refetch()}>重试</Button>} />
      </div>
    );
  } else if (!modules.length) {
    body = (
      <div className={s.state}>
        <Result status="info" title="暂无可进入的模块" subTitle="您的账号尚未分配任何功能，请联系管理员" />
      </div>
    );
  } else {
    body = (
      <div className={s.grid}>
        {modules.map((m) => {
          const look = MODULE_LOOKS[m.key] ?? GENERIC_LOOK;
          const current = user?.module === m.key;
          return (
            <button key={m.key} type="button" className={`${s.module} ${current ? s.current : ''}`} disabled={!!choosing} onClick={() => void choose(m)}>
              {current && <span className={s.badge}>当前模块</span>}
              <span className={s.icon} style={{ background: look.color }}>
                {look.icon}
              </span>
              <span className={s.name}>{m.title}</span>
              <span className={s.desc}>{look.desc}</span>
              <span className={s.enter}>{choosing === m.key ? <Spin size="small" /> : <>进入模块 <RightOutlined /></>}</span>
            </button>
          );
        })}
      </div>
    );
  }

  return (
    <div className={s.page}>
      <header className={s.header}>
        <div className={s.brand}>
          <BrandLogo size={34} />
          <span>{user?.remark || '配电站智能监控系统'}</span>
        </div>
        <div className={s.user}>
          <span>{user?.nickName || user?.userName}</span>
          <a onClick={signOut} role="button">
            <LogoutOutlined /> 退出登录
          </a>
        </div>
      </header>
      <main className={s.main}>
        <h1 className={s.title}>请选择要进入的业务模块</h1>
        <p className={s.sub}>不同模块提供各自的功能菜单，进入后可随时切换</p>
        {body}
      </main>
    </div>
  );
}
