// App-wide providers: query cache, the light or dark theme's variables on <html>, and the toast outlet the
// helpers in lib/notify use, loaded when the first toast is asked for. antd's ConfigProvider is not here but
// around what draws antd (antd-theme.tsx): the login page loads none of it.
import { IconProvider } from '@ant-design/icons';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { isApiError, isOfflineFailure } from '../lib/api-error';
import { onToastOutletNeeded } from '../lib/notify';
import { BRAND_VARS, type ColorMode, CSS_VAR_KEY } from './brand-vars';
import { useColorMode } from './color-mode';
import { ErrorBoundary } from './page-error-boundary';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change on retry; a network blip or 5xx may. Offline, nothing will: the
      // section says so at once instead of showing its skeleton through the retries.
      retry: (count, err) =>
        count < 2 && !(isApiError(err) && err.status >= 400 && err.status < 500) && !isOfflineFailure(err),
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

/** Puts antd's CSS variables and ours on <html> so the app's own CSS and the page background follow
 * the theme, and tells the browser which scheme its own controls and scroll bars should use. */
function useDocumentTheme(mode: ColorMode): void {
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add(CSS_VAR_KEY);
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
    for (const [name, value] of Object.entries(BRAND_VARS[mode])) root.style.setProperty(name, value);
  }, [mode]);
}

const Toasts = lazy(() => import('./toasts'));

/** Mounts the toast outlet the first time a toast is asked for (lib/notify.ts). */
function useToastOutlet(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    onToastOutletNeeded(() => setWanted(true));
    return () => onToastOutletNeeded(null);
  }, []);
  return wanted;
}

/**
 * Outside antd's ConfigProvider (the login page's eye icons), antd's icons write their base CSS themselves:
 * in antd's layer, as the build's antd CSS is, so that it never outranks antd's own rules for the rest of
 * the session (unlayered, it beat every layered `.anticon` rule). Inside the provider they write none.
 */
const ICONS = { layer: 'antd' } as const;

export function Providers({ children }: { children: ReactNode }) {
  const { mode } = useColorMode();
  useDocumentTheme(mode);
  const toasts = useToastOutlet();
  return (
    <QueryClientProvider client={queryClient}>
      <IconProvider value={ICONS}>
        {toasts && (
          // Offline, the outlet's code may never have been loaded: no toasts then, but the app stays.
          <ErrorBoundary fallback={() => null}>
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          </ErrorBoundary>
        )}
        {children}
      </IconProvider>
    </QueryClientProvider>
  );
}
