import { cpus, loadavg } from 'node:os'

/**
 * A wait limit for this machine now: `ms` on a machine no busier than the test command makes it
 * (one job per core), stretched by how far other work oversubscribes the cores (load 6 on 2 cores:
 * ×3), so a correct build passes beside other work and a slow one still fails on a quiet machine.
 * The limit in the product stays `ms`; only what a shared test machine can show is allowed for.
 */
export function waitLimitOnThisMachine(ms: number) {
  const cores = cpus().length
  const beyondTheRun = Math.max(0, loadavg()[0] - cores)
  return Math.round(ms * (1 + beyondTheRun / cores))
}
