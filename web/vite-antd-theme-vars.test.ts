import postcss, { type Declaration, type Rule } from 'postcss';
import { expect, it } from 'vitest';
import { antdThemeVars } from './vite-antd-theme-vars';

const plugin = antdThemeVars();
const resolveId = plugin.resolveId as (id: string) => string | undefined;
const load = plugin.load as (id: string) => string | undefined;

it("writes antd's variables of both modes, on <html> only, with the theme's values", () => {
  const id = resolveId('virtual:antd-theme-vars.css');
  expect(id).toBeDefined();
  expect(resolveId('./styles.css')).toBeUndefined();
  const rules = postcss.parse(load(id as string) ?? '').nodes as Rule[];
  expect(rules.map((r) => r.selector)).toEqual(['html.hearth-theme', 'html.hearth-theme[data-theme="dark"]']);
  const value = (rule: Rule | undefined, name: string) =>
    (rule?.nodes.find((d) => (d as Declaration).prop === name) as Declaration | undefined)?.value;
  const [light, dark] = rules;
  // app/theme.ts: the light primary as given; the dark theme's own page background.
  expect(value(light, '--ant-color-primary')).toBe('#b4441f');
  expect(value(light, '--ant-color-bg-layout')).toBe('#f6f3f0');
  expect(value(dark, '--ant-color-bg-layout')).toBe('#141414');
  expect(value(dark, '--ant-color-text')).not.toBe(value(light, '--ant-color-text'));
  expect(load('other')).toBeUndefined();
});
