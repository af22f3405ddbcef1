#!/usr/bin/env node
/**
 * `npm run build:frontend`: the shop (index.html) and the back-office (admin.html) built one after
 * the other into frontend/dist, each tree-shaken on its own. In one build the two entries share
 * chunks, and a shared module keeps what either entry uses: the shop then downloaded React
 * Router's data-router engine and the MUI parts react-admin needs (docs/benchmarks.md).
 * Then the sign-in pages' renderer for the server (FRONTEND_ENTRY=shell, frontend/dist-ssr).
 * Extra arguments go to every `vite build` run (e.g. --logLevel warn).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const vite = join(root, 'node_modules/vite/bin/vite.js')

function viteBuild(env, args) {
  execFileSync(process.execPath, [vite, 'build', '--config', 'frontend/vite.config.ts', ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
}

/**
 * The shop is built twice: a probe build into a temporary folder lists the modules its first page
 * loads (after tree-shaking), then the real build puts exactly those in one chunk
 * (frontend/vite.config.ts, "first load in one chunk").
 */
export function buildFrontend(extraArgs = []) {
  const probe = mkdtempSync(join(tmpdir(), 'shop-first-load-'))
  try {
    const modules = join(probe, 'modules.json')
    viteBuild({ FRONTEND_ENTRY: 'shop', SHOP_FIRST_LOAD_PROBE: modules }, [
      ...extraArgs,
      '--outDir',
      join(probe, 'dist'),
      '--emptyOutDir',
      '--logLevel',
      'error',
    ])
    viteBuild({ FRONTEND_ENTRY: 'shop', SHOP_FIRST_LOAD: modules }, extraArgs)
  } finally {
    rmSync(probe, { recursive: true, force: true })
  }
  // The back-office likewise: a probe lists the modules of its first screens (vite.config.ts, `admin` groups).
  const adminProbe = mkdtempSync(join(tmpdir(), 'admin-first-load-'))
  try {
    const modules = join(adminProbe, 'modules.json')
    viteBuild({ FRONTEND_ENTRY: 'admin', ADMIN_FIRST_LOAD_PROBE: modules }, [
      ...extraArgs,
      '--outDir',
      join(adminProbe, 'dist'),
      '--emptyOutDir',
      '--logLevel',
      'error',
    ])
    viteBuild({ FRONTEND_ENTRY: 'admin', ADMIN_FIRST_LOAD: modules }, extraArgs)
  } finally {
    rmSync(adminProbe, { recursive: true, force: true })
  }
  // The sign-in pages' server renderer (shop and back-office) (frontend/dist-ssr; backend/services/sign_in_page.ts).
  viteBuild({ FRONTEND_ENTRY: 'shell' }, extraArgs)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildFrontend(process.argv.slice(2))
