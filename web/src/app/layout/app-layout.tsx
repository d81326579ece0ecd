// Frame of the logged-in pages: side menu (a drawer below 600px), top bar, the page, footer.

import { homeForRole } from '@hearth/contract';
import { Layout } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { pageChanged } from '../../lib/notify';
import { registerServiceWorker } from '../../lib/offline-copies';
import { PageLoading } from '../../lib/page-loading';
import { takeSurveyLink, useProfile } from '../../lib/session';
import { useIsMobile } from '../../lib/use-is-mobile';
import AntdTheme from '../antd-theme';
import { PageErrorBoundary } from '../page-error-boundary';
import { ScrollKeeper } from '../scroll-keeper';
import { AppFooter } from './app-footer';
import { AppNotices } from './app-notices';
import { Brand } from './brand';
import { MAIN_CONTENT_ID, RouteAnnouncer } from './route-announcer';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

const MobileMenu = lazy(() => import('./mobile-menu'));

export default function AppLayout() {
  const profile = useProfile();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { pathname } = useLocation();
  // A new page: the toasts of the one before go (lib/notify.ts). Here, with the scroll keeper, rather than
  // in the first chunk: the login page's JavaScript budget.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what this effect answers.
  useEffect(() => pageChanged(), [pathname]);
  const roleId = profile?.roles.id ?? 0;
  const home = homeForRole(roleId);

  // Once inside, a survey link remembered before login has been used (or does not apply): forget it.
  // The service worker keeps the offline copies (and carries push).
  // The failure view is loaded ahead while idle, so that offline it is among the kept files.
  useEffect(() => {
    takeSurveyLink();
    registerServiceWorker();
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    idle(() => void import('../page-failed').catch(() => undefined));
  }, []);

  return (
    <AntdTheme>
      <Layout className="app-layout">
        <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
          Skip to main content
        </a>
        {!isMobile && (
          <Layout.Sider width={232} className="app-sider">
            <div className="sider-brand">
              <Brand to={home} light />
            </div>
            <nav aria-label="Main">
              <SideMenu roleId={roleId} />
            </nav>
          </Layout.Sider>
        )}
        {isMobile && (
          <Suspense fallback={null}>
            <MobileMenu open={drawerOpen} onClose={() => setDrawerOpen(false)} home={home} roleId={roleId} />
          </Suspense>
        )}
        <Layout>
          <TopBar isMobile={isMobile} onOpenMenu={() => setDrawerOpen(true)} />
          <Layout.Content className="app-content">
            <AppNotices />
            <div id={MAIN_CONTENT_ID} tabIndex={-1} className="main-region">
              <PageErrorBoundary>
                <Suspense fallback={<PageLoading />}>
                  <Outlet />
                </Suspense>
              </PageErrorBoundary>
            </div>
          </Layout.Content>
          <AppFooter />
        </Layout>
        <RouteAnnouncer />
        {/* Here, not in the first chunk: the login page's JavaScript budget; public pages are short forms. */}
        <ScrollKeeper />
      </Layout>
    </AntdTheme>
  );
}
