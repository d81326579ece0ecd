// App-wide providers: query cache, antd theme, and the toast outlet the helpers in lib/notify use.
// (message.useMessage rather than antd's <App>: <App> also pulls Modal and Notification into the entry
// chunk, which the login page would pay for.)
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { isApiError } from '../lib/api-error';
import { bindMessageApi } from '../lib/notify';

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

const theme = {
  token: {
    colorPrimary: '#b4441f',
    colorLink: '#9a3412',
    borderRadius: 8,
    colorBgLayout: '#f6f3f0',
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { siderBg: '#2b1d17', headerBg: '#ffffff', headerPadding: '0 16px', footerPadding: '16px 24px' },
    Menu: { darkItemBg: '#2b1d17', darkSubMenuItemBg: '#2b1d17', darkItemSelectedBg: '#b4441f' },
    // Progress bars (uploads, the survey steps) in the brand colour rather than antd's default blue.
    Progress: { defaultColor: '#b4441f' },
  },
};

function Toasts() {
  const [messageApi, contextHolder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    bindMessageApi(messageApi);
    return () => bindMessageApi(null);
  }, [messageApi]);
  return contextHolder;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        <Toasts />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
