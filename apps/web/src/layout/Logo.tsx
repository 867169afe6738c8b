import { useState } from 'react';
import { Link } from 'react-router';
import { LOGO_KEY } from '@/utils/auth';
import { useSessionStore } from '@/stores/session';
import { DEFAULT_TITLE } from '@/router/AppRoutes';
import { DefaultLogo } from './DefaultLogo';
import { resourceUrl } from './resource';
import { useSettingsStore } from '@/stores/settings';

/**
 * Sidebar logo: the customer's logo saved at sign-in (or the small logo when collapsed), else
 * the product mark; the title beside it when the sidebar is open.
 */
export function Logo({ collapsed }: { collapsed: boolean }) {
  const minLogo = useSessionStore((s) => s.user?.minLogo);
  const siteTitle = useSettingsStore((s) => s.siteTitle);
  const saved = localStorage.getItem(LOGO_KEY);
  const name = (collapsed && minLogo) || saved;
  const [broken, setBroken] = useState<string | null>(null);
  const title = siteTitle || DEFAULT_TITLE;
  return (
    <div className={`pdz-logo${collapsed ? ' is-collapsed' : ''}`}>
      <Link to="/" className="pdz-logo-link" title={title}>
        {name && broken !== name ? (
          <img className="pdz-logo-img" src={resourceUrl(name)} alt="logo" onError={() => setBroken(name)} />
        ) : (
          <DefaultLogo />
        )}
        {!collapsed && <h1 className="pdz-logo-title">{title}</h1>}
      </Link>
    </div>
  );
}
