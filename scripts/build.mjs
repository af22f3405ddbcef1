#!/usr/bin/env node
/**
 * `npm run build`: compiles the server, the CLI and the benchmarks to
 * build/ with tsc, as production runs them (no TypeScript loader in the
 * process: about 100 MB less memory and no compilation at start-up).
 * build/package.json repeats the root's "imports" map so that #modules/…
 * resolves inside build/; node_modules is found at the root.
 *
 * As a module: buildIfNeeded() rebuilds only when a source is newer.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const buildDir = join(root, 'build')
const stamp = join(buildDir, 'package.json')
const SOURCES = [
  'adonisrc.ts',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'backend',
  'modules',
  'config',
  'database',
  'cli',
  'bench',
]

/** Generated or data folders among the sources: their changes need no recompiling. */
const NOT_SOURCES = new Set(['out', 'templates'])
const isTypeScriptSource = (entry) =>
  entry.isDirectory() ? !NOT_SOURCES.has(entry.name) : /\.tsx?$/.test(entry.name)

/**
 * The newest change below `path` among the entries `isSource` keeps (a
 * folder changes when a file is added or deleted). Also used by start.mjs
 * for the frontend.
 */
export function newestMtime(path, isSource = () => true) {
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (isSource(entry)) newest = Math.max(newest, newestMtime(join(path, entry.name), isSource))
  }
  return newest
}

/**
 * `check: false` emits without type checking (tsc --noCheck): the test command's own type check
 * (scripts/run_tests.mjs) covers the same files, so checking them twice would be a core-minute lost.
 */
export function build({ check = true } = {}) {
  console.error('Compiling the server and the CLI to build/…')
  // A clean output: a deleted source must not survive as a stale compiled file.
  rmSync(buildDir, { recursive: true, force: true })
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules/typescript/bin/tsc'),
      '-p',
      join(root, 'tsconfig.build.json'),
      ...(check ? [] : ['--noCheck']),
    ],
    { cwd: root, stdio: ['ignore', process.stderr, process.stderr] }
  )
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
  writeFileSync(
    stamp,
    JSON.stringify(
      { name: `${manifest.name}-build`, private: true, type: 'module', imports: manifest.imports },
      null,
      2
    ) + '\n'
  )
}

export function buildIfNeeded() {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
  if (
    built >=
    Math.max(...SOURCES.map((source) => newestMtime(join(root, source), isTypeScriptSource)))
  )
    return false
  build()
  return true
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    build({ check: !process.argv.includes('--no-check') })
  } catch {
    console.error('The build failed (see the TypeScript errors above).')
    process.exit(1)
  }
}
