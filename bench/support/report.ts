import { loadAverage } from './bench_server.js'

/**
 * One measured row of `npm run bench`: its figure next to the baseline measured in the same
 * run, the ratio, the 1-minute load average when it was measured and whether its target is met.
 */
export interface BenchRow {
  name: string
  /** What was measured, e.g. "p50 42 ms, p99 120 ms, 900 req/s". */
  figure: string
  /** The row's baseline and its value, e.g. "token-config p50 12 ms"; empty for the baseline itself. */
  baseline: string
  /** value / baseline value, or null without one. */
  ratio: number | null
  target: string
  /** null when the row has no target. */
  met: boolean | null
  load: string
}

const headerLines = [
  '| measure | now | baseline (same run) | ratio | target | met | load (1 min) |',
  '|---|---|---|---|---|---|---|',
]

function formatRow(row: BenchRow) {
  const ratio = row.ratio === null ? '—' : `×${row.ratio.toFixed(2)}`
  const met = row.met === null ? '—' : row.met ? 'yes' : '**no**'
  return `| ${row.name} | ${row.figure} | ${row.baseline || '—'} | ${ratio} | ${row.target || '—'} | ${met} | ${row.load} |`
}

/** Prints the rows as the Markdown table docs/benchmarks.md keeps, after the load average now. */
export function printRows(title: string, rows: BenchRow[]) {
  console.log(`\n${title} (load average at the end: ${loadAverage()})\n`)
  for (const line of [...headerLines, ...rows.map(formatRow)]) console.log(line)
  return rows.map(formatRow)
}
