// Bundles the server (and the contract it imports as TypeScript) into dist/main.js; npm packages stay
// external and load from node_modules. Migrations are read from ../migrations at run time.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@hearth/contract': '../contract/src/index.ts' },
  logLevel: 'warning',
});
