// The boundaries between parts of the code (issue 15), checked by `npm test` through
// scripts/check-boundaries.mjs, which also checks that features do not depend on each other in circles:
// - no module imports itself through others;
// - web: lib/ is generic (issue 32, ADR 045) and never imports app/, features/ or shared/; a web feature
//   imports lib/, contract/, its own folder and the shared modules that list it; a shared module
//   (shared/<name>/: domain code several features use) imports lib/, contract/, itself and the shared
//   modules that list it, never app/ or features/; each shared module is used only by those listed for it
//   in WEB_SHARED below (an allow-list), and a shared folder missing from WEB_SHARED may not be used;
// - platform/ and db/ on the server never import features/ or access/; access/ (the rules of who sees
//   what, issue 30) never imports features/.
// Violations still being taken apart are in .dependency-cruiser-known-violations.json; a new one fails.

/**
 * Who may use each web shared module (web/src/shared/<name>/): web features by name, 'app' for app/, or
 * 'shared/<other>' for another shared module. A new user is a line here, made on purpose (ADR 045).
 */
const WEB_SHARED = {
  // The post UI: card, list, body, actions, comments, mentions, editor, files field, read tracking.
  posts: ['feed', 'communities', 'profile'],
  // People and the groups they belong to: a person, a user, colleague search, the directory's filters,
  // group selects, role names.
  people: [
    'auth',
    'communities',
    'feed',
    'people',
    'profile',
    'reports',
    'search',
    'surveys',
    'users',
    'shared/posts',
  ],
  // An account's fields and forms: name, e-mail, job title, password, password change, sign-in options.
  account: ['auth', 'profile', 'sso', 'users'],
};

const userPath = (user) =>
  user === 'app'
    ? '^web/src/app/'
    : user.startsWith('shared/')
      ? `^web/src/${user}/`
      : `^web/src/features/${user}/`;

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
        'A web feature imports lib/, contract/, shared modules that list it and its own folder; domain code ' +
        'two features share is a shared module (web/src/shared/<name>/), generic code lib/.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/(features|app)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-lib-stays-generic',
      comment: 'lib/ knows no domain and no screen: it never imports app/, features/ or shared/.',
      severity: 'error',
      from: { path: '^web/src/lib/' },
      to: { path: '^web/src/(app|features|shared)/' },
    },
    {
      name: 'web-shared-below-features',
      comment: 'A shared module imports lib/, contract/ and shared modules, never app/ or features/.',
      severity: 'error',
      from: { path: '^web/src/shared/' },
      to: { path: '^web/src/(app|features)/' },
    },
    {
      name: 'web-shared-module-listed',
      comment: 'Every shared module has its allow-list in WEB_SHARED; a folder without one may not be used.',
      severity: 'error',
      from: {},
      to: {
        path: '^web/src/shared/',
        pathNot: `^web/src/shared/(${Object.keys(WEB_SHARED).join('|')})/`,
      },
    },
    ...Object.entries(WEB_SHARED).map(([name, users]) => ({
      name: `web-shared-${name}-allow-list`,
      comment: `shared/${name}/ is used only by its own files and by ${users.join(', ')} (WEB_SHARED).`,
      severity: 'error',
      from: {
        path: '^web/src/',
        // The test kit (web/src/test/) renders any screen; test files are not cruised at all.
        pathNot: [`^web/src/shared/${name}/`, '^web/src/test/', ...users.map(userPath)],
      },
      to: { path: `^web/src/shared/${name}/` },
    })),
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
