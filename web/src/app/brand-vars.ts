// The colours antd has no token for (the side bar, media, the avatar's initials), per mode, published as
// `--hearth-*` variables on <html> (providers.tsx); and the class that carries antd's own variables. No
// antd code here: the login page reads these without loading antd's theme (app/antd-theme.tsx).

export type ColorMode = 'light' | 'dark';

/** The class that carries antd's CSS variables (antd names it after this key). */
export const CSS_VAR_KEY = 'hearth-theme';

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
