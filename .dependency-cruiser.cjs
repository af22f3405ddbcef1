/**
 * The boundaries of docs/architecture.md, checked by `npm run check:boundaries` (dependency-cruiser).
 * A module is a folder of modules/; others reach it only through its index.ts.
 */
const SERVER = '^(modules|backend|config|database)/'
const DOOR = '^modules/[^/]+/index\\.ts$'
// The census threads load no booted application: shared's thread-safe half is their door (modules/shared/thread_safe.ts).
const THREAD_DOOR = '^modules/shared/thread_safe\\.ts$'

module.exports = {
  forbidden: [
    {
      name: 'module-door',
      comment: 'Another module is imported only through its index.ts.',
      severity: 'error',
      from: { path: '^modules/([^/]+)/' },
      to: { path: '^modules/[^/]+/', pathNot: ['^modules/$1/', DOOR, THREAD_DOOR] },
    },
    {
      name: 'no-cycle-between-modules',
      comment:
        'No cycle crosses a module boundary (tests/unit/architecture/module_graph.spec.ts also checks the module graph).',
      severity: 'error',
      from: { path: '^modules/([^/]+)/' },
      to: { path: '^modules/', pathNot: '^modules/$1/', circular: true },
    },
    {
      name: 'modules-not-backend',
      comment:
        'The modules do not depend on the application wiring; the validated environment (#start/env) is the one exception.',
      severity: 'error',
      from: { path: '^modules/' },
      to: { path: '^backend/', pathNot: '^backend/start/env\\.ts$' },
    },
    {
      name: 'frontend-not-server',
      comment: 'The frontend never imports server code.',
      severity: 'error',
      from: { path: '^frontend/' },
      to: { path: SERVER },
    },
    {
      name: 'cli-module-door',
      comment:
        "The CLI calls modules only through their index.ts (or shared's thread-safe half, which parses arguments before the application boots).",
      severity: 'error',
      from: { path: '^cli/' },
      to: { path: '^modules/', pathNot: [DOOR, THREAD_DOOR] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|frontend/dist|build|tmp)/' },
    tsPreCompilationDeps: true,
    // The package.json "imports" (#modules/* …) as paths, which dependency-cruiser resolves.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
