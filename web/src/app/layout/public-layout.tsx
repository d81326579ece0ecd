// Frame of the pages reachable without login: brand on top, the page in a centred column, footer below. A
// page that fails is caught by the boundary around the layouts (router.tsx): one fewer in the login page's
// first load (its JavaScript budget: e2e/tests/budget.spec.ts).
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../lib/page-loading';
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
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <AppFooter />
      <RouteAnnouncer />
    </div>
  );
}
