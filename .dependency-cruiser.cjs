/**
 * The layers of the code, checked on every `npm run lint` (docs/decisions/034-layers-checked-by-the-linter.md).
 *
 *   routes → services → repositories → database
 *
 * A feature is a folder of src/server/features. Its routes are registered by the feature table
 * (features/index.ts) and imported by nothing else; services never import routes; repositories
 * import neither; one feature reaches another's tables through that feature's service, not its
 * repository. No crossing is excused: every import against a rule fails the lint. Which tables
 * each repository may name is checked by tests/unit/table-ownership.test.ts (SQL, not imports).
 */
const FEATURE = '^src/server/features/([^/]+)/';
const REPOSITORY = '-repository\\.ts$';
const ROUTES = '^src/server/features/[^/]+/(routes\\.ts$|routes/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle: one of the two must give way (a shared module, or a callback). Type-only imports do not count: they vanish at run time.',
      from: { path: '^src/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment:
        'The server imports nothing of src/web: it loads the built pages from dist/ssr; what both need is in src/shared.',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'Browser code never imports the server; what both need is in src/shared.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'routes-only-from-the-feature-table',
      severity: 'error',
      comment: 'Routes are registered by features/index.ts (one mechanism); nothing else imports them.',
      from: { path: '^src/', pathNot: ['^src/server/features/index\\.ts$', ROUTES] },
      to: { path: ROUTES },
    },
    {
      name: 'services-not-routes',
      severity: 'error',
      comment: 'A service is called by routes, never the other way round.',
      from: { path: '-service\\.ts$' },
      to: { path: ROUTES },
    },
    {
      name: 'repositories-not-services',
      severity: 'error',
      comment: "A repository reads and writes its tables; what to do with them is a service's.",
      from: { path: REPOSITORY },
      to: { path: ['-service\\.ts$', ROUTES] },
    },
    {
      name: 'no-other-features-repository',
      severity: 'error',
      comment: "One feature reaches another's tables through that feature's service, not its repository.",
      from: { path: FEATURE },
      to: { path: `^src/server/features/[^/]+/.*${REPOSITORY}`, pathNot: '^src/server/features/$1/' },
    },
    {
      name: 'repositories-only-from-their-feature',
      severity: 'error',
      comment:
        "Code outside the features (the wiring, jobs, the seed) reaches a feature's tables through its service too.",
      from: { path: '^src/', pathNot: FEATURE },
      to: { path: `^src/server/features/[^/]+/.*${REPOSITORY}` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data|node_modules)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
