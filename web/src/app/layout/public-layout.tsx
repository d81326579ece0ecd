// Frame of the pages reachable without login: brand on top, the page in a centred column, footer below.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../lib/page-loading';
import { PageErrorBoundary } from '../page-error-boundary';
import { AppFooter } from './app-footer';
import { Brand } from './brand';
import { MAIN_CONTENT_ID, RouteAnnouncer } from './route-announcer';
import './public-layout.css';

export default function PublicLayout() {
  return (
    <div className="public-layout">
      <header className="public-brand">
        <Brand to="/" />
      </header>
      <main className="public-main main-region" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <PageErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <AppFooter />
      <RouteAnnouncer />
    </div>
  );
}
