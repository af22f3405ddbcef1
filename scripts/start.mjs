#!/usr/bin/env node
/**
 * The README's start command (after `npm install`): creates .env with a
 * fresh APP_KEY on first run, migrates, seeds the demo data and a demo
 * admin, builds the frontend when needed and serves everything from one
 * process. Prints the URL and the demo admin's credentials. The server
 * runs compiled (build/, recompiled when a source is newer); migrations
 * and seeders run through ace from the sources.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { buildIfNeeded, newestMtime } from './build.mjs'
import { MEMORY_ENV } from './memory_env.mjs'

const root = new URL('..', import.meta.url).pathname
const envFile = join(root, '.env')
const node = process.execPath

function readEnv() {
  if (!existsSync(envFile)) return {}
  return Object.fromEntries(
    readFileSync(envFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('=') && !line.trim().startsWith('#'))
      .map((line) => [line.slice(0, line.indexOf('=')).trim(), line.slice(line.indexOf('=') + 1).trim()])
  )
}

/** First run: a local demo configuration with secrets generated on this machine. */
function ensureEnv() {
  if (existsSync(envFile)) return
  const demoPassword = randomBytes(9).toString('base64url')
  writeFileSync(
    envFile,
    [
      '# Created by `npm start` for the local demo. See .env.example for every option.',
      'NODE_ENV=production',
      'PORT=3333',
      'HOST=0.0.0.0',
      `APP_KEY=${randomBytes(32).toString('base64url')}`,
      'LOG_LEVEL=info',
      'DB_CONNECTION=sqlite',
      // Plain http on localhost for the demo; behind TLS in production set it to true.
      'SESSION_COOKIE_SECURE=false',
      // No Stripe keys here: the labelled sandbox provider takes the payments.
      'ALLOW_SANDBOX_PAYMENTS=true',
      `DEMO_ADMIN_PASSWORD=${demoPassword}`,
      '',
    ].join('\n')
  )
  console.log('Created .env for the local demo.')
}

function buildFrontendIfNeeded() {
  const built = join(root, 'frontend/dist/index.html')
  const sources = Math.max(newestMtime(join(root, 'frontend/src')), statSync(join(root, 'frontend/index.html')).mtimeMs)
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return
  console.log('Building the frontend…')
  execFileSync(node, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
}

const ace = (...args) => execFileSync(node, [join(root, 'ace.js'), ...args], { cwd: root, stdio: 'inherit', env: process.env })

ensureEnv()
mkdirSync(join(root, 'tmp'), { recursive: true })
const env = readEnv()
ace('migration:run', '--force')
ace('db:seed')
buildFrontendIfNeeded()
buildIfNeeded()

const port = process.env.PORT ?? env.PORT ?? '3333'
const server = spawn(node, ['build/backend/bin/server.js'], { cwd: root, stdio: 'inherit', env: { ...MEMORY_ENV, ...process.env } })
setTimeout(() => {
  console.log('')
  console.log(`  Member shop:  http://localhost:${port}/shop/login   (demo member DEMO-1001, born 15.04.1980)`)
  console.log(`  Back-office:  http://localhost:${port}/admin/login  (user admin, password ${env.DEMO_ADMIN_PASSWORD ?? '(see .env)'})`)
  console.log('')
}, 2500)
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill('SIGTERM'))
server.on('exit', (code) => process.exit(code ?? 0))
