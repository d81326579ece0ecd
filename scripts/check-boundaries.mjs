// The boundary check of `npm test` (issue 15, ADR 028). Two parts:
// 1. dependency-cruiser's rules (.dependency-cruiser.cjs), less the violations still being taken apart
//    (.dependency-cruiser-known-violations.json): a new violation fails.
// 2. Circles between features (server/src/features/*, web/src/features/*), which dependency-cruiser cannot
//    hold against a list: the groups of features that depend on each other in a circle must be exactly
//    KNOWN_CIRCLES. A new circle fails; so does a circle that is gone but still listed (strike it out).
// `node scripts/check-boundaries.mjs --baseline` rewrites the known violations of part 1.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const CONFIG = '.dependency-cruiser.cjs';
const KNOWN = '.dependency-cruiser-known-violations.json';
const ROOTS = ['server/src', 'web/src'];

/** Feature groups in a circle, each sorted: none since issue 15, and a new one fails. */
const KNOWN_CIRCLES = [];

function depcruise(args) {
  const run = spawnSync('npx', ['depcruise', ...ROOTS, '--config', CONFIG, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  return run;
}

if (process.argv.includes('--baseline')) {
  const run = depcruise(['--output-type', 'baseline']);
  writeFileSync(KNOWN, run.stdout);
  console.log(`wrote ${KNOWN}`);
  process.exit(0);
}

let failed = false;
const rules = depcruise(['--ignore-known', KNOWN, '--output-type', 'err']);
process.stdout.write(rules.stdout);
if (rules.status !== 0) failed = true;

// Part 2: the feature graph (direct imports between features only) and its strongly connected groups.
const json = JSON.parse(depcruise(['--output-type', 'json']).stdout);
const featureOf = (path) => path.match(/^(server|web)\/src\/features\/([^/]+)\//);
const edges = new Map();
for (const mod of json.modules) {
  const from = featureOf(mod.source);
  if (!from) continue;
  const key = `${from[1]}:${from[2]}`;
  if (!edges.has(key)) edges.set(key, new Set());
  for (const dep of mod.dependencies) {
    const to = featureOf(dep.resolved);
    if (to && to[1] === from[1] && to[2] !== from[2]) edges.get(key).add(`${to[1]}:${to[2]}`);
  }
}

/** Tarjan's strongly connected components; groups of two or more features are circles. */
function circles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  const visit = (v) => {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group);
    }
  };
  for (const v of graph.keys()) if (!info.has(v)) visit(v);
  return found.map((group) => {
    const side = group[0].split(':')[0];
    return `${side}:${group
      .map((g) => g.split(':')[1])
      .sort()
      .join(',')}`;
  });
}

const now = circles(edges).sort();
const known = [...KNOWN_CIRCLES].sort();
const added = now.filter((c) => !known.includes(c));
const gone = known.filter((c) => !now.includes(c));
for (const c of added)
  console.log(`error feature-circle: ${c} (features that depend on each other in a circle)`);
for (const c of gone)
  console.log(`error feature-circle: ${c} is listed in KNOWN_CIRCLES but no longer a circle: strike it out`);
if (added.length || gone.length) failed = true;
else console.log(`feature circles: ${now.length}, all known (${now.join('; ') || 'none'})`);
process.exit(failed ? 1 : 0);
