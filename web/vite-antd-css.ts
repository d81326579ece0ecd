// antd's styles as static CSS, split per component and loaded with the code that uses it (issue 14: main
// thread on a phone). antd normally writes its styles at run time (CSS-in-JS): on a mid-range phone that
// was the largest share of each page's long tasks. With `zeroRuntime` (app/theme.ts) antd writes only its
// theme variables at run time and expects its styles from a stylesheet. The whole of antd.css is 110 KB
// gzip, so this plugin cuts it per component: every source file that imports `{ Button, … } from 'antd'`
// also imports `virtual:antd-css/<prefix>.css` for each class prefix those components (and the antd
// components they use in turn) ask `getPrefixCls` for, and Vite puts that CSS beside the file's chunk.
//
// A rule belongs to the component whose prefix its first antd class starts with (the longest known one:
// `.ant-input-number` is not `input`'s). Rules with no antd class (icons, keyframes, resets) form the
// `_global` part that every such file imports too.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import postcss, { type AtRule, type ChildNode, type Rule } from 'postcss';
import type { Plugin } from 'vite';

const VIRTUAL_PREFIX = 'virtual:antd-css/';
const RESOLVED_PREFIX = '\0antd-css/';
const GLOBAL = '_global';
const PREFIX_CALL = /getPrefixCls\(\s*['"]([\w-]+)['"]/g;
const RELATIVE_IMPORT = /(?:from|import)\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const ANTD_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]antd['"]/g;
const ANT_CLASS = /\.ant-([\w-]+)/;

/** Value names a source file imports from 'antd' (`type` imports draw nothing). */
export function importedComponents(source: string): string[] {
  const names = new Set<string>();
  for (const [, list = ''] of source.matchAll(ANTD_IMPORT)) {
    if (/^\s*type\s/.test(list)) continue;
    for (const part of list.split(',')) {
      const name = part.trim();
      if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]?.trim() ?? name);
    }
  }
  return [...names];
}

/** The component (by class prefix) a selector's first antd class belongs to, or null for none. */
export function ownerOf(selector: string, knownLongestFirst: string[]): string | null {
  const match = ANT_CLASS.exec(selector);
  if (!match?.[1]) return null;
  const cls = match[1];
  return knownLongestFirst.find((p) => cls === p || cls.startsWith(`${p}-`)) ?? null;
}

function resolveModule(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.js`, join(base, 'index.js')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every class prefix an antd module, and the antd modules it imports, ask for. */
function prefixesReachedFrom(entry: string): Set<string> {
  const prefixes = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, prefix] of text.matchAll(PREFIX_CALL)) if (prefix) prefixes.add(prefix);
    for (const [, spec] of text.matchAll(RELATIVE_IMPORT)) {
      const next = spec ? resolveModule(file, spec) : null;
      if (next) queue.push(next);
    }
  }
  return prefixes;
}

/** antd.css cut into parts per owning prefix; at-rules (media queries) are cut the same way inside. */
export function splitByOwner(css: string, knownLongestFirst: string[]): Map<string, string> {
  const parts = new Map<string, ChildNode[]>();
  const add = (owner: string, node: ChildNode) => {
    const list = parts.get(owner) ?? [];
    list.push(node);
    parts.set(owner, list);
  };
  const root = postcss.parse(css);
  root.each((node) => {
    if (node.type === 'rule') {
      // antd's example variable scopes (`.css-var-_R_0_`) style nothing of ours: the runtime writes ours.
      // Its link reset (`a { text-decoration: none }`, …) only ever applied inside antd's own components;
      // bare here, it would take the underline off every link in running text. And a cache marker.
      if (/^(\.css-var-|a\b|\.data-ant-cssinjs)/.test(node.selector)) return;
      add(ownerOf(node.selector, knownLongestFirst) ?? GLOBAL, node);
    } else if (node.type === 'atrule' && node.nodes && node.name !== 'keyframes') {
      const byOwner = new Map<string, Rule[]>();
      node.each((child) => {
        if (child.type !== 'rule') return;
        const owner = ownerOf(child.selector, knownLongestFirst) ?? GLOBAL;
        byOwner.set(owner, [...(byOwner.get(owner) ?? []), child]);
      });
      for (const [owner, rules] of byOwner) {
        const wrapper = (node as AtRule).clone({ nodes: [] });
        for (const rule of rules) wrapper.append(rule.clone());
        add(owner, wrapper);
      }
    } else {
      add(GLOBAL, node);
    }
  });
  // In a cascade layer: the app's own CSS (unlayered) wins over antd's whatever order the parts load in,
  // as it did over antd's run-time styles.
  return new Map(
    [...parts].map(([owner, nodes]) => [
      owner,
      `@layer antd {\n${nodes.map((n) => n.toString()).join('\n')}\n}`,
    ]),
  );
}

export function antdStaticCss(): Plugin {
  let srcDir = 'src';
  let esDir = '';
  let dirOf = new Map<string, string>();
  let parts: Map<string, string> | undefined;
  const prefixesOf = new Map<string, Set<string>>();

  const cssParts = (): Map<string, string> => {
    if (!parts) {
      const known = [...prefixesReachedFrom(join(esDir, 'index.js'))].sort((a, b) => b.length - a.length);
      parts = splitByOwner(readFileSync(join(dirname(esDir), 'dist', 'antd.css'), 'utf8'), known);
    }
    return parts;
  };
  const componentPrefixes = (name: string): Set<string> => {
    const dir = dirOf.get(name);
    if (!dir) return new Set();
    let found = prefixesOf.get(dir);
    if (!found) {
      found = prefixesReachedFrom(join(esDir, dir, 'index.js'));
      prefixesOf.set(dir, found);
    }
    return found;
  };

  return {
    name: 'hearth-antd-css',
    enforce: 'pre',
    configResolved(config) {
      srcDir = join(config.root, 'src');
      const require = createRequire(join(config.root, 'package.json'));
      esDir = dirname(require.resolve('antd/es/index.js'));
      const index = readFileSync(join(esDir, 'index.js'), 'utf8');
      dirOf = new Map(
        [...index.matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)'/g)].flatMap(([, name, dir]) =>
          name && dir ? [[name, dir] as [string, string]] : [],
        ),
      );
    },
    transform(code, id) {
      if (!id.startsWith(srcDir) || !/\.tsx?$/.test(id) || id.includes('.test.')) return null;
      const names = importedComponents(code);
      if (names.length === 0) return null;
      const available = cssParts();
      const prefixes = new Set<string>([GLOBAL]);
      for (const name of names) for (const p of componentPrefixes(name)) prefixes.add(p);
      const imports = [...prefixes]
        .filter((p) => available.has(p))
        .sort()
        .map((p) => `import '${VIRTUAL_PREFIX}${p}.css';`)
        .join('\n');
      return { code: `${imports}\n${code}`, map: null };
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `${RESOLVED_PREFIX}${id.slice(VIRTUAL_PREFIX.length)}` : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const prefix = id.slice(RESOLVED_PREFIX.length).replace(/\.css$/, '');
      return cssParts().get(prefix) ?? '';
    },
  };
}
