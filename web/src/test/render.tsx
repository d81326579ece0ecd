// Renders a screen inside what the app wraps it in (app/providers.tsx, main.tsx): a query client (a fresh
// one per test, no retries), antd's ConfigProvider with the app's theme, the toast outlet, and the browser
// router at the given address (the page's own history, as some code reads window.location). A route `*`
// beside the screen shows where a navigation went (`location` test id).
import { ROLE, type SessionProfile } from '@hearth/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { themeFor } from '../app/theme';
import Toasts from '../app/toasts';
import { saveSession } from '../lib/session';

export type RoleName = 'admin' | 'staff' | 'editor';
export const ROLE_IDS: Record<RoleName, number> = {
  admin: ROLE.ADMIN,
  staff: ROLE.STAFF,
  editor: ROLE.EDITOR,
};

/** Stores a logged-in session, as the login page does, with an access token valid for an hour. */
export function signIn(role: RoleName = 'staff', patch: Partial<SessionProfile> = {}): SessionProfile {
  const profile: SessionProfile = {
    id: 7,
    firstName: 'Sam',
    lastName: 'Staff',
    email: 'sam@example.com',
    roles: { id: ROLE_IDS[role], name: role },
    profileImage: null,
    accessToken: 'test-access-token',
    refreshToken: 'test-refresh-token',
    accessTokenExpiryDate: new Date(Date.now() + 3_600_000).toISOString(),
    ...patch,
  };
  saveSession(profile, true);
  return profile;
}

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{`${pathname}${search}`}</div>;
}

export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });
}

/**
 * The app's light theme with antd's motion off: a DOM without layout never ends a CSS transition, so a
 * button's loading icon (and a closing modal or toast) would stay in its leaving state for good.
 */
const light = themeFor('light');
const TEST_THEME = { ...light, token: { ...light.token, motion: false } };

export function AppShell({ children, client }: { children: ReactNode; client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider theme={TEST_THEME}>
        <Toasts />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}

type Options = {
  /** The address the router starts at; `/` unless given. */
  at?: string;
  /** The route pattern the screen is mounted on (for its params); `at`'s path unless given. */
  path?: string;
};

/** Renders `ui` as the page at `at`; answers Testing Library's result, a user-event user and the client. */
export function renderPage(ui: ReactElement, { at = '/', path }: Options = {}) {
  const client = testQueryClient();
  const user = userEvent.setup({ delay: null });
  window.history.replaceState(null, '', at);
  const result = render(
    <AppShell client={client}>
      <BrowserRouter>
        <Routes>
          <Route path={path ?? at.split('?')[0]} element={ui} />
          <Route path="*" element={<WhereAmI />} />
        </Routes>
      </BrowserRouter>
    </AppShell>,
  );
  return { ...result, user, client };
}

/** The address the app went to (the `*` route of renderPage), once it left the screen. */
export async function landedAt(): Promise<string> {
  return (await screen.findByTestId('location')).textContent ?? '';
}
