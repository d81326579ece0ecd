// antd's ConfigProvider with the app's theme (theme.ts), around what draws antd components: the signed-in
// layout, the toasts, and the public pages declared `themed()` in pages.tsx. The login page draws none, so it
// loads none of antd's theme code (a fifth of its JavaScript); its CSS reads antd's variables from the
// stylesheet made at build time (web/vite-antd-theme-vars.ts), which holds the same values.
import { ConfigProvider } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { popupContainer } from '../lib/popup-container';
import { useColorMode } from './color-mode';
import { themeFor } from './theme';

export default function AntdTheme({ children }: { children: ReactNode }) {
  const { mode } = useColorMode();
  const theme = useMemo(() => themeFor(mode), [mode]);
  return (
    <ConfigProvider theme={theme} getPopupContainer={popupContainer}>
      {children}
    </ConfigProvider>
  );
}
