// App-wide providers: query cache, antd theme (light or dark, theme.ts), and the toast outlet the helpers in lib/notify use.
// (message.useMessage rather than antd's <App>: <App> also pulls Modal and Notification into the entry
// chunk, which the login page would pay for.)
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { isApiError } from '../lib/api-error';
import { bindMessageApi } from '../lib/notify';
import { useColorMode } from './color-mode';
import { BRAND_VARS, type ColorMode, CSS_VAR_KEY, themeFor } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change on retry; a network blip or 5xx may.
      retry: (count, err) => count < 2 && !(isApiError(err) && err.status >= 400 && err.status < 500),
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

function Toasts() {
  const [messageApi, contextHolder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    bindMessageApi(messageApi);
    return () => bindMessageApi(null);
  }, [messageApi]);
  return contextHolder;
}

export function Providers({ children }: { children: ReactNode }) {
  const { mode } = useColorMode();
  useDocumentTheme(mode);
  const theme = useMemo(() => themeFor(mode), [mode]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        <Toasts />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
