import { HOME_PATH } from '@/router/constantRoutes';

/**
 * Only same-site paths are followed: "/x" but not "//evil.example" or "https://…", so a crafted
 * link cannot send a user off-site after signing in. /login itself would loop.
 */
export function isSafeInternalPath(p: string | null | undefined): p is string {
  if (!p) return false;
  if (!p.startsWith('/') || p.startsWith('//') || p.startsWith('/\\')) return false;
  const pathname = p.split(/[?#]/)[0];
  return pathname !== '/login';
}

/**
 * Where to go after signing in: the `redirect` query parameter when present, else the component
 * path the server returned (may be /selectMoudle), else the default landing path.
 */
export function resolveLanding(redirect: string | null | undefined, component: string | null | undefined): string {
  if (isSafeInternalPath(redirect)) return redirect;
  if (isSafeInternalPath(component)) return component;
  return HOME_PATH;
}
