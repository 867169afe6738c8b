import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { Spin } from 'antd';
import { Layout } from '@/layout/Layout';
import { findPage } from './pages';
import { isExternal, joinPath } from './buildRoutes';
import { LAYOUT, PARENT_VIEW, type AppRoute } from './types';
import { PageMissing } from '@/features/errors/components/PageMissing';

const lazyCache = new Map<unknown, ComponentType>();
function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  let C = lazyCache.get(load);
  if (!C) {
    C = lazy(load);
    lazyCache.set(load, C);
  }
  return C;
}

export const pageFallback = (
  <div style={{ padding: 48, textAlign: 'center' }}>
    <Spin description="正在加载..." />
  </div>
);

function element(r: AppRoute): ReactNode {
  if (r.component === LAYOUT) return <Layout />;
  if (r.component === PARENT_VIEW) return <Outlet />;
  const load = r.page ?? findPage(r.component);
  if (!load) return r.children?.length ? <Outlet /> : <PageMissing componentKey={r.component} />;
  const Page = lazyPage(load);
  return (
    <Suspense fallback={pageFallback}>
      <Page />
    </Suspense>
  );
}

/** AppRoute tree → react-router routes; unknown component keys render a clear "page missing" view. */
export function toRouteObjects(routes: AppRoute[], parentPath = ''): RouteObject[] {
  const out: RouteObject[] = [];
  for (const r of routes) {
    if (isExternal(r.path)) continue;
    const full = joinPath(parentPath || '/', r.path);
    const children = r.children?.length ? toRouteObjects(r.children, full) : undefined;
    const firstChild = r.children?.find((c) => !isExternal(c.path));
    const redirect = r.redirect && r.redirect !== 'noRedirect' ? r.redirect : r.component === LAYOUT && firstChild ? joinPath(full, firstChild.path) : undefined;
    const indexRoute: RouteObject[] = redirect && children ? [{ index: true, element: <Navigate to={redirect} replace /> }] : [];
    out.push({ path: r.path || undefined, element: element(r), children: children ? [...indexRoute, ...children] : undefined });
  }
  return out;
}
