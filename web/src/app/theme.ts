// Every colour of the app, light and dark, in one place (issue 14: AA contrast, dark mode). antd derives
// its palette from these tokens and publishes them as CSS variables (`--ant-color-text-secondary`, ...) on
// the `hearth-theme` class, which providers.tsx puts on <html>, so our own CSS uses the same values.
// The few colours antd has no token for (the side bar) are published as `--hearth-*` variables.
// Contrast ratios were checked against the backgrounds they sit on (WCAG 2.2 AA: 4.5:1 for text).
import { type ThemeConfig, theme } from 'antd';

export type ColorMode = 'light' | 'dark';

/** The class that carries antd's CSS variables (antd names it after this key). */
export const CSS_VAR_KEY = 'hearth-theme';

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

/** Brand colours antd has no token for that are the same in both modes (on the dark side bar and media). */
const SHARED_VARS: Record<string, string> = {
  '--hearth-sider-text': 'rgba(255, 255, 255, 0.85)',
  '--hearth-sider-text-strong': '#ffffff',
  // Initials on the avatar's neutral badge (lib/user-avatar.tsx, lib/neutral-badge.ts) in both modes.
  '--hearth-avatar-text': '#ffffff',
  '--hearth-sider-border': 'rgba(255, 255, 255, 0.12)',
  '--hearth-media-text': '#ffffff',
  '--hearth-media-focus': '#ffd8bf',
  '--hearth-media-shadow': 'rgba(0, 0, 0, 0.4)',
  '--hearth-media-scrim': 'linear-gradient(to top, rgba(20, 12, 8, 0.85), rgba(20, 12, 8, 0))',
  '--hearth-media-placeholder': 'radial-gradient(circle at 20% 20%, #d9703f 0%, #b4441f 35%, #5a2412 100%)',
  '--hearth-media-control-bg-hover': 'rgba(0, 0, 0, 0.7)',
};

/** Brand colours antd has no token for, per mode. */
export const BRAND_VARS: Record<ColorMode, Record<string, string>> = {
  light: {
    ...SHARED_VARS,
    '--hearth-on-primary': '#ffffff',
    '--hearth-sider-bg': '#2b1d17',
    '--hearth-sider-selected-bg': '#b4441f',
    '--hearth-sider-selected-text': '#ffffff',
    '--hearth-shadow': 'rgba(43, 29, 23, 0.06)',
    '--hearth-media-bg': '#1f1511',
    '--hearth-media-control-bg': 'rgba(0, 0, 0, 0.5)',
  },
  dark: {
    ...SHARED_VARS,
    '--hearth-on-primary': '#000000',
    '--hearth-sider-bg': '#1a120e',
    '--hearth-sider-selected-bg': '#e8875f',
    '--hearth-sider-selected-text': '#000000',
    '--hearth-shadow': 'rgba(0, 0, 0, 0.4)',
    '--hearth-media-bg': '#000000',
    '--hearth-media-control-bg': 'rgba(0, 0, 0, 0.6)',
  },
};

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
