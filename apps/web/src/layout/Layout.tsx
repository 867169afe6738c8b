import { Outlet } from 'react-router';

/** Temporary shell; the layout work replaces it with sidebar, navbar, tags and settings. */
export function Layout() {
  return <Outlet />;
}
