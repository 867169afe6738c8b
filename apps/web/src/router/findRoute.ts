import { matchPath } from 'react-router';
import type { IndexedRoute } from './buildRoutes';

/** The deepest route whose full path matches the location (static paths first). */
export function findRoute(index: IndexedRoute[], pathname: string): IndexedRoute | undefined {
  const exact = index.filter((r) => r.fullPath === pathname);
  if (exact.length) return exact[exact.length - 1];
  return index.filter((r) => r.fullPath.includes(':') || r.fullPath.includes('*')).find((r) => matchPath(r.fullPath, pathname));
}
