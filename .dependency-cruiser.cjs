// The boundaries between parts of the code (issue 15), checked by `npm test` through
// scripts/check-boundaries.mjs, which also checks that features do not depend on each other in circles:
// - no module imports itself through others;
// - web features import only lib/, contract/ and their own folder; lib/ never imports app/ or features/;
// - platform/ and db/ on the server never import features/ or access/; access/ (the rules of who sees
//   what, issue 30) never imports features/.
// Violations still being taken apart are in .dependency-cruiser-known-violations.json; a new one fails.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-features-use-lib-and-contract',
      comment:
        'A web feature imports lib/, contract/ and its own folder; what two features share lives in lib/.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/(features|app)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-lib-stays-below-app',
      severity: 'error',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/(app|features)/' },
    },
    {
      name: 'server-platform-below-features',
      severity: 'error',
      from: { path: '^server/src/(platform|db)/' },
      to: { path: '^server/src/(features|access)/' },
    },
    {
      name: 'server-access-below-features',
      comment: 'The rules module is what features ask; it knows no feature.',
      severity: 'error',
      from: { path: '^server/src/access/' },
      to: { path: '^server/src/features/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|/dist/|\\.test\\.tsx?$|/test-support\\.ts$|/test-kit\\.ts$)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
