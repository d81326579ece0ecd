#!/usr/bin/env node
// `npm run typecheck`: every project checked by TypeScript 7, the native compiler (ADR 044): the same
// checks as TypeScript 6, about a fifth of the CPU time. TypeScript 6 stays installed for the tools that
// call its JavaScript API (dependency-cruiser), which TypeScript 7 does not have.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript-native/bin/tsc', import.meta.url));
let failed = false;
for (const project of ['contract', 'server', 'web', 'e2e']) {
  const res = spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
