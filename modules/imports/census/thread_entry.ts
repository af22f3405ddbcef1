import type { WorkerOptions } from 'node:worker_threads'

/** A thread's entry file and the Node options it starts with. */
export interface ThreadEntry {
  url: URL
  execArgv?: WorkerOptions['execArgv']
}

/**
 * A thread's entry file next to `base` (an import.meta.url): the .js file when compiled; the .ts
 * source when running from source (tests, ace), started with the project's swc hooks
 * (scripts/swc_register.mjs) instead of the parent's TypeScript loader: that loader costs each
 * thread about 4 s of CPU at start, a thread per census preview.
 */
export function threadEntry(name: string, base: string): ThreadEntry {
  if (!base.endsWith('.ts')) return { url: new URL(`./${name}.js`, base) }
  const register = new URL('../../../scripts/swc_register.mjs', import.meta.url)
  return {
    url: new URL(`./${name}.ts`, base),
    execArgv: ['--no-warnings', `--import=${register.href}`],
  }
}
