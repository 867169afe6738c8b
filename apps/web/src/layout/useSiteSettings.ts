import { useEffect } from 'react';
import { useSettingsStore } from '@/stores/settings';

interface SiteBody {
  code?: number;
  data?: { siteTitle?: string | null; showFooter?: boolean | number | null; footerTxt?: string | null; caseNumber?: string | null } | null;
}

let loaded = false;

/**
 * Site settings (title, footer, filing number) from the public GET /api/system/config/site, once
 * per page load. A bare fetch: the endpoint may be missing on older servers and a failure must
 * not raise the HTTP client's error popups. The defaults stay in place then.
 */
export async function loadSiteSettings(fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetchImpl(`${import.meta.env.VITE_APP_BASE_API ?? ''}/api/system/config/site`, { headers: { Accept: 'application/json' } });
    if (!res.ok) return false;
    const body = (await res.json()) as SiteBody;
    if (body?.code !== 0 || !body.data) return false;
    const d = body.data;
    const site: Parameters<ReturnType<typeof useSettingsStore.getState>['applySite']>[0] = {};
    if (d.siteTitle != null) site.siteTitle = d.siteTitle;
    if (d.showFooter != null) site.showFooter = !!d.showFooter;
    if (d.footerTxt != null) site.footerTxt = d.footerTxt;
    if (d.caseNumber != null) site.caseNumber = d.caseNumber;
    useSettingsStore.getState().applySite(site);
    return true;
  } catch {
    return false;
  }
}

export function useSiteSettings() {
  useEffect(() => {
    if (loaded) return;
    loaded = true;
    void loadSiteSettings();
  }, []);
}
