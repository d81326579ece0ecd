// antd's theme variables (`--ant-color-primary`, ...) as a static stylesheet, light and dark, made at build
// time from app/theme.ts by antd itself. antd's ConfigProvider writes the same variables at run time, but
// its code (the token algorithm and its CSS-in-JS registry) is a fifth of the login page's JavaScript, and
// the login page has no antd component: only its CSS reads the variables. So the pages without antd need no
// ConfigProvider (src/app/antd-theme.tsx), and the pages with it get the same values from both.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import postcss, { type Rule } from 'postcss';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';
// Imported here, not in load(): the config's module runner, which reads TypeScript, is closed by then.
import { CSS_VAR_KEY } from './src/app/brand-vars';
import { themeFor } from './src/app/theme';

const ID = 'virtual:antd-theme-vars.css';
const RESOLVED = '\0antd-theme-vars.css';

/**
 * The rule antd writes for `config` on the theme's class `selector`, holding every token as a variable
 * (antd's other run-time CSS, the icons' base styles, comes with the code that draws icons).
 */
function varsOf(config: object, selector: string): string {
  const cache = createCache();
  renderToString(h(StyleProvider, { cache }, h(ConfigProvider, { theme: config }, h('div'))));
  const rules = postcss.parse(extractStyle(cache, { plain: true })).nodes;
  const vars = rules.find((node): node is Rule => node.type === 'rule' && node.selector === selector);
  if (!vars) throw new Error(`antd wrote no theme variables on ${selector}`);
  return vars.toString();
}

export function antdThemeVars(): Plugin {
  return {
    name: 'hearth-antd-theme-vars',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return;
      const selector = `.${CSS_VAR_KEY}`;
      const light = varsOf(themeFor('light'), selector);
      const dark = varsOf(themeFor('dark'), selector);
      // On <html> only, which carries the class and data-theme (app/providers.tsx): dark wins by its
      // attribute. antd also puts the class on its components' own elements, where its run-time rule
      // gives the current mode's values; this light rule there would override the dark ones inherited.
      const scoped = (css: string, attribute = '') =>
        `html${selector}${attribute}${css.slice(selector.length)}`;
      return `${scoped(light)}\n${scoped(dark, '[data-theme="dark"]')}\n`;
    },
  };
}
