import { writeFileSync } from 'node:fs'
import { relative } from 'node:path'
import type { NamedReporterContract } from '@japa/runner/types'

/**
 * A Japa reporter that writes how long each test file took (from its first group's start to its last
 * event, setup hooks included) to `path` as JSON: scripts/run_tests.mjs shares the browser files out
 * between parallel processes by these durations (tests/browser/durations.json).
 */
export function fileTimings(path: string): NamedReporterContract {
  return {
    name: 'file-timings',
    handler: (_runner, emitter) => {
      const spans = new Map<string, { start: number; end: number }>()
      const seen = (fileName: string | undefined) => {
        if (!fileName) return
        const file = relative(process.cwd(), fileName)
        const span = spans.get(file) ?? { start: Date.now(), end: 0 }
        span.end = Date.now()
        spans.set(file, span)
      }
      emitter.on('group:start', (payload) => seen(payload.meta.fileName))
      emitter.on('group:end', (payload) => seen(payload.meta.fileName))
      emitter.on('test:start', (payload) => seen(payload.meta.fileName))
      emitter.on('test:end', (payload) => seen(payload.meta.fileName))
      emitter.on('runner:end', () => {
        const seconds = Object.fromEntries(
          [...spans].map(([file, span]) => [file, Math.round((span.end - span.start) / 100) / 10])
        )
        writeFileSync(path, JSON.stringify(seconds, null, 2) + '\n')
      })
    },
  }
}
