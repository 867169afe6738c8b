import type { AppRoute } from './types';
import { LAYOUT } from './types';

export const HOME_PATH = '/home/index';
export const DASHBOARD_PATH = '/dashboard';

const page = (load: AppRoute['page']) => load;

/** Spec §2 fixed routes (the big-screen and business ones come with their issues). */
export const constantRoutes: AppRoute[] = [
  { path: '/redirect', component: LAYOUT, hidden: true, children: [{ path: '*', page: page(() => import('@/features/errors/pages/redirect')) }] },
  { path: '/login', hidden: true, meta: { title: '登录' }, page: page(() => import('@/features/auth/pages/login')) },
  { path: '/404', hidden: true, meta: { title: '页面不存在' }, page: page(() => import('@/features/errors/pages/not-found')) },
  { path: '/401', hidden: true, meta: { title: '没有权限' }, page: page(() => import('@/features/errors/pages/unauthorized')) },
  {
    path: '/noData',
    hidden: true,
    meta: { title: '个人中心' },
    page: page(() => import('@/features/errors/pages/no-data')),
    children: [{ path: 'back', hidden: true, meta: { title: '个人中心' }, page: page(() => import('@/features/errors/pages/no-data')) }],
  },
  { path: '/selectMoudle', hidden: true, meta: { title: '选择', noCache: true }, page: page(() => import('@/features/auth/pages/select-module')) },
  {
    path: '/home',
    component: LAYOUT,
    children: [{ path: 'index', name: 'Index', meta: { title: '首页', icon: 'home', affix: true }, page: page(() => import('@/features/home/pages/index')) }],
  },
  {
    path: '',
    component: LAYOUT,
    hidden: true,
    children: [
      { path: 'dashboard', name: 'Dashboard', hidden: true, meta: { title: '首页', icon: 'dashboard' }, page: page(() => import('@/features/home/pages/index')) },
      { path: 'user/center', name: 'Profile', hidden: true, meta: { title: '个人中心', activeMenu: HOME_PATH }, page: page(() => import('@/features/auth/pages/profile')) },
      { path: 'sysmes/mess', name: 'SystemMessages', hidden: true, meta: { title: '系统消息' }, page: page(() => import('@/features/messages/pages/list')) },
    ],
  },
];

/** Paths a visitor may open without signing in. */
export const WHITE_LIST = ['/login'];
