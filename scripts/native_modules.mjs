/**
 * Makes sure the native modules load in the Node.js running this script (the project's own, from
 * node_modules/.bin): a node_modules installed or built under another Node.js (an older checkout,
 * `npm install` run before the runtime changed) has better-sqlite3 built for another ABI. Rebuilds it
 * then, with the headers the runtime package ships (.npmrc `nodedir`): nothing is downloaded. Builds
 * it too when it was never built (the test command installs with `npm ci --ignore-scripts` and runs
 * this beside its first checks: the compile is a core-minute and a half, scripts/run_tests.mjs).
 */
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

function loads() {
  try {
    const Database = require('better-sqlite3')
    new Database(':memory:').close()
    return true
  } catch (error) {
    if (
      error?.code === 'ERR_DLOPEN_FAILED' ||
      /NODE_MODULE_VERSION|Could not locate the bindings file/.test(String(error))
    )
      return false
    throw error
  }
}

if (!loads()) {
  console.log(`Rebuilding better-sqlite3 for Node.js ${process.version}…`)
  execFileSync('npm', ['rebuild', 'better-sqlite3', '--no-audit', '--no-fund'], {
    stdio: 'inherit',
    // Its two sources (SQLite and the binding) compile at the same time.
    env: { ...process.env, JOBS: process.env.JOBS ?? '2' },
  })
}
