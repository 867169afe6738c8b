import { useEffect, useMemo } from 'react';
import { Navigate, useLocation, useNavigate, useRoutes } from 'react-router';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useSessionStore } from '@/stores/session';
import { usePermissionStore } from '@/stores/permission';
import { savedComponent } from '@/utils/auth';
import { registerNavigate } from './navigation';
import { pageFallback, toRouteObjects } from './routeObjects';
import { HOME_PATH, WHITE_LIST } from './constantRoutes';
import { findRoute } from './findRoute';

NProgress.configure({ showSpinner: false });
export const DEFAULT_TITLE = '配电站智能监控系统';

/** A same-site path only ("/x", not "//host" or "https://…"), and never /login itself. */
function safeRedirect(p: string | null): string | null {
  if (!p || !p.startsWith('/') || p.startsWith('//') || p.startsWith('/\\')) return null;
  return p.split(/[?#]/)[0] === '/login' ? null : p;
}

/**
 * The navigation guard of spec §2 as a component: redirects for visitors and for signed-in
 * users on /login, the one-time bootstrap after sign-in, the progress bar and the page title.
 */
export function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSessionStore((s) => s.token);
  const remark = useSessionStore((s) => s.user?.remark);
  const { routes, loaded, index, bootstrap } = usePermissionStore();
  const objects = useMemo(() => [...toRouteObjects(routes), { path: '*', element: <Navigate to="/404" replace /> }], [routes]);
  const element = useRoutes(objects);

  useEffect(() => {
    registerNavigate(navigate);
    return () => registerNavigate(null);
  }, [navigate]);

  useEffect(() => {
    NProgress.start();
    const meta = findRoute(index, location.pathname)?.route.meta;
    const appTitle = remark || DEFAULT_TITLE;
    document.title = meta?.title ? `${meta.title} - ${appTitle}` : appTitle;
    const done = setTimeout(() => NProgress.done(), 50);
    return () => clearTimeout(done);
  }, [location.pathname, index, remark]);

  const needsBootstrap = !!token && !loaded;
  useEffect(() => {
    if (needsBootstrap) void bootstrap();
  }, [needsBootstrap, bootstrap]);

  const path = location.pathname;
  if (!token) {
    if (WHITE_LIST.includes(path)) return element;
    const full = path + location.search + location.hash;
    return <Navigate to={`/login?redirect=${encodeURIComponent(full)}`} replace />;
  }
  if (path === '/login' || path === '/' || path === '') {
    // Signing in stores the token (a sync store update) before the login page's navigation (a
    // router transition) lands, so this branch renders first: it must honour ?redirect= too.
    const redirect = path === '/login' ? new URLSearchParams(location.search).get('redirect') : null;
    return <Navigate to={safeRedirect(redirect) ?? (savedComponent() || HOME_PATH)} replace />;
  }
  if (!loaded) return pageFallback;
  return element;
}
