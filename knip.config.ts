/**
 * knip: unused files, exports, types and dependencies (`npm run check:unused`, run by the test command).
 * Entries are the files something loads by path rather than by an import knip can follow; everything
 * they import is checked. Every ignore below says who uses the thing knip cannot see.
 */
import type { KnipConfig } from 'knip'

const config: KnipConfig = {
  entry: [
    // The Adonis application (ace.js is found through package.json's `dev` script): the process
    // entries, and what adonisrc.ts and Adonis load by folder (config/, the migrations and seeders
    // run by ace, the start files and providers).
    'adonisrc.ts',
    'bin/*.ts',
    'backend/bin/*.ts',
    'backend/start/*.ts',
    'backend/providers/*.ts',
    'config/*.ts',
    'database/migrations/*.ts',
    'database/seeders/*.ts',
    // The operators' CLI (scripts/cli.mjs runs its compiled build/cli/index.js).
    'cli/index.ts',
    // The benchmarks (`npm run bench`, bench/*.ts each runnable), and what they start by path: the
    // data workers and the Stripe double of bench/reconciliation.ts.
    'bench/*.ts',
    'bench/workers/*.ts',
    'bench/support/ledger_double.ts',
    // The census threads, started by threadEntry('<name>', import.meta.url)
    // (modules/imports/census/thread_entry.ts).
    'modules/imports/**/*_thread.ts',
    // The tests: Japa's bootstrap and files (adonisrc.ts `tests.suites`), the processes they fork by
    // path, and the thread fixtures of census_limits.spec.ts.
    'tests/bootstrap.ts',
    'tests/**/*.spec.ts',
    'tests/helpers/*_process.ts',
    'tests/unit/imports/fixtures/*_thread.ts',
    // The test command (scripts/test-all.sh runs it; the other scripts are named in package.json).
    'scripts/run_tests.mjs',
    // The frontend: index.html and admin.html name their entries (the vite plugin reads them); the
    // sign-in shells' server build, and the files frontend/vite.config.ts substitutes by path
    // (the object.entries shim, the shop's on-demand MUI parts).
    'frontend/src/signInShells.tsx',
    'frontend/src/shims/object-entries.cjs',
    'frontend/src/common/onDemand/{TouchRipple,TextareaAutosize,CircularProgress,TextField}.tsx',
  ],
  project: ['**/*.{ts,tsx,js,mjs,cjs}'],
  vite: { config: ['frontend/vite.config.ts'] },
  ignoreDependencies: [
    // Read from disk, not imported: the API docs page serves its files
    // (backend/controllers/api_docs_controller.ts resolves swagger-ui-dist/package.json)...
    'swagger-ui-dist',
    // ...and the accessibility checks inject HTMLCS.js into the page (tests/helpers/htmlcs.ts).
    'html_codesniffer',
  ],
  ignoreBinaries: [
    // Debian packages, not npm ones (scripts/test-all.sh installs them): MariaDB's client for the test command's
    // schemas, a Redis server for the session tests, util-linux's `script` for the CLI's terminal tests.
    'mysql',
    'redis-server',
    'script',
  ],
}

export default config
