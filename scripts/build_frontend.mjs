#!/usr/bin/env node
/**
 * `npm run build:frontend`: the shop (index.html) and the back-office (admin.html) built one after
 * the other into frontend/dist, each tree-shaken on its own. In one build the two entries share
 * chunks, and a shared module keeps what either entry uses: the shop then downloaded React
 * Router's data-router engine and the MUI parts react-admin needs (docs/benchmarks.md, issue 16).
 * Extra arguments go to both `vite build` runs (e.g. --logLevel warn).
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const vite = join(root, 'node_modules/vite/bin/vite.js')

export function buildFrontend(extraArgs = []) {
  for (const entry of ['shop', 'admin']) {
    execFileSync(process.execPath, [vite, 'build', '--config', 'frontend/vite.config.ts', ...extraArgs], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, FRONTEND_ENTRY: entry },
    })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildFrontend(process.argv.slice(2))
