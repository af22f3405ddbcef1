/** Median and 95th percentile (nearest rank) of some durations in milliseconds. */
export function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]
  const round = (ms: number) => Math.round(ms * 10) / 10
  return {
    n: sorted.length,
    median: round(rank(0.5)),
    p95: round(rank(0.95)),
    min: round(sorted[0]),
    max: round(sorted[sorted.length - 1]),
  }
}

export type Summary = ReturnType<typeof summarise>

/** Runs `work` `warmUp` times unmeasured, then `samples` times measured, one after the other; `settle` runs unmeasured before each. */
export async function sample(
  work: () => Promise<unknown>,
  warmUp: number,
  samples: number,
  settle?: () => Promise<unknown>
): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) {
    await settle?.()
    await work()
  }
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    await settle?.()
    const start = performance.now()
    await work()
    times.push(performance.now() - start)
  }
  return times
}
