import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSettingsStore } from '@/stores/settings';
import { PageErrorBoundary } from './PageErrorBoundary';

export const BEIAN_URL = 'https://beian.miit.gov.cn/';

/** The page outlet, and the footer with the footer text and filing number when enabled. */
export function AppMain() {
  const { pathname } = useLocation();
  const { showFooter, footerTxt, caseNumber } = useSettingsStore();

  // Spec §2: the page scrolls to the top on each navigation.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <main className="pdz-app-main">
        <PageErrorBoundary resetKey={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </main>
      {showFooter && (footerTxt || caseNumber) && (
        <footer className="pdz-footer">
          {footerTxt && <span>{footerTxt}</span>}
          {caseNumber && (
            <a href={BEIAN_URL} target="_blank" rel="noopener noreferrer">
              {caseNumber}
            </a>
          )}
        </footer>
      )}
    </>
  );
}
