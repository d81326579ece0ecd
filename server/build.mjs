// Bundles the server (and the contract it imports as TypeScript) into dist/main.js, and the backup and
// restore commands into dist/backup.js and dist/restore.js; npm packages stay external and load from
// node_modules. Migrations are read from ../migrations at run time.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    backup: 'src/ops/backup-command.ts',
    restore: 'src/ops/restore-command.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@hearth/contract': '../contract/src/index.ts' },
  logLevel: 'warning',
});
