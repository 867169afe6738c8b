import { useMemo } from 'react';
import { Breadcrumb as AntBreadcrumb } from 'antd';
import { Link, useLocation } from 'react-router';
import { usePermissionStore } from '@/stores/permission';
import { breadcrumbTrail } from './breadcrumbTrail';

/** Where the current page sits: 首页 / 系统管理 / 用户管理. */
export function Breadcrumb() {
  const { pathname } = useLocation();
  const index = usePermissionStore((s) => s.index);
  const crumbs = useMemo(() => breadcrumbTrail(index, pathname), [index, pathname]);
  return (
    <AntBreadcrumb
      className="pdz-breadcrumb"
      items={crumbs.map((c, i) => ({
        key: `${i}-${c.title}`,
        title: c.to ? <Link to={c.to}>{c.title}</Link> : <span className="pdz-breadcrumb-current">{c.title}</span>,
      }))}
    />
  );
}
