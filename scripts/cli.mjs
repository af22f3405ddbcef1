#!/usr/bin/env node
/**
 * `npm run cli -- <command>`: the operators' CLI, run compiled like the
 * server (build/cli/index.js, compiled first when a source is newer; the
 * compiler's messages go to stderr so that stdout stays the command's own).
 */
import { buildIfNeeded } from './build.mjs'

try {
  buildIfNeeded()
} catch {
  console.error('The CLI could not be compiled (see the TypeScript errors above).')
  process.exit(1)
}
await import('../build/cli/index.js')
