// antd's theme, light and dark (issue 14: AA contrast, dark mode). antd derives its palette from these
// tokens and publishes them as CSS variables (`--ant-color-text-secondary`, ...) on the `hearth-theme`
// class, which providers.tsx puts on <html>, so our own CSS uses the same values: at run time where
// antd-theme.tsx is mounted, and from a stylesheet made at build time everywhere
// (web/vite-antd-theme-vars.ts). The few colours antd has no token for are in brand-vars.ts. Contrast
// ratios were checked against the backgrounds they sit on (WCAG 2.2 AA: 4.5:1 for text).
import { type ThemeConfig, theme } from 'antd';
import { type ColorMode, CSS_VAR_KEY } from './brand-vars';

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

const light: ThemeConfig = {
  token: {
    // #b4441f on white 5.5:1, white on it 5.5:1; links #9a3412 on the page background 6.6:1.
    colorPrimary: '#b4441f',
    // antd lightens a button under the pointer (white on it 4.0:1): here it darkens instead (6.9:1, 8.3:1).
    colorPrimaryHover: '#9a3a1a',
    colorPrimaryActive: '#85311a',
    colorLink: '#9a3412',
    // antd's #ff4d4f is 3.3:1 on white: field errors and danger buttons in #c41d1d (5.9:1).
    colorError: '#c41d1d',
    colorBgLayout: '#f6f3f0',
    // antd's defaults (45% and 25% black) are 3.4:1 and less: secondary text, placeholders and
    // descriptions are darkened to at least 4.7:1 on the page background.
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 8,
    fontFamily: FONT,
  },
  components: {
    Layout: { siderBg: '#2b1d17', headerBg: '#ffffff', headerPadding: '0 16px', footerPadding: '16px 24px' },
    Progress: { defaultColor: '#b4441f' },
  },
};

const dark: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    // On the dark surfaces a lighter orange: #e8875f on #141414 7.1:1. White on it would be 2.6:1, so the
    // components that write on the primary colour (buttons, the selected menu item) write black (8:1).
    colorPrimary: '#e8875f',
    colorLink: '#f0a07e',
    // The dark algorithm's error red is under 4.5:1 on the dark surfaces: #ff7875 is 7:1 on #141414.
    colorError: '#ff7875',
    colorBgLayout: '#141414',
    colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
    colorTextDescription: 'rgba(255, 255, 255, 0.62)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.6)',
    borderRadius: 8,
    fontFamily: FONT,
  },
  components: {
    Layout: { siderBg: '#1a120e', headerBg: '#1f1f1f', headerPadding: '0 16px', footerPadding: '16px 24px' },
    Button: { primaryColor: '#000000', dangerColor: '#000000' },
    // The selected and hovered days are written on the primary colour: black, as on the buttons.
    DatePicker: { colorTextLightSolid: '#000000' },
    Progress: { defaultColor: '#e8875f' },
  },
};

export function themeFor(mode: ColorMode): ThemeConfig {
  // zeroRuntime: antd's styles come from static CSS beside the code that uses each component
  // (web/vite-antd-css.ts); at run time antd writes only its theme variables.
  return { ...(mode === 'dark' ? dark : light), cssVar: { key: CSS_VAR_KEY }, zeroRuntime: true };
}
